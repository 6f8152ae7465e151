import { t } from '../../../../lib/i18n';
import { InputField, SelectField } from '../../components/Field';
import type { Binding } from './binding';
import { EntryFieldsets } from './EntryFieldsets';
import { FieldPanel } from '../../components/Panel';

/** The deposit types products name (Pfand): each with its amount and whether its packaging is single-use or reusable. */
export function DepositTypesPanel({ b }: { b: Binding }) {
  return (
    <FieldPanel legend={t('Deposit types')}>
      <p className="admin-field__hint">
        {t('A product names one of them; its deposit is shown beside the price and charged in the cart.')}
      </p>
      <EntryFieldsets b={b} list="depositTypes">
        {({ bind }) => (
          <>
            <InputField label={t('Name')} {...bind('name')} />
            <SelectField
              label={t('Packaging')}
              options={[
                ['disposable', t('Single-use')],
                ['reusable', t('Reusable')],
              ]}
              {...bind('packaging')}
            />
            <InputField label={t('Deposit per unit (€)')} inputMode="decimal" {...bind('amount')} />
          </>
        )}
      </EntryFieldsets>
    </FieldPanel>
  );
}
