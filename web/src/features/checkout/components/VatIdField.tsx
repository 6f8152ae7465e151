import { t } from '../../../lib/i18n';

/**
 * A business customer's VAT id (USt-IdNr.), printed on the invoice. The server checks it for
 * the billing country; with the shop's reverse charge, a business in another EU country pays
 * no VAT, which the hint says.
 */
export function VatIdField({
  value,
  onChange,
  onBlur,
  problem,
  reverseCharge,
}: {
  value: string;
  onChange: (v: string) => void;
  /** The field is left: the checkout prices the cart for the id. */
  onBlur?: () => void;
  problem: string | undefined;
  reverseCharge: boolean;
}) {
  const described = [reverseCharge ? 'vat_id-hint' : '', problem ? 'vat_id-error' : ''].filter(Boolean).join(' ');
  return (
    <div className="field field--vat_id">
      <label htmlFor="vat_id">{t('VAT ID (optional, for businesses)')}</label>
      <input
        id="vat_id"
        name="vat_id"
        type="text"
        autoComplete="off"
        spellCheck={false}
        value={value}
        aria-invalid={problem ? true : undefined}
        aria-describedby={described || undefined}
        onChange={(e) => onChange(e.target.value)}
        onBlur={onBlur}
      />
      {reverseCharge && (
        <small id="vat_id-hint">{t('Businesses from another EU country with a valid VAT ID pay no VAT (reverse charge).')}</small>
      )}
      {problem && (
        <span id="vat_id-error" className="field__error">
          {problem}
        </span>
      )}
    </div>
  );
}
