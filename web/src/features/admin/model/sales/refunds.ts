import type { WcOrder } from '../../../../generated/wire';
import { parseMoneyInput } from '../../../../lib/format/money';
import { t } from '../../../../lib/i18n';
import type { RefundRequest } from '../../../../lib/staff/staffApi';
import { cents } from '../types';

/** The refund form as typed: units back per order line (by line id), an amount, a reason. */
export interface RefundForm {
  quantities: Record<number, string>;
  amount: string;
  reason: string;
  restock: boolean;
}

/** The lines a refund can take back, by their id: the goods, then the deposits on them (their fee lines). */
export function refundLines(order: Pick<WcOrder, 'line_items' | 'fee_lines'>): Array<{ id: number; name: string; quantity: number }> {
  return [...order.line_items, ...order.fee_lines.map((f) => ({ id: f.id, name: f.name, quantity: f.laden_quantity }))];
}

/** Statuses an order takes no refund in: not placed yet, or closed. */
const NOT_REFUNDABLE = ['checkout-draft', 'cancelled', 'refunded', 'failed'];

/** Cents refunded so far (refund totals are negative on the order). */
export function refundedCents(order: Pick<WcOrder, 'refunds'>): number {
  return order.refunds.reduce((sum, r) => sum - cents(r.total), 0);
}

/** Cents still to refund, or 0 when the order takes no refund. */
export function refundableCents(order: Pick<WcOrder, 'refunds' | 'status' | 'total'>): number {
  if (NOT_REFUNDABLE.includes(order.status)) return 0;
  return Math.max(0, cents(order.total) - refundedCents(order));
}

/** Whether the order's payment is paid back by its provider (a Stripe payment made), not by staff. */
export function paidBackByProvider(order: Pick<WcOrder, 'payment_method' | 'transaction_id'>): boolean {
  return order.payment_method.startsWith('stripe') && order.transaction_id.startsWith('pi_');
}

/**
 * The request for a form, or the field to fix and why: whole units from 0 to the line's quantity,
 * an amount as a German price, and at least units or an amount. `byProvider`: the provider pays
 * it back (`api_refund`), else staff have.
 */
export function refundRequest(
  form: RefundForm,
  lines: ReadonlyArray<{ id: number; quantity: number }>,
  byProvider = false,
): { ok: true; request: RefundRequest } | { ok: false; field: string; message: string } {
  const items: Array<{ id: number; quantity: number }> = [];
  for (const line of lines) {
    const text = (form.quantities[line.id] ?? '').trim();
    if (text === '') continue;
    const n = /^\d+$/.test(text) ? Number(text) : Number.NaN;
    if (!Number.isInteger(n) || n > line.quantity) {
      return { ok: false, field: `line-${line.id}`, message: t('Enter whole units from 0 to %d.', line.quantity) };
    }
    if (n > 0) items.push({ id: line.id, quantity: n });
  }
  const amount = parseMoneyInput(form.amount);
  if (amount === null) return { ok: false, field: 'amount', message: t('Enter an amount such as 12,90.') };
  if (amount === '' && items.length === 0) {
    return { ok: false, field: 'amount', message: t('Enter units to take back or an amount to refund.') };
  }
  const request: RefundRequest = { api_refund: byProvider, api_restock: form.restock, reason: form.reason.trim(), line_items: items };
  if (amount !== '') request.amount = amount;
  return { ok: true, request };
}
