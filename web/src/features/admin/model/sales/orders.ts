import { N_, t, tLabel } from '../../../../lib/i18n';
import type { WcFeeLine, WcLineItem, WcOrder } from '../../../../generated/wire';
import { MAIL_KINDS, ORDER_STATUS_LABELS } from '../choices';
import { cents } from '../types';

export const ORDER_STATUSES = ORDER_STATUS_LABELS.map(([status]) => status);

export const orderStatusLabel = (status: string): string => tLabel(ORDER_STATUS_LABELS, status);

/** The order-attribution meta WooCommerce shows on an order, with German labels, in its order. */
const ATTRIBUTION_LABELS: Array<[string, string]> = [
  ['source_type', N_('Source type')],
  ['utm_source', N_('Source')],
  ['utm_medium', N_('Medium')],
  ['utm_campaign', N_('Campaign')],
  ['utm_content', N_('Content')],
  ['utm_term', N_('Term')],
  ['utm_id', N_('Campaign ID')],
  ['referrer', N_('Referrer')],
  ['session_entry', N_('Entry page')],
  ['session_start_time', N_('Session start')],
  ['session_pages', N_('Pages viewed')],
  ['session_count', N_('Visits')],
  ['user_agent', N_('Browser')],
  ['device_type', N_('Device type')],
];

/** An order e-mail's kind, in German. */
export const mailKindLabel = (kind: string): string => tLabel(MAIL_KINDS, kind);

/** An order e-mail's delivery state, in German: sent, waiting for another try, or given up. */
export function mailStatusLabel(status: string, attempts: number): string {
  if (status === 'sent') return t('Sent');
  if (status === 'failed') return t('Failed after %d attempts', attempts);
  return attempts > 0 ? t('Waiting for attempt %d', attempts + 1) : t('Waiting');
}

/** `meta_data` → rows (label, value) for the attribution box; unknown keys are left out. */
export function attributionRows(meta: ReadonlyArray<{ key: string; value: unknown }>): Array<[string, string]> {
  const values = new Map(
    meta
      .filter((m) => m.key.startsWith('_wc_order_attribution_'))
      .map((m) => [m.key.slice('_wc_order_attribution_'.length), String(m.value ?? '')]),
  );
  return ATTRIBUTION_LABELS.filter(([k]) => values.has(k)).map(([k, label]) => [t(label), values.get(k) ?? '']);
}

/** A line's gross amount as sold, before coupons, in cents (WooCommerce's line amounts are net with the VAT beside). */
export const lineGrossCents = (line: Pick<WcLineItem, 'subtotal' | 'subtotal_tax'>): number =>
  cents(line.subtotal) + cents(line.subtotal_tax);

/** A fee (a deposit) as the customer paid it, in cents. */
export const feeGrossCents = (fee: Pick<WcFeeLine, 'total' | 'total_tax'>): number => cents(fee.total) + cents(fee.total_tax);

/** Shipping as the customer paid it, in cents. */
export const shippingGrossCents = (order: Pick<WcOrder, 'shipping_total' | 'shipping_tax'>): number =>
  cents(order.shipping_total) + cents(order.shipping_tax);
