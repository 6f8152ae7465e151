import { t } from '../../../../lib/i18n';
import { InputField } from '../../components/Field';
import { bindProduct, type ProductPanelProps } from './productPanel';
import { FieldPanel } from '../../components/Panel';

/** The deposit (Pfand) charged beside the price: a deposit type from the settings and how many of it one item holds. */
export function ProductDeposit(props: ProductPanelProps) {
  const bind = bindProduct(props);
  return (
    <FieldPanel legend={t('Deposit')}>
      <InputField
        label={t('Deposit type')}
        hint={t('The name of a deposit type from the settings; the deposit is shown beside the price. Empty: none.')}
        {...bind('depositType', 'meta_data._deposit_type')}
      />
      <InputField
        label={t('Deposit units per item')}
        hint={t('How many of it one item holds, e.g. 6 for a pack of six bottles. Empty: one.')}
        inputMode="numeric"
        {...bind('depositQuantity', 'meta_data._deposit_quantity')}
      />
    </FieldPanel>
  );
}
