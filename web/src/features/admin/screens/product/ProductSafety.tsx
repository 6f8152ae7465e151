import { t } from '../../../../lib/i18n';
import { SAFETY_INFORMATION_MAX } from '../../../../config/constants';
import { InputField } from '../../components/Field';
import { bindProduct, type ProductPanelProps } from './productPanel';
import { FieldPanel } from '../../components/Panel';

/** Product safety (GPSR Art. 19): the manufacturer the page names with its addresses, and the warnings the goods carry. */
export function ProductSafety(props: ProductPanelProps) {
  const bind = bindProduct(props);
  return (
    <FieldPanel legend={t('Product safety')}>
      <InputField
        label={t('Manufacturer')}
        hint={t('The name of a manufacturer from the settings; the product page gives its addresses. Empty: none.')}
        {...bind('manufacturer', 'meta_data._manufacturer_slug')}
      />
      <InputField
        label={t('Warnings and safety information')}
        hint={t('As on the goods or their packaging. Empty: none.')}
        rows={3}
        maxLength={SAFETY_INFORMATION_MAX}
        {...bind('safetyInformation', 'meta_data.laden_safety_information')}
      />
    </FieldPanel>
  );
}
