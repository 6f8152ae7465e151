import { t } from '../../../../lib/i18n';
import { InputField, SelectField } from '../../components/Field';
import type { Binding } from './binding';
import { EntryFieldsets } from './EntryFieldsets';

/** The deposit types products name (Pfand): each with its amount and whether its packaging is single-use or reusable. */
export function DepositTypesPanel({ b }: { b: Binding }) {
  return (
    <fieldset className="admin-panel">
      <legend>{t('Deposit types')}</legend>
      <p className="admin-field__hint">
        {t('A product names one of them; its deposit is shown beside the price and charged in the cart.')}
      </p>
      <EntryFieldsets b={b} list="depositTypes">
        {({ entry: d, at, change }) => (
          <>
            <InputField label={t('Name')} value={d.name} error={at('name')} onChange={(name) => change({ name })} />
            <SelectField
              label={t('Packaging')}
              value={d.packaging}
              options={[
                ['disposable', t('Single-use')],
                ['reusable', t('Reusable')],
              ]}
              error={at('packaging')}
              onChange={(packaging) => change({ packaging })}
            />
            <InputField
              label={t('Deposit per unit (€)')}
              inputMode="decimal"
              value={d.amount}
              error={at('amount')}
              onChange={(amount) => change({ amount })}
            />
          </>
        )}
      </EntryFieldsets>
    </fieldset>
  );
}
