import { t } from '../../../lib/i18n';
import { Field, InputField, SelectField } from '../components/Field';
import type { FormErrors, ProductForm } from '../model/productForm';

const BACKORDERS: ReadonlyArray<[ProductForm['backorders'], string]> = [
  ['no', 'Do not allow'],
  ['notify', 'Allow, but notify customer'],
  ['yes', 'Allow'],
];

/** The product's shipping data, sale rules and links to other products (WooCommerce's "Versand" and "Verknüpfte Produkte"). */
export function ProductShipping({
  form,
  set,
  errors,
}: {
  form: ProductForm;
  set: (patch: Partial<ProductForm>) => void;
  errors: FormErrors;
}) {
  const measure = (label: string, key: 'weight' | 'length' | 'width' | 'height', error: string) => (
    <InputField label={label} error={errors[error]} inputMode="decimal" value={form[key]} onChange={(v) => set({ [key]: v })} />
  );
  return (
    <fieldset className="admin-panel">
      <legend>{t('Shipping and linked products')}</legend>
      <div className="admin-row">
        {measure(t('Weight (kg)'), 'weight', 'weight')}
        {measure(t('Length (cm)'), 'length', 'dimensions.length')}
        {measure(t('Width (cm)'), 'width', 'dimensions.width')}
        {measure(t('Height (cm)'), 'height', 'dimensions.height')}
      </div>
      <div className="admin-row">
        <SelectField
          label={t('Backorders')}
          error={errors['backorders']}
          value={form.backorders}
          options={BACKORDERS}
          onChange={(backorders) => set({ backorders })}
        />
        <label className="admin-check">
          <input type="checkbox" checked={form.soldIndividually} onChange={(e) => set({ soldIndividually: e.target.checked })} />{' '}
          {t('Sold individually (one per order)')}
        </label>
      </div>
      <div className="admin-row">
        <InputField
          label={t('Upsells (IDs)')}
          error={errors['upsell_ids']}
          inputMode="numeric"
          value={form.upsellIds}
          onChange={(upsellIds) => set({ upsellIds })}
        />
        <InputField
          label={t('Cross-sells (IDs)')}
          error={errors['cross_sell_ids']}
          inputMode="numeric"
          value={form.crossSellIds}
          onChange={(crossSellIds) => set({ crossSellIds })}
        />
      </div>
      <Field label={t('Purchase note')} error={errors['purchase_note']}>
        {(p) => <textarea {...p} rows={2} value={form.purchaseNote} onChange={(e) => set({ purchaseNote: e.target.value })} />}
      </Field>
    </fieldset>
  );
}
