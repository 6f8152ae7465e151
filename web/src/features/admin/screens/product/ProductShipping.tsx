import { t } from '../../../../lib/i18n';
import { Field, InputField, SelectField, CheckField } from '../../components/Field';
import { bindProduct, type ProductPanelProps } from './productPanel';
import { BACKORDERS } from '../../model/choices';
import { FieldPanel } from '../../components/Panel';
import type { WcTerm } from '../../../../generated/wire';

/**
 * The product's shipping data (with its shipping class among the shop's `classes`), sale rules and
 * links to other products (WooCommerce's "Versand" and "Verknüpfte Produkte").
 */
export function ProductShipping(props: ProductPanelProps & { classes: WcTerm[] }) {
  const { form, set, classes } = props;
  const classOptions: Array<[string, string]> = [['', t('None')], ...classes.map((c): [string, string] => [c.slug, c.name])];
  const bind = bindProduct(props);
  const measure = (label: string, key: 'weight' | 'length' | 'width' | 'height', server: string) => (
    <InputField label={label} inputMode="decimal" {...bind(key, server)} />
  );
  return (
    <FieldPanel legend={t('Shipping and linked products')}>
      <div className="admin-row">
        {measure(t('Weight (kg)'), 'weight', 'weight')}
        {measure(t('Length (cm)'), 'length', 'dimensions.length')}
        {measure(t('Width (cm)'), 'width', 'dimensions.width')}
        {measure(t('Height (cm)'), 'height', 'dimensions.height')}
        <SelectField label={t('Shipping class')} options={classOptions} {...bind('shippingClass', 'shipping_class')} />
      </div>
      <div className="admin-row">
        <SelectField label={t('Backorders')} options={BACKORDERS} {...bind('backorders', 'backorders')} />
        <CheckField
          label={t('Sold individually (one per order)')}
          checked={form.soldIndividually}
          onChange={(checked) => set({ soldIndividually: checked })}
        />
      </div>
      <div className="admin-row">
        <InputField label={t('Upsells (IDs)')} inputMode="numeric" {...bind('upsellIds', 'upsell_ids')} />
        <InputField label={t('Cross-sells (IDs)')} inputMode="numeric" {...bind('crossSellIds', 'cross_sell_ids')} />
      </div>
      <Field label={t('Purchase note')} error={props.errors['purchase_note']}>
        {(p) => <textarea {...p} rows={2} value={form.purchaseNote} onChange={(e) => set({ purchaseNote: e.target.value })} />}
      </Field>
    </FieldPanel>
  );
}
