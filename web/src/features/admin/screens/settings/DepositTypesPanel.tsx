import { t } from '../../../../lib/i18n';
import { InputField, SelectField } from '../../components/Field';
import { emptyDepositType } from '../../model/settingsForm';
import { listEditor, type Binding } from './binding';

/** The deposit types products name (Pfand): each with its amount and whether its packaging is single-use or reusable. */
export function DepositTypesPanel({ b }: { b: Binding }) {
  const { form, errors } = b;
  const list = listEditor(b, 'depositTypes');
  const setOne = list.change;
  return (
    <fieldset className="admin-panel">
      <legend>{t('Deposit types')}</legend>
      <p className="admin-field__hint">
        {t('A product names one of them; its deposit is shown beside the price and charged in the cart.')}
      </p>
      {form.depositTypes.map((d, i) => {
        const at = (field: string) => errors[`laden_deposit_types.${i}.${field}`];
        return (
          <fieldset key={i} className="admin-zone" data-testid="deposit-type">
            <legend>{d.name.trim() || t('Deposit type %d', i + 1)}</legend>
            <InputField label={t('Name')} value={d.name} error={at('name')} onChange={(name) => setOne(i, { name })} />
            <SelectField
              label={t('Packaging')}
              value={d.packaging}
              options={[
                ['disposable', t('Single-use')],
                ['reusable', t('Reusable')],
              ]}
              error={at('packaging')}
              onChange={(packaging) => setOne(i, { packaging })}
            />
            <InputField
              label={t('Deposit per unit (€)')}
              inputMode="decimal"
              value={d.amount}
              error={at('amount')}
              onChange={(amount) => setOne(i, { amount })}
            />
            <button type="button" className="button button--small" onClick={() => list.remove(i)}>
              {t('Remove deposit type')}
            </button>
          </fieldset>
        );
      })}
      <button type="button" className="button" onClick={() => list.add(emptyDepositType())}>
        {t('Add deposit type')}
      </button>
    </fieldset>
  );
}
