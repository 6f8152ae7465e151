/** The coupon form of the admin: what staff type, checked, and the wc/v3 body it becomes. */
import { t } from '../../../../lib/i18n';

export interface WcCoupon {
  id: number;
  code: string;
  discount_type: 'percent' | 'fixed_cart';
  amount: string;
  usage_count: number;
  usage_limit: number | null;
  minimum_amount: string;
  date_expires: string | null;
  /** WooCommerce's „Kostenlosen Versand erlauben“. */
  free_shipping: boolean;
}

export interface CouponForm {
  code: string;
  type: 'percent' | 'fixed_cart';
  /** German decimal as typed: "10" or "12,5" (percent), "5,00" (euros). */
  amount: string;
  minimum: string;
  usageLimit: string;
  /** `YYYY-MM-DD` from a date field, or empty. */
  expires: string;
  /** The cart is offered free shipping (with or without a discount). */
  freeShipping: boolean;
}

export const EMPTY_COUPON: CouponForm = {
  code: '',
  type: 'percent',
  amount: '',
  minimum: '',
  usageLimit: '',
  expires: '',
  freeShipping: false,
};

/** "12,5" or "12.50" → "12.50"; null when it is no amount. */
function decimal(text: string): string | null {
  const s = text.trim().replace(',', '.');
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(s)) return null;
  return Number(s).toFixed(2);
}

/** The wc/v3 body, or the problems by field (the server checks again). */
export function couponPayload(f: CouponForm): { data: Record<string, unknown> } | { errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const code = f.code.trim();
  if (!code) errors['code'] = t('Please enter a coupon code.');
  const amount = decimal(f.amount);
  if (amount === null) errors['amount'] = t('Please enter an amount such as 10 or 5,50.');
  else if (f.type === 'percent' && Number(amount) > 100) errors['amount'] = t('A percentage coupon takes at most 100 %.');
  const minimum = f.minimum.trim() ? decimal(f.minimum) : '';
  if (minimum === null) errors['minimum_amount'] = t('Please enter an amount such as 10 or 5,50.');
  const limit = f.usageLimit.trim();
  if (limit && !/^\d{1,9}$/.test(limit)) errors['usage_limit'] = t('Please enter a whole number, or leave the field empty for no limit.');
  if (f.expires && !/^\d{4}-\d{2}-\d{2}$/.test(f.expires)) errors['date_expires'] = t('Please enter a date.');
  if (Object.keys(errors).length > 0) return { errors };
  return {
    data: {
      code,
      discount_type: f.type,
      amount,
      minimum_amount: minimum,
      usage_limit: limit ? Number(limit) : null,
      free_shipping: f.freeShipping,
      // The coupon holds through the chosen day.
      date_expires: f.expires ? `${f.expires}T23:59:59` : null,
    },
  };
}
