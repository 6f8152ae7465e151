import { MANUFACTURER_ADDRESS_MAX, MANUFACTURER_NAME_MAX } from '../../../../config/constants';
import { t } from '../../../../lib/i18n';
import { InputField } from '../../components/Field';
import { emptyManufacturer } from '../../model/settingsForm';
import { listEditor, type Binding } from './binding';

/** The manufacturers products name, with the addresses the GPSR asks a product's page to give. */
export function ManufacturersPanel({ b }: { b: Binding }) {
  const { form, errors } = b;
  const list = listEditor(b, 'manufacturers');
  const setOne = list.change;
  return (
    <fieldset className="admin-panel">
      <legend>{t('Manufacturers (product safety)')}</legend>
      <p className="admin-field__hint">{t('A product names one of them; its page gives the name and addresses (GPSR).')}</p>
      {form.manufacturers.map((m, i) => {
        const at = (field: string) => errors[`laden_manufacturers.${i}.${field}`];
        return (
          <fieldset key={i} className="admin-zone" data-testid="manufacturer">
            <legend>{m.name.trim() || t('Manufacturer %d', i + 1)}</legend>
            <InputField
              label={t('Name')}
              maxLength={MANUFACTURER_NAME_MAX}
              value={m.name}
              error={at('name')}
              onChange={(name) => setOne(i, { name })}
            />
            <InputField
              label={t('Postal and electronic address')}
              hint={t('Street, postcode and town, country, and an e-mail address or website.')}
              rows={4}
              maxLength={MANUFACTURER_ADDRESS_MAX}
              value={m.address}
              error={at('address')}
              onChange={(address) => setOne(i, { address })}
            />
            <InputField
              label={t('Responsible person in the EU')}
              hint={t('For a manufacturer outside the EU: name and address. Empty: none.')}
              rows={3}
              maxLength={MANUFACTURER_ADDRESS_MAX}
              value={m.euPerson}
              error={at('eu_person')}
              onChange={(euPerson) => setOne(i, { euPerson })}
            />
            <button type="button" className="button button--small" onClick={() => list.remove(i)}>
              {t('Remove manufacturer')}
            </button>
          </fieldset>
        );
      })}
      <button type="button" className="button" onClick={() => list.add(emptyManufacturer())}>
        {t('Add manufacturer')}
      </button>
    </fieldset>
  );
}
