import { t } from '../lib/i18n';
import { formatMoney, formatUnitPrice } from '../lib/format/money';
import { useTaxNotice } from './taxNotice';
import type { UnitPrice, VariationDetail } from '../generated/wire';

/**
 * What the server says beside a price, as a product's `extensions.laden` and a variation carry
 * it: the Grundpreis (PAngV), the lowest price of the 30 days before a reduction (Omnibus; shown
 * with a struck-through price), the deposit (§ 7 PAngV), what is said in place of "inkl. MwSt."
 * (goods under the margin scheme) and the shop's words before a reduced offer's two prices.
 */
export type PriceFacts =
  Partial<Pick<VariationDetail, 'unit_price' | 'lowest_price' | 'deposit' | 'tax_notice' | 'sale_labels'>> | null | undefined;

interface Props {
  /** Current price in cents. */
  price: number;
  /** Regular price; shown struck through when higher than `price`. */
  regular?: number | undefined;
  /** Variable products: "ab …". */
  from?: boolean;
  shippingPage: string;
  notices?: boolean;
  facts: PriceFacts;
}

/** What a line of a cart or order states beside its price (`extensions.laden`). */
type LineFacts = { unit_price?: UnitPrice | null; deposit?: { notice: string } | null; tax_notice?: string | null } | null | undefined;

/** A price as German law wants it shown: with "inkl. MwSt." and "zzgl. Versandkosten". */
export function Price({ price, regular, from = false, shippingPage, notices = true, facts: f }: Props) {
  const lowest = f?.lowest_price;
  const labels = f?.sale_labels;
  const taxNotice = useTaxNotice(f?.tax_notice);
  const onSale = regular !== undefined && regular > price;

  return (
    <div className="price">
      <span className="price__amount">
        {from && <span className="price__from">{t('from')} </span>}
        {/* Read as "Ursprünglicher Preis: …" and "Aktueller Preis: …", or the shop's labels, shown: a label on del/ins is not read (naming is prohibited there). */}
        {onSale && (
          <del>
            {said(labels?.strike, t('Original price'))}
            {formatMoney(regular)}
          </del>
        )}{' '}
        <ins className={onSale ? 'price__sale' : undefined}>
          {onSale && said(labels?.sale, t('Current price'))}
          {formatMoney(price)}
        </ins>
      </span>
      <PriceDetails facts={f} note={false} />
      {onSale && typeof lowest === 'number' && (
        <span className="price__lowest">{t('Lowest price of the last 30 days: %s', formatMoney(lowest))}</span>
      )}
      {notices && (
        <span className="price__notice">
          {taxNotice}, <a href={shippingPage}>{t('plus shipping')}</a>
        </span>
      )}
    </div>
  );
}

/** A price's label: the shop's, shown (and not struck through), else `hidden` for screen readers. */
function said(shown: string | null | undefined, hidden: string) {
  return <span className={shown ? 'price__label' : 'visually-hidden'}>{shown ?? hidden}: </span>;
}

/**
 * What the law has said beside a price, from a product's, variation's or line's facts: the
 * Grundpreis, "(47,60 € / 1 kg)", the deposit, "zzgl. 0,25 € Pfand (Einweg)", and (unless `note`
 * is false, where the price's own notice says it) the margin scheme's words; nothing for goods
 * without them.
 */
export function PriceDetails({ facts: f, note = true }: { facts: LineFacts; note?: boolean }) {
  const text = formatUnitPrice(f?.unit_price);
  const margin = note && f?.tax_notice;
  return (
    <>
      {text && <span className="price__unit">({text})</span>}
      {f?.deposit && <span className="price__deposit">{f.deposit.notice}</span>}
      {margin && <span className="price__deposit">{margin}</span>}
    </>
  );
}
