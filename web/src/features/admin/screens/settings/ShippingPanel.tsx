import { DELIVERY_TIME_MAX } from '../../../../config/constants';
import { t } from '../../../../lib/i18n';
import { FieldError, InputField, CheckList } from '../../components/Field';
import type { Binding } from './binding';
import { EntryFieldsets } from './EntryFieldsets';
import { FieldPanel } from '../../components/Panel';
import { DeliveryCountries } from './DeliveryCountries';

/**
 * Delivery countries, shipping costs (flat rate, free from, zones of those countries), low stock
 * and delivery time. `all` is every country with its German name.
 */
export function ShippingPanel({ b, all }: { b: Binding; all: ReadonlyArray<readonly [string, string]> }) {
  const { bind, bindRaw } = b;
  // A zone chooses among the delivery countries as the form now has them.
  const names = new Map(all);
  const countries = b.form.deliveryCountries.map((code) => [code, names.get(code) ?? code] as const);
  return (
    <FieldPanel legend={t('Shipping and stock')}>
      <DeliveryCountries b={b} all={all} />
      <div className="admin-row">
        <InputField
          label={t('Shipping flat rate (€)')}
          hint={t('For every delivery country without a zone of its own.')}
          inputMode="decimal"
          {...bindRaw('shippingFlat', 'laden_shipping_flat')}
        />
        <InputField
          label={t('Free shipping from (€)')}
          hint={t('Empty: never free.')}
          inputMode="decimal"
          {...bindRaw('shippingFreeFrom', 'laden_shipping_free_from')}
        />
        <InputField label={t('Low stock from')} type="number" min={0} {...bindRaw('lowStock', 'laden_low_stock_amount')} />
        <InputField label={t('Default delivery time')} maxLength={DELIVERY_TIME_MAX} {...bind('laden_delivery_time')} />
      </div>
      <EntryFieldsets b={b} list="zones">
        {({ entry: z, at, change, bind }) => (
          <>
            <div className="admin-row">
              <InputField label={t('Zone name')} {...bind('name')} />
              <InputField label={t('Shipping flat rate (€)')} inputMode="decimal" {...bind('cost')} />
              <InputField
                label={t('Free shipping from (€)')}
                hint={t('Empty: never free.')}
                inputMode="decimal"
                {...bind('freeFrom', 'free_from')}
              />
              <InputField
                label={t('Delivery time')}
                hint={t("For products that state none. Empty: the shop's default delivery time.")}
                maxLength={DELIVERY_TIME_MAX}
                {...bind('deliveryTime', 'delivery_time')}
              />
            </div>
            <fieldset className="admin-zone__countries" aria-invalid={Boolean(at('countries'))}>
              <legend>{t('Countries')}</legend>
              <CheckList options={countries} chosen={z.countries} onChange={(chosen) => change({ countries: chosen })} />
              <FieldError message={at('countries')} />
            </fieldset>
          </>
        )}
      </EntryFieldsets>
    </FieldPanel>
  );
}
