import { MANUFACTURER_ADDRESS_MAX, MANUFACTURER_NAME_MAX } from '../../../../config/constants';
import { t } from '../../../../lib/i18n';
import { InputField } from '../../components/Field';
import type { Binding } from './binding';
import { EntryFieldsets } from './EntryFieldsets';
import { FieldPanel } from '../../components/Panel';

/** The manufacturers products name, with the addresses the GPSR asks a product's page to give. */
export function ManufacturersPanel({ b }: { b: Binding }) {
  return (
    <FieldPanel legend={t('Manufacturers (product safety)')}>
      <p className="admin-field__hint">{t('A product names one of them; its page gives the name and addresses (GPSR).')}</p>
      <EntryFieldsets b={b} list="manufacturers">
        {({ bind }) => (
          <>
            <InputField label={t('Name')} maxLength={MANUFACTURER_NAME_MAX} {...bind('name')} />
            <InputField
              label={t('Postal and electronic address')}
              hint={t('Street, postcode and town, country, and an e-mail address or website.')}
              rows={4}
              maxLength={MANUFACTURER_ADDRESS_MAX}
              {...bind('address')}
            />
            <InputField
              label={t('Responsible person in the EU')}
              hint={t('For a manufacturer outside the EU: name and address. Empty: none.')}
              rows={3}
              maxLength={MANUFACTURER_ADDRESS_MAX}
              {...bind('euPerson', 'eu_person')}
            />
          </>
        )}
      </EntryFieldsets>
    </FieldPanel>
  );
}
