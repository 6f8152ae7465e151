import { t } from '../../../lib/i18n';
import { Field, InputField } from '../components/Field';
import { taxStatusOf, type FormErrors, type ProductForm, type TaxStatus } from '../model/productForm';

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
      <Field label={t('Tax status')} error={errors['tax_status']}>
        {(p) => (
          <select {...p} value={form.taxStatus} onChange={(e) => set({ taxStatus: taxStatusOf(e.target.value) })}>
            {TAX_STATUSES.map(([v, label]) => (
              <option key={v} value={v}>
                {t(label)}
              </option>
            ))}
          </select>
        )}
      </Field>
    </div>
  );
}
