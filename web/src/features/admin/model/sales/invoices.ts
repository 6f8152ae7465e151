import type { InvoiceOut } from '../../../../generated/wire';
import { t } from '../../../../lib/i18n';

/** "Rechnung", "Rechnung (storniert)", "Stornorechnung" or "Teilstornorechnung" (a refund's). */
export function invoiceKindLabel(i: Pick<InvoiceOut, 'kind' | 'cancelled' | 'partial'>): string {
  if (i.kind === 'cancellation') return i.partial ? t('Partial cancellation invoice') : t('Cancellation invoice');
  return i.cancelled ? t('Invoice (cancelled)') : t('Invoice');
}

/** The month before or after `month` (`2026-11`). */
export function shiftMonth(month: string, by: number): string {
  const m = /^(\d{4})-(\d{2})$/.exec(month);
  if (!m) return month;
  const index = Number(m[1]) * 12 + Number(m[2]) - 1 + by;
  const year = Math.floor(index / 12);
  return `${String(year).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** The month of an ISO date (`2026-11-26T…` → `2026-11`). */
export function monthOf(iso: string): string {
  return iso.slice(0, 7);
}

/** The quarter a month (`2026-11`) falls in, as the server names periods (`2026-Q4`). */
export function quarterOf(month: string): string {
  const m = /^(\d{4})-(\d{2})$/.exec(month);
  if (!m) return month;
  return `${m[1]}-Q${Math.ceil(Number(m[2]) / 3)}`;
}
