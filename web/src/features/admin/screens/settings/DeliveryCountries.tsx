import { useState } from 'react';
import { t } from '../../../../lib/i18n';
import { FieldError, SelectField } from '../../components/Field';
import { SmallButton } from '../../components/SmallButton';
import { withDeliveryCountries } from '../../model/settingsForm';
import type { Binding } from './binding';

/**
 * The countries the shop sells and delivers to: the chosen ones in the checkout's order, each
 * with a button that removes it (and takes it out of the zones), and every other country of
 * ISO 3166-1 to add from.
 */
export function DeliveryCountries({ b, all }: { b: Binding; all: ReadonlyArray<readonly [string, string]> }) {
  const [adding, setAdding] = useState('');
  const chosen = b.form.deliveryCountries;
  const names = new Map(all);
  const name = (code: string) => names.get(code) ?? code;
  const set = (next: string[]) => b.setForm(withDeliveryCountries(b.form, next));
  const error = b.errors['laden_delivery_countries'];
  const options: Array<readonly [string, string]> = [['', t('Choose a country')], ...all.filter(([code]) => !chosen.includes(code))];
  return (
    <fieldset className="admin-delivery-countries" aria-invalid={Boolean(error)} data-testid="delivery-countries">
      <legend>{t('Delivery countries')}</legend>
      <ul className="admin-chips">
        {chosen.map((code) => (
          <li key={code}>
            <span>{name(code)}</span>{' '}
            <SmallButton label={t('Remove %s', name(code))} onClick={() => set(chosen.filter((c) => c !== code))}>
              ×
            </SmallButton>
          </li>
        ))}
      </ul>
      <div className="admin-row">
        <SelectField label={t('Add a delivery country')} value={adding} options={options} onChange={setAdding} />
        <button
          type="button"
          className="button"
          disabled={adding === ''}
          onClick={() => {
            set([...chosen, adding]);
            setAdding('');
          }}
        >
          {t('Add')}
        </button>
      </div>
      <FieldError message={error} />
    </fieldset>
  );
}
