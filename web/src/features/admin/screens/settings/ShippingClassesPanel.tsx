import { t } from '../../../../lib/i18n';
import { InputField } from '../../components/Field';
import { emptyShippingClass, entryProblem } from '../../model/settingsForm';
import { listEditor, type Binding } from './binding';
import { FieldPanel } from '../../components/Panel';

/** The shipping classes products name ("Sperrgut"), which the flat rates may charge extra for. */
export function ShippingClassesPanel({ b }: { b: Binding }) {
  const { form, errors } = b;
  const list = listEditor(b, 'shippingClasses');
  return (
    <FieldPanel legend={t('Shipping classes')}>
      <p className="admin-field__hint">
        {t('Group products that cost more to send, e.g. bulky goods; each flat rate can add a cost per class once it is saved.')}
      </p>
      {form.shippingClasses.map((c, i) => (
        <div key={i} className="admin-row" data-testid="shipping-class">
          <InputField
            label={t('Shipping class %d', i + 1)}
            value={c.name}
            error={errors[entryProblem('shippingClasses', i, 'name')]}
            onChange={(name) => list.change(i, { name })}
          />
          <InputField
            label={t('Description')}
            value={c.description}
            error={errors[entryProblem('shippingClasses', i, 'description')]}
            onChange={(description) => list.change(i, { description })}
          />
          <button
            type="button"
            className="button button--small"
            aria-label={t('Remove shipping class “%s”', c.name.trim() || String(i + 1))}
            onClick={() => list.remove(i)}
          >
            {t('Remove')}
          </button>
        </div>
      ))}
      <button type="button" className="button" onClick={() => list.add(emptyShippingClass())}>
        {t('Add shipping class')}
      </button>
    </FieldPanel>
  );
}
