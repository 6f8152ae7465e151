import { t } from '../../../../lib/i18n';
import { InputField, SelectField } from '../../components/Field';
import { emptyPriceLabel, entryProblem } from '../../model/settingsForm';
import { listEditor, type Binding } from './binding';
import { FieldPanel } from '../../components/Panel';

/** The sale price labels products choose from ("UVP", "Alter Preis"), and which ones an offer shows when its product chooses none. */
export function PriceLabelsPanel({ b }: { b: Binding }) {
  const { form, errors } = b;
  const list = listEditor(b, 'priceLabels');
  // A label saved once has its slug; a new one is offered as a default after saving.
  const options: Array<[string, string]> = [
    ['', t('None')],
    ...form.priceLabels.filter((l) => l.slug !== '').map((l): [string, string] => [l.slug, l.name]),
  ];
  return (
    <FieldPanel legend={t('Price labels')}>
      <p className="admin-field__hint">{t('Shown before the two prices of a product on sale, e.g. UVP before the struck price.')}</p>
      {form.priceLabels.map((l, i) => (
        <div key={i} className="admin-row" data-testid="price-label">
          <InputField
            label={t('Price label %d', i + 1)}
            value={l.name}
            error={errors[entryProblem('priceLabels', i, 'name')]}
            onChange={(name) => list.change(i, { name })}
          />
          <button
            type="button"
            className="button button--small"
            aria-label={t('Remove price label “%s”', l.name.trim() || String(i + 1))}
            onClick={() => list.remove(i)}
          >
            {t('Remove')}
          </button>
        </div>
      ))}
      <button type="button" className="button" onClick={() => list.add(emptyPriceLabel())}>
        {t('Add price label')}
      </button>
      <div className="admin-row">
        <SelectField label={t('Default strike price label')} options={options} {...b.bind('laden_default_sale_price_label')} />
        <SelectField label={t('Default sale price label')} options={options} {...b.bind('laden_default_sale_price_regular_label')} />
      </div>
    </FieldPanel>
  );
}
