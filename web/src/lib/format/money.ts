/**
 * German money formatting (`1.234,56 €`), by hand: QuickJS, which renders
 * pages on the server, has no Intl. Must match the server's `Money::format_de`
 * and `Intl.NumberFormat('de-DE', {style: 'currency', currency: 'EUR'})`.
 */
export function formatMoney(cents: number | string): string {
  const n = typeof cents === 'string' ? Number.parseInt(cents, 10) : cents;
  const value = Number.isFinite(n) ? Math.trunc(n) : 0;
  const negative = value < 0;
  const abs = Math.abs(value);
  const euros = Math.floor(abs / 100).toString();
  const rest = (abs % 100).toString().padStart(2, '0');
  const grouped = euros.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${negative ? '-' : ''}${grouped},${rest}\u00a0€`;
}

/** `21.11.2026` from an ISO date, without Intl. */
export function formatDate(iso: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  return m ? `${m[3]}.${m[2]}.${m[1]}` : '';
}

/** `21.11.2026, 20:15 Uhr` from a local ISO date and time, without Intl. */
export function formatDateTime(iso: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(iso);
  return m ? `${m[3]}.${m[2]}.${m[1]}, ${m[4]}:${m[5]} Uhr` : '';
}

/**
 * A price as typed in a German form ("12,90", "1.234,50", "12.90", "12") →
 * WooCommerce's decimal string ("12.90"); "" stays "" (no price); `null` if it is not a price.
 */
export function parseMoneyInput(text: string): string | null {
  const s = text.trim().replace(/\s|€/g, '');
  if (s === '') return '';
  let euros: string;
  let cents = '';
  const m = /^(\d{1,3}(?:\.\d{3})+|\d+)(?:[,.](\d{1,2}))?$/.exec(s);
  if (m) {
    euros = (m[1] ?? '').replace(/\./g, '');
    cents = m[2] ?? '';
  } else {
    return null;
  }
  return `${Number.parseInt(euros, 10)}.${cents.padEnd(2, '0')}`;
}

/** WooCommerce's "12.90" → the German form value "12,90" ("" stays ""). */
export function moneyInputValue(decimal: string): string {
  return decimal === '' ? '' : decimal.replace('.', ',');
}

/**
 * A Grundpreis as German shops print it next to the price: `47,60 € / 1 kg`, a range
 * `17,98 € – 21,50 € / 1 kg`; `null` when there is none.
 */
export function formatUnitPrice(u: { price: number; max_price: number; base: string } | null | undefined): string | null {
  if (!u || !u.base) return null;
  const amount = u.max_price > u.price ? `${formatMoney(u.price)} – ${formatMoney(u.max_price)}` : formatMoney(u.price);
  return `${amount} / ${u.base}`;
}
