import { DELIVERY_TIME_MAX } from '../../../../config/constants';
import { t } from '../../../../lib/i18n';
import { CheckField, FieldError, InputField, CheckList, SelectField } from '../../components/Field';
import {
  emptyMethod,
  emptyWeightBand,
  type ClassCostsForm,
  type MethodForm,
  type MethodsForm,
  type ShippingClassForm,
  type WeightBandForm,
} from '../../model/settingsForm';
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
  // Costs are set for classes saved once (they have their slug).
  const classes = b.form.shippingClasses.filter((c) => c.slug !== '');
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
      <MethodsFields
        owner={t('Other delivery countries')}
        value={b.form.restMethods}
        classes={classes}
        at={(field) => b.errors[`laden_shipping_methods.${field}`]}
        onChange={(change) => b.setForm({ ...b.form, restMethods: { ...b.form.restMethods, ...change } })}
      />
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
            <MethodsFields owner={z.name.trim() || t('Zone name')} value={z} classes={classes} at={at} onChange={change} />
          </>
        )}
      </EntryFieldsets>
    </FieldPanel>
  );
}

/**
 * A zone's further methods beside its flat rate and free shipping: another flat rate (Express) or
 * local pickup with its opening hours, offered at checkout in this order.
 */
function ZoneMethods({
  methods,
  classes,
  at,
  onChange,
}: {
  methods: MethodForm[];
  classes: ShippingClassForm[];
  at: (field: string) => string | undefined;
  onChange: (methods: MethodForm[]) => void;
}) {
  const kinds = [
    ['flat_rate', t('Flat rate')],
    ['local_pickup', t('Local pickup')],
  ] as const;
  const set = (j: number, change: Partial<MethodForm>) => onChange(methods.map((m, k) => (k === j ? { ...m, ...change } : m)));
  return (
    <fieldset className="admin-zone__methods">
      <legend>{t('Further shipping methods')}</legend>
      {methods.map((m, j) => (
        <div key={j} className="admin-row" data-testid="shipping-method">
          <SelectField label={t('Kind')} value={m.kind} options={kinds} onChange={(kind) => set(j, { kind })} />
          <InputField label={t('Method title')} value={m.title} error={at(`extra.${j}.title`)} onChange={(title) => set(j, { title })} />
          {m.kind === 'flat_rate' ? (
            <InputField
              label={t('Cost (€)')}
              inputMode="decimal"
              value={m.cost}
              error={at(`extra.${j}.cost`)}
              onChange={(cost) => set(j, { cost })}
            />
          ) : (
            <InputField label={t('Opening hours')} value={m.hours} error={at(`extra.${j}.hours`)} onChange={(hours) => set(j, { hours })} />
          )}
          <button type="button" className="button" onClick={() => onChange(methods.filter((_, k) => k !== j))}>
            {t('Remove method')}
          </button>
          {m.kind === 'flat_rate' && (
            <ClassCosts
              owner={m.title.trim() || t('Flat rate')}
              costs={m}
              classes={classes}
              at={(field) => at(`extra.${j}.${field}`)}
              onChange={(change) => set(j, change)}
            />
          )}
        </div>
      ))}
      <button type="button" className="button" onClick={() => onChange([...methods, emptyMethod()])}>
        {t('Add shipping method')}
      </button>
    </fieldset>
  );
}

/**
 * What a flat rate adds for each shipping class in the parcel (empty: nothing), and whether only
 * the dearest class counts. Nothing to show while the shop has no saved classes.
 */
function ClassCosts({
  owner,
  costs,
  classes,
  at,
  onChange,
}: {
  /** The rate's name, for the fields' labels. */
  owner: string;
  costs: ClassCostsForm;
  classes: ShippingClassForm[];
  at: (field: string) => string | undefined;
  onChange: (change: Partial<ClassCostsForm>) => void;
}) {
  if (classes.length === 0) return null;
  return (
    <fieldset className="admin-zone__classes" data-testid="class-costs">
      <legend>{t('Extra cost per shipping class: %s', owner)}</legend>
      <div className="admin-row">
        {classes.map((c) => (
          <InputField
            key={c.slug}
            label={t('%s (€)', c.name)}
            inputMode="decimal"
            value={costs.classCosts[c.slug] ?? ''}
            error={at(`class_costs.${c.slug}`)}
            onChange={(v) => onChange({ classCosts: { ...costs.classCosts, [c.slug]: v } })}
          />
        ))}
        <InputField
          label={t('No shipping class (€)')}
          inputMode="decimal"
          value={costs.noClassCost}
          error={at('no_class_cost')}
          onChange={(noClassCost) => onChange({ noClassCost })}
        />
      </div>
      <CheckField
        label={t('Only the most expensive class per order')}
        checked={costs.classPerOrder}
        onChange={(classPerOrder) => onChange({ classPerOrder })}
      />
    </fieldset>
  );
}

/**
 * A zone's methods beside its flat cost and threshold: the standard rate's weight bands and class
 * costs, and its further methods. `owner` names the zone in the fields' group labels.
 */
function MethodsFields({
  owner,
  value,
  classes,
  at,
  onChange,
}: {
  owner: string;
  value: MethodsForm;
  classes: ShippingClassForm[];
  at: (field: string) => string | undefined;
  onChange: (change: Partial<MethodsForm>) => void;
}) {
  return (
    <>
      <WeightBands owner={owner} bands={value.weightBands} at={at} onChange={(weightBands) => onChange({ weightBands })} />
      <ClassCosts owner={owner} costs={value} classes={classes} at={at} onChange={onChange} />
      <ZoneMethods methods={value.methods} classes={classes} at={at} onChange={(methods) => onChange({ methods })} />
    </>
  );
}

/**
 * The standard flat rate by the parcel's weight: each band up to a weight (ascending) with its
 * cost; a parcel heavier than the last is not offered the standard rate. None: the flat cost.
 */
function WeightBands({
  owner,
  bands,
  at,
  onChange,
}: {
  owner: string;
  bands: WeightBandForm[];
  at: (field: string) => string | undefined;
  onChange: (bands: WeightBandForm[]) => void;
}) {
  const set = (i: number, change: Partial<WeightBandForm>) => onChange(bands.map((b, k) => (k === i ? { ...b, ...change } : b)));
  return (
    <fieldset className="admin-zone__bands">
      <legend>{t('Flat rate by weight: %s', owner)}</legend>
      <FieldError message={at('weight_bands')} />
      {bands.map((b, i) => (
        <div key={i} className="admin-row" data-testid="weight-band">
          <InputField
            label={t('Up to (kg)')}
            inputMode="decimal"
            value={b.upToKg}
            error={at(`weight_bands.${i}.up_to_grams`)}
            onChange={(upToKg) => set(i, { upToKg })}
          />
          <InputField
            label={t('Cost (€)')}
            inputMode="decimal"
            value={b.cost}
            error={at(`weight_bands.${i}.cost`)}
            onChange={(cost) => set(i, { cost })}
          />
          <button type="button" className="button" onClick={() => onChange(bands.filter((_, k) => k !== i))}>
            {t('Remove weight band')}
          </button>
        </div>
      ))}
      <button type="button" className="button" onClick={() => onChange([...bands, emptyWeightBand()])}>
        {t('Add weight band')}
      </button>
    </fieldset>
  );
}
