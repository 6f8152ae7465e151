import { t } from '../../../lib/i18n';
import { InputField, SelectField } from '../components/Field';
import type { FormErrors, ProductForm, TaxStatus } from '../model/productForm';

const TAX_STATUSES: ReadonlyArray<[TaxStatus, string]> = [
  ['taxable', 'Taxable'],
  ['shipping', 'Shipping only'],
  ['none', 'None'],
];

/** A scheduled sale's first and last day (simple and external products) and the tax status (every type). */
export function ProductSaleTax({
  form,
  set,
  errors,
}: {
  form: ProductForm;
  set: (patch: Partial<ProductForm>) => void;
  errors: FormErrors;
}) {
  const dated = form.type === 'simple' || form.type === 'external';
  return (
    <div className="admin-row">
      {dated && (
        <>
          <InputField
            label={t('Sale from')}
            hint={t('Empty: at once.')}
            error={errors['date_on_sale_from']}
            type="date"
            value={form.saleFrom}
            onChange={(saleFrom) => set({ saleFrom })}
          />
          <InputField
            label={t('Sale until')}
            hint={t('Empty: until further notice.')}
            error={errors['date_on_sale_to']}
            type="date"
            value={form.saleTo}
            onChange={(saleTo) => set({ saleTo })}
          />
        </>
      )}
      <SelectField
        label={t('Tax status')}
        error={errors['tax_status']}
        value={form.taxStatus}
        options={TAX_STATUSES}
        onChange={(taxStatus) => set({ taxStatus })}
      />
    </div>
  );
}
