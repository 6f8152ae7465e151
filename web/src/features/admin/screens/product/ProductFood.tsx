import { t } from '../../../../lib/i18n';
import { InputField, SelectField, CheckField } from '../../components/Field';
import type { ProductPanelProps } from './productPanel';
import { ALLERGENS, FOOD_TEXTS, NUTRIENTS } from '../../model/choices';
import { allergensOf, withAllergen } from '../../model/catalogue/productForm';
import { FieldPanel } from '../../components/Panel';

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
    <FieldPanel legend={t('Food information')}>
      <CheckField
        label={t('This product is a food (LMIV)')}
        checked={isFood}
        onChange={(checked) => setFood('_is_food', checked ? 'yes' : '')}
      />
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
          <FieldPanel legend={t('Allergens')} describedBy={errors['meta_data.laden_allergens'] ? 'allergens-error' : undefined}>
            {ALLERGENS.map(([slug, label]) => (
              <CheckField
                key={slug}
                label={t(label)}
                checked={chosen.includes(slug)}
                onChange={(on) => set({ food: withAllergen(food, slug, on) })}
              />
            ))}
            {errors['meta_data.laden_allergens'] && (
              <p className="admin-field__error" id="allergens-error" role="alert">
                {errors['meta_data.laden_allergens']}
              </p>
            )}
          </FieldPanel>
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
    </FieldPanel>
  );
}
