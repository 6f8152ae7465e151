import { N_, t } from '../../../lib/i18n';

/** WooCommerce's order statuses, in the order the admin offers them. */
export const ORDER_STATUSES = ['pending', 'processing', 'on-hold', 'completed', 'cancelled', 'refunded', 'failed'] as const;

export function orderStatusLabel(status: string): string {
  switch (status) {
    case 'pending':
      return t('Pending payment');
    case 'processing':
      return t('Processing');
    case 'on-hold':
      return t('On hold');
    case 'completed':
      return t('Completed');
    case 'cancelled':
      return t('Cancelled');
    case 'refunded':
      return t('Refunded');
    case 'failed':
      return t('Failed');
    default:
      return status;
  }
}

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

/** `meta_data` → rows (label, value) for the attribution box; unknown keys are left out. */
/** An order e-mail's kind, in German. */
export function mailKindLabel(kind: string): string {
  switch (kind) {
    case 'order_confirmation':
      return t('Order confirmation');
    case 'shipping_notice':
      return t('Shipping notice');
    case 'withdrawal_receipt':
      return t('Withdrawal receipt');
    case 'withdrawal_notice':
      return t('Withdrawal notice to the shop');
    case 'invoice':
      return t('Invoice');
    default:
      return kind;
  }
}

/** An order e-mail's delivery state, in German: sent, waiting for another try, or given up. */
export function mailStatusLabel(status: string, attempts: number): string {
  if (status === 'sent') return t('Sent');
  if (status === 'failed') return t('Failed after %d attempts', attempts);
  return attempts > 0 ? t('Waiting for attempt %d', attempts + 1) : t('Waiting');
}

export function attributionRows(meta: ReadonlyArray<{ key: string; value: unknown }>): Array<[string, string]> {
  const values = new Map(
    meta
      .filter((m) => m.key.startsWith('_wc_order_attribution_'))
      .map((m) => [m.key.slice('_wc_order_attribution_'.length), String(m.value ?? '')]),
  );
  return ATTRIBUTION_LABELS.filter(([k]) => values.has(k)).map(([k, label]) => [t(label), values.get(k) ?? '']);
}
