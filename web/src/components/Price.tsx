import { t } from '../lib/i18n';
import { formatMoney, formatUnitPrice } from '../lib/format/money';
import { useTaxNotice } from './taxNotice';

interface Props {
  /** Current price in cents. */
  price: number;
  /** Regular price; shown struck through when higher than `price`. */
  regular?: number;
  /** Variable products: "ab …". */
  from?: boolean;
  shippingPage: string;
  notices?: boolean;
  /** Grundpreis (PAngV), shown right after the price. */
  unit?: { price: number; max_price: number; base: string } | null | undefined;
  /** Lowest price of the 30 days before the reduction (Omnibus), in cents; shown with a struck-through price. */
  lowest?: number | null | undefined;
  /** The deposit charged beside the price (§ 7 PAngV). */
  deposit?: Deposit;
  /** Said in place of "inkl. MwSt." (the server's words for goods under the margin scheme). */
  taxNotice?: string | null | undefined;
}

/** A deposit as the server words it: "zzgl. 0,25 € Pfand (Einweg)". */
type Deposit = { notice: string } | null | undefined;

/** A price as German law wants it shown: with "inkl. MwSt." and "zzgl. Versandkosten". */
export function Price({ price, regular, from = false, shippingPage, notices = true, unit, lowest, deposit, taxNotice: own }: Props) {
  const onSale = regular !== undefined && regular > price;
  const taxNotice = useTaxNotice(own);

  return (
    <div className="price">
      <span className="price__amount">
        {from && <span className="price__from">{t('from')} </span>}
        {/* Read as "Ursprünglicher Preis: …" and "Aktueller Preis: …": a label on del/ins is not read (naming is prohibited there). */}
        {onSale && (
          <del>
            <span className="visually-hidden">{t('Original price')}: </span>
            {formatMoney(regular)}
          </del>
        )}{' '}
        <ins className={onSale ? 'price__sale' : undefined}>
          {onSale && <span className="visually-hidden">{t('Current price')}: </span>}
          {formatMoney(price)}
        </ins>
      </span>
      <PriceDetails unit={unit} deposit={deposit} />
      {onSale && typeof lowest === 'number' && (
        <span className="price__lowest" data-testid="lowest-price">
          {t('Lowest price of the last 30 days: %s', formatMoney(lowest))}
        </span>
      )}
      {notices && (
        <span className="price__notice">
          {taxNotice}, <a href={shippingPage}>{t('plus shipping')}</a>
        </span>
      )}
    </div>
  );
}

/**
 * What the law has said beside a price: the Grundpreis, "(47,60 € / 1 kg)", and the deposit,
 * "zzgl. 0,25 € Pfand (Einweg)"; nothing for goods without them.
 */
export function PriceDetails({ unit, deposit, note }: { unit: Props['unit']; deposit?: Deposit; note?: string | null }) {
  const text = formatUnitPrice(unit);
  return (
    <>
      {text && (
        <span className="price__unit" data-testid="unit-price">
          ({text})
        </span>
      )}
      {deposit && <span className="price__deposit">{deposit.notice}</span>}
      {note && <span className="price__deposit">{note}</span>}
    </>
  );
}
