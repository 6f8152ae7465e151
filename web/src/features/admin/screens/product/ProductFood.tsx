import { t } from '../../../../lib/i18n';
import { InputField, SelectField } from '../../components/Field';
import type { ProductPanelProps } from './productPanel';
import { ALLERGENS, FOOD_TEXTS, NUTRIENTS } from '../../model/choices';
import { allergensOf, withAllergen } from '../../model/catalogue/productForm';

/** Food information (LMIV, Germanized's food fields): the product page lists it in its own tab. */
export function ProductFood({ form, set, errors }: ProductPanelProps) {
  const food = form.food;
  const setFood = (key: string, value: string) => set({ food: { ...food, [key]: value } });
  const field = (key: string) => ({
    value: food[key] ?? '',
    onChange: (value: string) => setFood(key, value),
    error: errors[`meta_data.${key}`],
  });
  const isFood = food['_is_food'] === 'yes';
  const chosen = allergensOf(food);
  return (
    <fieldset className="admin-panel">
      <legend>{t('Food information')}</legend>
      <label className="admin-check">
        <input type="checkbox" checked={isFood} onChange={(e) => setFood('_is_food', e.target.checked ? 'yes' : '')} />{' '}
        {t('This product is a food (LMIV)')}
      </label>
      {isFood && (
        <>
          {FOOD_TEXTS.map(([key, label]) => (
            <InputField
              key={key}
              label={t(label)}
              rows={key === '_ingredients' || key === '_food_distributor' ? 3 : undefined}
              {...field(key)}
            />
          ))}
          <fieldset className="admin-panel" aria-describedby={errors['meta_data.laden_allergens'] ? 'allergens-error' : undefined}>
            <legend>{t('Allergens')}</legend>
            {ALLERGENS.map(([slug, label]) => (
              <label key={slug} className="admin-check">
                <input
                  type="checkbox"
                  checked={chosen.includes(slug)}
                  onChange={(e) => set({ food: withAllergen(food, slug, e.target.checked) })}
                />{' '}
                {t(label)}
              </label>
            ))}
            {errors['meta_data.laden_allergens'] && (
              <p className="admin-field__error" id="allergens-error" role="alert">
                {errors['meta_data.laden_allergens']}
              </p>
            )}
          </fieldset>
          <SelectField
            label={t('Nutritional values per')}
            {...field('_nutrient_reference_value')}
            value={food['_nutrient_reference_value'] || '100g'}
            options={[
              ['100g', '100 g'],
              ['100ml', '100 ml'],
            ]}
          />
          <div className="admin-row">
            {NUTRIENTS.map(([key, label, unit]) => (
              <InputField key={key} label={`${t(label)} (${unit})`} inputMode="decimal" {...field(key)} />
            ))}
          </div>
        </>
      )}
    </fieldset>
  );
}
