import { t } from '../../../../lib/i18n';
import { InputField, SelectField } from '../../components/Field';
import { bindProduct, type ProductPanelProps } from './productPanel';
import { TAX_CLASSES, TAX_STATUSES } from '../../model/choices';

/** The sale price labels (but a grouped product's), a scheduled sale's first and last day (simple and external products), the tax status and class (every type). */
export function ProductSaleTax(props: ProductPanelProps) {
  const bind = bindProduct(props);
  const dated = props.form.type === 'simple' || props.form.type === 'external';
  return (
    <>
      {props.form.type !== 'grouped' && (
        <div className="admin-row">
          <InputField
            label={t('Strike price label')}
            hint={t('Shown before the struck price while on sale, e.g. UVP: a price label from the settings. Empty: the default.')}
            {...bind('saleLabel', 'meta_data._sale_price_label')}
          />
          <InputField
            label={t('Sale price label')}
            hint={t('Shown before the reduced price, e.g. Neuer Preis. Empty: the default.')}
            {...bind('saleRegularLabel', 'meta_data._sale_price_regular_label')}
          />
        </div>
      )}
      <div className="admin-row">
        {dated && (
          <>
            <InputField label={t('Sale from')} hint={t('Empty: at once.')} type="date" {...bind('saleFrom', 'date_on_sale_from')} />
            <InputField
              label={t('Sale until')}
              hint={t('Empty: until further notice.')}
              type="date"
              {...bind('saleTo', 'date_on_sale_to')}
            />
          </>
        )}
        <SelectField label={t('Tax status')} options={TAX_STATUSES} {...bind('taxStatus', 'tax_status')} />
        <SelectField label={t('Tax class')} options={TAX_CLASSES} {...bind('taxClass', 'tax_class')} />
      </div>
    </>
  );
}
