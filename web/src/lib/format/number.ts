/**
 * A whole number of small units as a German decimal of larger ones, by hand (QuickJS, which renders
 * pages on the server, has no Intl): `germanDecimal(907, 1000)` → `0,907`, `germanDecimal(254, 10)`
 * → `25,4`, `germanDecimal(1234000, 1000)` → `1.234`. Trailing zeros of the fraction go.
 */
export function germanDecimal(value: number, per: number): string {
  const n = Math.trunc(Number.isFinite(value) ? value : 0);
  const abs = Math.abs(n);
  const digits = String(per).length - 1;
  const whole = Math.floor(abs / per)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  const fraction = (abs % per).toString().padStart(digits, '0').replace(/0+$/, '');
  return `${n < 0 ? '-' : ''}${whole}${fraction ? `,${fraction}` : ''}`;
}

/**
 * A VAT rate as the Store API writes it (`19%`, `5.5%`: the server writes no trailing zeros) as
 * German text: `19 %`, `5,5 %`.
 */
export function formatVatRate(rate: string): string {
  return rate.replace('.', ',').replace('%', ' %');
}
