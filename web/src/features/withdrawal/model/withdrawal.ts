import { t } from '../../../lib/i18n';

/** What the server tells about the order being withdrawn from. */
export interface WithdrawalOrder {
  order_number: string;
  date_label: string;
  total: number;
  items: Array<{ name: string; quantity: number }>;
  withdrawn_at: string | null;
  message?: string;
}

export interface IdentifyForm {
  order: string;
  email: string;
}

/** Field problems of step one (order number and e-mail), before asking the server. */
export function identifyProblems(f: IdentifyForm): Partial<Record<keyof IdentifyForm, string>> {
  const out: Partial<Record<keyof IdentifyForm, string>> = {};
  if (!/^#?\s*\d+\s*$/.test(f.order.trim())) out.order = t('Please enter your order number.');
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(f.email.trim())) out.email = t('Please enter a valid email address.');
  return out;
}

export function parseWithdrawalOrder(raw: unknown): WithdrawalOrder {
  const r = raw as Partial<WithdrawalOrder> | null;
  if (!r || typeof r.order_number !== 'string' || !Array.isArray(r.items)) throw new Error('unexpected withdrawal response');
  return r as WithdrawalOrder;
}
