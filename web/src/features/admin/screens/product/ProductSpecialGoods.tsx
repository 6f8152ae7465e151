import { t } from '../../../../lib/i18n';
import { DEFECT_DESCRIPTION_MAX } from '../../../../config/constants';
import { InputField, SelectField } from '../../components/Field';
import { bindProduct, type ProductPanelProps } from './productPanel';
import { MINIMUM_AGES } from '../../model/choices';

/**
 * Goods German law treats apart (Germanized's fields): defects, used goods, a minimum age, a
 * photovoltaic system at the zero rate; the checkout has the shopper agree to each. And the margin
 * scheme for second-hand goods (§ 25a UStG): no VAT is shown on such goods.
 */
export function ProductSpecialGoods(props: ProductPanelProps) {
  const { form, set, errors } = props;
  const bind = bindProduct(props);
  // The age the product states stays a choice even when it is none of the usual ones.
  const ages = form.minAge === '' || MINIMUM_AGES.includes(form.minAge) ? MINIMUM_AGES : [...MINIMUM_AGES, form.minAge];
  return (
    <fieldset className="admin-panel">
      <legend>{t('Goods German law treats apart')}</legend>
      <InputField
        label={t('Defects (B-Ware)')}
        hint={t('Describe each defect: the checkout has the shopper accept them expressly (§ 476 BGB). Empty: none.')}
        rows={2}
        maxLength={DEFECT_DESCRIPTION_MAX}
        {...bind('defectDescription', 'meta_data._defect_description')}
      />
      <div className="admin-row">
        <label className="admin-check">
          <input type="checkbox" checked={form.usedGood} onChange={(e) => set({ usedGood: e.target.checked })} />{' '}
          {t('Used goods with a one-year limitation period for claims for defects')}
        </label>
        <label className="admin-check">
          <input type="checkbox" checked={form.marginScheme} onChange={(e) => set({ marginScheme: e.target.checked })} />{' '}
          {t('Margin scheme for second-hand goods (section 25a UStG): no VAT shown')}
        </label>
        <SelectField
          label={t('Minimum age')}
          error={errors['meta_data._min_age']}
          value={form.minAge}
          options={[['', 'No minimum age'], ...ages.map((a) => [a, t('%s years', a)] as const)]}
          onChange={(minAge) => set({ minAge })}
        />
      </div>
      <label className="admin-check">
        <input
          type="checkbox"
          checked={form.photovoltaic}
          aria-describedby="photovoltaic-hint"
          onChange={(e) => set({ photovoltaic: e.target.checked })}
        />{' '}
        {t('Photovoltaic system (section 12 (3) UStG)')}
      </label>
      <p id="photovoltaic-hint" className="admin-field__hint">
        {form.taxClass === 'zero-rate'
          ? t('Sold at the zero rate: the checkout has the buyer confirm that it applies.')
          : t('Choose the tax class “Zero rate” to sell it without VAT.')}
      </p>
    </fieldset>
  );
}
