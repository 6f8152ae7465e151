import { t } from '../../../lib/i18n';
import { InputField, SelectField } from '../components/Field';
import type { TaxStatus } from '../model/productForm';
import { bindProduct, type ProductPanelProps } from './productPanel';

const TAX_STATUSES: ReadonlyArray<[TaxStatus, string]> = [
  ['taxable', 'Taxable'],
  ['shipping', 'Shipping only'],
  ['none', 'None'],
];

/** A scheduled sale's first and last day (simple and external products) and the tax status (every type). */
export function ProductSaleTax(props: ProductPanelProps) {
  const bind = bindProduct(props);
  const dated = props.form.type === 'simple' || props.form.type === 'external';
  return (
    <div className="admin-row">
      {dated && (
        <>
          <InputField label={t('Sale from')} hint={t('Empty: at once.')} type="date" {...bind('saleFrom', 'date_on_sale_from')} />
          <InputField label={t('Sale until')} hint={t('Empty: until further notice.')} type="date" {...bind('saleTo', 'date_on_sale_to')} />
        </>
      )}
      <SelectField label={t('Tax status')} options={TAX_STATUSES} {...bind('taxStatus', 'tax_status')} />
    </div>
  );
}
