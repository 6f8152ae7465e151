import { t } from '../../../../lib/i18n';
import { DEFECT_DESCRIPTION_MAX } from '../../../../config/constants';
import { InputField, SelectField, CheckField } from '../../components/Field';
import { bindProduct, type ProductPanelProps } from './productPanel';
import { MINIMUM_AGES } from '../../model/choices';
import { FieldPanel } from '../../components/Panel';

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
    <FieldPanel legend={t('Goods German law treats apart')}>
      <InputField
        label={t('Defects (B-Ware)')}
        hint={t('Describe each defect: the checkout has the shopper accept them expressly (§ 476 BGB). Empty: none.')}
        rows={2}
        maxLength={DEFECT_DESCRIPTION_MAX}
        {...bind('defectDescription', 'meta_data._defect_description')}
      />
      <div className="admin-row">
        <CheckField
          label={t('Used goods with a one-year limitation period for claims for defects')}
          checked={form.usedGood}
          onChange={(checked) => set({ usedGood: checked })}
        />
        <CheckField
          label={t('Margin scheme for second-hand goods (section 25a UStG): no VAT shown')}
          checked={form.marginScheme}
          onChange={(checked) => set({ marginScheme: checked })}
        />
        <SelectField
          label={t('Minimum age')}
          error={errors['meta_data._min_age']}
          value={form.minAge}
          options={[['', 'No minimum age'], ...ages.map((a) => [a, t('%s years', a)] as const)]}
          onChange={(minAge) => set({ minAge })}
        />
      </div>
      <CheckField
        label={t('Photovoltaic system (section 12 (3) UStG)')}
        checked={form.photovoltaic}
        describedBy="photovoltaic-hint"
        onChange={(photovoltaic) => set({ photovoltaic })}
      />
      <p id="photovoltaic-hint" className="admin-field__hint">
        {form.taxClass === 'zero-rate'
          ? t('Sold at the zero rate: the checkout has the buyer confirm that it applies.')
          : t('Choose the tax class “Zero rate” to sell it without VAT.')}
      </p>
    </FieldPanel>
  );
}
