/** The settings screen's form, read from and written to wp/v2/settings. */
import { moneyInputValue, parseMoneyInput } from '../../../lib/format/money';
import { t } from '../../../lib/i18n';
import type { MethodsWire } from '../../../generated/wire';
import { DELIVERY_TIME_MAX, MANUFACTURER_ADDRESS_MAX, MANUFACTURER_NAME_MAX, SHIPPING_METHOD_TITLE_MAX } from '../../../config/constants';

export type Settings = Record<string, unknown>;

const BOOLEANS = [
  'laden_shop_lightbox',
  'laden_gallery_vertical',
  'laden_sticky_summary',
  'laden_fixed_footer',
  'laden_header_behavior_tablet',
  'laden_header_behavior_mobile',
  'laden_tracking_allow',
  'laden_tracking_needs_marketing_consent',
  'laden_tracking_promo',
  'laden_small_business',
  'laden_reverse_charge',
  'laden_oss',
  'laden_oss_fixed_gross_prices',
  'laden_guest_checkout',
  'laden_discourage_search_engines',
  'laden_checkbox_parcel_delivery',
  'laden_checkbox_digital_waiver',
] as const;

const TEXTS = [
  'title',
  'laden_delivery_time',
  'description',
  'laden_header_template',
  'laden_header_sticky_template',
  'laden_header_behavior',
  'laden_header_position',
  'laden_header_cart_link',
  'laden_tracking_campaign_param',
  'laden_tracking_term_param',
  'laden_tracking_content_param',
  'laden_analytics_script',
  'laden_analytics_snippet',
  'laden_page_shipping',
  'laden_page_terms',
  'laden_page_revocation',
  'laden_page_privacy',
  'laden_page_imprint',
  'laden_page_payments',
  'laden_page_accessibility',
  'laden_order_button_text',
  'laden_shop_email',
  'laden_bank_account_holder',
  'laden_bank_name',
  'laden_bank_iban',
  'laden_bank_bic',
  'laden_shop_address',
  'laden_shop_vat_id',
  'laden_shop_tax_number',
  'laden_invoice_moment',
  'laden_invoice_number_format',
  'laden_cancellation_number_format',
  'laden_default_sale_price_label',
  'laden_default_sale_price_regular_label',
] as const;

export interface SettingsForm {
  flags: Record<(typeof BOOLEANS)[number], boolean>;
  texts: Record<(typeof TEXTS)[number], string>;
  /** As typed (German prices, whole numbers). */
  shippingFlat: string;
  shippingFreeFrom: string;
  lowStock: string;
  /** Days an invoice gives to pay. */
  invoiceDueDays: string;
  headerOffset: string;
  headerBreakpoint: string;
  overlap: string[];
  smoothScroll: 'default' | 'on' | 'off';
  quantityField: 'default' | '1' | '0';
  quantityStepMax: string;
  paymentMethods: string[];
  /** The countries the shop sells and delivers to (ISO codes), in the checkout's order. */
  deliveryCountries: string[];
  /** Shipping zones in order; countries in none pay the flat rate above. */
  zones: ZoneForm[];
  /** The manufacturers products name (GPSR), in order. */
  manufacturers: ManufacturerForm[];
  /** The deposit types products name (Pfand), in order. */
  depositTypes: DepositTypeForm[];
  /** The sale price labels products choose from ("UVP"), in order. */
  priceLabels: PriceLabelForm[];
  /** The shipping classes products name ("Sperrgut"), in order. */
  shippingClasses: ShippingClassForm[];
  /** The methods of every delivery country in no zone, beside the flat rate above. */
  restMethods: MethodsForm;
}

export interface ShippingClassForm {
  /** 0 and '' for a new one: the server gives both; kept when the name changes. */
  id: number;
  slug: string;
  name: string;
  description: string;
}

export const emptyShippingClass = (): ShippingClassForm => ({ id: 0, slug: '', name: '', description: '' });

function shippingClassesFromSettings(v: unknown): ShippingClassForm[] {
  if (!Array.isArray(v)) return [];
  return v.map((c: Record<string, unknown>) => ({
    id: typeof c['id'] === 'number' ? c['id'] : 0,
    slug: str(c['slug']),
    name: str(c['name']),
    description: str(c['description']),
  }));
}

/**
 * What a flat rate adds per shipping class (by slug, German prices as typed) and for goods of no
 * class, and whether only the dearest class counts.
 */
export interface ClassCostsForm {
  classCosts: Record<string, string>;
  noClassCost: string;
  classPerOrder: boolean;
}

type ClassCostsWire = Pick<MethodsWire, 'class_costs' | 'no_class_cost' | 'class_per_order'>;

function classCostsFromWire(w: Partial<ClassCostsWire>): ClassCostsForm {
  const costs: unknown = w.class_costs;
  const entries = costs && typeof costs === 'object' ? Object.entries(costs as Record<string, unknown>) : [];
  return {
    classCosts: Object.fromEntries(entries.map(([slug, v]) => [slug, moneyInputValue(str(v))])),
    noClassCost: moneyInputValue(str(w.no_class_cost)),
    classPerOrder: w.class_per_order === true,
  };
}

/**
 * Class costs as wp/v2/settings takes them: only those of classes the form still keeps (a class
 * removed in the same save takes its costs along), empty ones left out; problems at `at(class_costs.slug)`.
 */
function classCostsPayload(
  c: ClassCostsForm,
  kept: ReadonlySet<string>,
  at: (field: string) => string,
  errors: Record<string, string>,
): ClassCostsWire {
  const costs: Record<string, string> = {};
  for (const [slug, typed] of Object.entries(c.classCosts)) {
    if (!kept.has(slug)) continue;
    const cost = parseMoneyInput(typed);
    if (cost === null) errors[at(`class_costs.${slug}`)] = t('Please enter a price such as 12,90.');
    else if (cost !== '') costs[slug] = cost;
  }
  const none = parseMoneyInput(c.noClassCost);
  if (none === null) errors[at('no_class_cost')] = t('Please enter a price such as 12,90.');
  return { class_costs: costs, no_class_cost: none ?? '', class_per_order: c.classPerOrder };
}

export interface PriceLabelForm {
  /** What products name it by ('' for a new one: the server makes it from the name); kept when the name changes. */
  slug: string;
  name: string;
}

export const emptyPriceLabel = (): PriceLabelForm => ({ slug: '', name: '' });

function priceLabelsFromSettings(v: unknown): PriceLabelForm[] {
  if (!Array.isArray(v)) return [];
  return v.map((l: Record<string, unknown>) => ({ slug: str(l['slug']), name: str(l['name']) }));
}

export type Packaging = 'disposable' | 'reusable';

export interface DepositTypeForm {
  /** What products name it by ('' for a new one: the server makes it from the name); kept when the name changes. */
  slug: string;
  name: string;
  packaging: Packaging;
  /** One unit's deposit as typed (German price). */
  amount: string;
}

export const emptyDepositType = (): DepositTypeForm => ({ slug: '', name: '', packaging: 'disposable', amount: '' });

/** The settings kept as lists of entries, by the names wp/v2/settings gives them. */
export const LIST_SETTINGS = {
  zones: 'laden_shipping_zones',
  manufacturers: 'laden_manufacturers',
  depositTypes: 'laden_deposit_types',
  priceLabels: 'laden_price_labels',
  shippingClasses: 'laden_shipping_classes',
} as const;

/** Where the server, and the form's own check, put a problem of entry `i`'s `field` (`laden_shipping_zones.1.countries`). */
export const entryProblem = (list: keyof typeof LIST_SETTINGS, i: number, field: string): string => `${LIST_SETTINGS[list]}.${i}.${field}`;

function depositTypesFromSettings(v: unknown): DepositTypeForm[] {
  if (!Array.isArray(v)) return [];
  return v.map((d: Record<string, unknown>) => ({
    slug: str(d['slug']),
    name: str(d['name']),
    packaging: d['packaging'] === 'reusable' ? 'reusable' : 'disposable',
    amount: moneyInputValue(str(d['amount'])),
  }));
}

/** The deposit types as wp/v2/settings takes them (the amount as decimal text); the server checks the rest. */
function depositTypesPayload(list: DepositTypeForm[], errors: Record<string, string>): Array<Record<string, string>> {
  return list.map((d, i) => {
    const amount = parseMoneyInput(d.amount);
    if (amount === null || amount === '')
      errors[entryProblem('depositTypes', i, 'amount')] = t('Please enter a deposit from 0,01 € to 100,00 €.');
    return { slug: d.slug, name: d.name.trim(), packaging: d.packaging, amount: amount ?? '' };
  });
}

export interface ManufacturerForm {
  /** What products name it by ('' for a new one: the server makes it from the name); kept when the name changes. */
  slug: string;
  name: string;
  /** Postal and electronic address, as lines. */
  address: string;
  /** The responsible person in the EU, for a manufacturer outside it. */
  euPerson: string;
}

export const emptyManufacturer = (): ManufacturerForm => ({ slug: '', name: '', address: '', euPerson: '' });

function manufacturersFromSettings(v: unknown): ManufacturerForm[] {
  if (!Array.isArray(v)) return [];
  return v.map((m: Record<string, unknown>) => ({
    slug: str(m['slug']),
    name: str(m['name']),
    address: str(m['address']),
    euPerson: str(m['eu_person']),
  }));
}

/** The manufacturers as wp/v2/settings takes them; problems keyed by the server's paths (`laden_manufacturers.0.address`). */
function manufacturersPayload(list: ManufacturerForm[], errors: Record<string, string>): Array<Record<string, string>> {
  return list.map((m, i) => {
    const at = (field: string) => entryProblem('manufacturers', i, field);
    const name = m.name.trim();
    const address = m.address.trim();
    if (name === '' || [...name].length > MANUFACTURER_NAME_MAX)
      errors[at('name')] = t('Please name the manufacturer (at most 100 characters).');
    if (address === '' || [...address].length > MANUFACTURER_ADDRESS_MAX)
      errors[at('address')] = t("Please give the manufacturer's postal and electronic address (at most 500 characters).");
    if ([...m.euPerson.trim()].length > MANUFACTURER_ADDRESS_MAX) errors[at('eu_person')] = t('At most 500 characters.');
    return { slug: m.slug, name, address, eu_person: m.euPerson.trim() };
  });
}

/**
 * A zone's methods beside its flat cost and free-shipping threshold: the standard rate's weight
 * bands and class costs, and its further methods.
 */
export interface MethodsForm extends ClassCostsForm {
  /** Its further methods (Express, pickup), in the order the checkout offers them. */
  methods: MethodForm[];
  /** The standard rate by the parcel's weight, ascending (none: its flat cost whatever the weight). */
  weightBands: WeightBandForm[];
}

/** Up to `upToKg` (as typed, German decimals) the standard rate costs `cost` (as typed). */
export interface WeightBandForm {
  upToKg: string;
  cost: string;
}

export const emptyWeightBand = (): WeightBandForm => ({ upToKg: '', cost: '' });

export const emptyMethods = (): MethodsForm => ({ methods: [], weightBands: [], classCosts: {}, noClassCost: '', classPerOrder: false });

/** Grams as kilograms in German notation (2500 → "2,5"). */
const kgInput = (grams: number): string => String(grams / 1000).replace('.', ',');

/** Kilograms as typed ("2,5", "31.5") in whole grams; `null` when it is no weight above 0 (at most grams). */
function gramsOf(typed: string): number | null {
  const v = typed.trim().replace(',', '.');
  if (!/^\d+(\.\d{1,3})?$/.test(v)) return null;
  const grams = Math.round(Number.parseFloat(v) * 1000);
  return grams > 0 ? grams : null;
}

export interface ZoneForm extends MethodsForm {
  name: string;
  countries: string[];
  /** As typed (German prices). */
  cost: string;
  freeFrom: string;
  /** The zone's Lieferzeit for products that state none; empty: the shop's. */
  deliveryTime: string;
}

/** A zone's further method: another flat rate (title, cost, class costs) or local pickup (title, opening hours). */
export interface MethodForm extends ClassCostsForm {
  kind: 'flat_rate' | 'local_pickup';
  title: string;
  /** As typed (German price); a flat rate's only. */
  cost: string;
  /** Pickup's only. */
  hours: string;
}

export const emptyMethod = (): MethodForm => ({
  kind: 'flat_rate',
  title: '',
  cost: '',
  hours: '',
  classCosts: {},
  noClassCost: '',
  classPerOrder: false,
});

export const emptyZone = (): ZoneForm => ({
  name: '',
  countries: [],
  cost: '',
  freeFrom: '',
  deliveryTime: '',
  ...emptyMethods(),
});

function methodsFromSettings(v: unknown): MethodsForm {
  const m = (v ?? {}) as Partial<MethodsWire>;
  return {
    methods: (Array.isArray(m.extra) ? m.extra : []).map((e) => ({
      kind: e.kind === 'local_pickup' ? 'local_pickup' : 'flat_rate',
      title: str(e.title),
      cost: e.kind === 'local_pickup' ? '' : moneyInputValue(str(e.cost)),
      hours: str(e.hours),
      ...classCostsFromWire(e),
    })),
    weightBands: (Array.isArray(m.weight_bands) ? m.weight_bands : []).map((b) => ({
      upToKg: kgInput(b.up_to_grams),
      cost: moneyInputValue(str(b.cost)),
    })),
    ...classCostsFromWire(m),
  };
}

/** A zone's methods as wp/v2/settings takes them; problems keyed by the server's paths. */
function methodsPayload(
  z: MethodsForm,
  kept: ReadonlySet<string>,
  at: (field: string) => string,
  errors: Record<string, string>,
): MethodsWire {
  const titles = new Set<string>();
  let lighter = 0;
  return {
    weight_bands: z.weightBands.map((b, i) => {
      const grams = gramsOf(b.upToKg);
      const cost = parseMoneyInput(b.cost);
      if (grams === null || grams <= lighter)
        errors[at(`weight_bands.${i}.up_to_grams`)] = t('Please enter a weight above the band before, such as 2,5.');
      if (cost === null || cost === '') errors[at(`weight_bands.${i}.cost`)] = t('Please enter a price such as 12,90.');
      lighter = Math.max(lighter, grams ?? 0);
      return { up_to_grams: grams ?? 0, cost: cost ?? '' };
    }),
    ...classCostsPayload(z, kept, at, errors),
    extra: z.methods.map((m, j) => {
      const title = m.title.trim();
      if (title === '' || title.length > SHIPPING_METHOD_TITLE_MAX || titles.has(title.toLowerCase()))
        errors[at(`extra.${j}.title`)] = t('Please name each method, once per zone (at most 100 characters).');
      titles.add(title.toLowerCase());
      const cost = m.kind === 'flat_rate' ? parseMoneyInput(m.cost) : '0';
      if (cost === null || cost === '') errors[at(`extra.${j}.cost`)] = t('Please enter a price such as 12,90.');
      const classes =
        m.kind === 'flat_rate'
          ? classCostsPayload(m, kept, (f) => at(`extra.${j}.${f}`), errors)
          : { class_costs: {}, no_class_cost: '', class_per_order: false };
      return { kind: m.kind, title, cost: cost ?? '', hours: m.kind === 'local_pickup' ? m.hours.trim() : '', ...classes };
    }),
  };
}

function zonesFromSettings(v: unknown): ZoneForm[] {
  if (!Array.isArray(v)) return [];
  return v.map((z: Record<string, unknown>) => ({
    name: str(z['name']),
    countries: Array.isArray(z['countries']) ? z['countries'].filter((c): c is string => typeof c === 'string') : [],
    cost: moneyInputValue(str(z['cost'])),
    freeFrom: moneyInputValue(str(z['free_from'])),
    deliveryTime: str(z['delivery_time']),
    ...methodsFromSettings(z['methods']),
  }));
}

/**
 * The form with `countries` as its delivery countries: a country no longer delivered to leaves
 * the zones too, since a zone may name only delivery countries.
 */
export function withDeliveryCountries(form: SettingsForm, countries: string[]): SettingsForm {
  return {
    ...form,
    deliveryCountries: countries,
    zones: form.zones.map((z) => ({ ...z, countries: z.countries.filter((c) => countries.includes(c)) })),
  };
}

/** The zones as wp/v2/settings takes them; problems keyed by the server's paths (`laden_shipping_zones.1.countries`). */
function zonesPayload(zones: ZoneForm[], kept: ReadonlySet<string>, errors: Record<string, string>): Array<Record<string, unknown>> {
  const taken = new Set<string>();
  return zones.map((z, i) => {
    const at = (field: string) => entryProblem('zones', i, field);
    const name = z.name.trim();
    if (name === '' || name.length > 100) errors[at('name')] = t('Please name the zone (at most 100 characters).');
    if (z.countries.length === 0) errors[at('countries')] = t('Please choose at least one country.');
    else if (z.countries.some((c) => taken.has(c))) errors[at('countries')] = t('A country can belong to one zone only.');
    z.countries.forEach((c) => taken.add(c));
    const cost = parseMoneyInput(z.cost);
    const free = parseMoneyInput(z.freeFrom);
    if (cost === null || cost === '') errors[at('cost')] = t('Please enter a price such as 12,90.');
    if (free === null) errors[at('free_from')] = t('Please enter a price such as 12,90.');
    const deliveryTime = z.deliveryTime.trim();
    if (deliveryTime.length > DELIVERY_TIME_MAX) errors[at('delivery_time')] = t('Please enter a delivery time of at most 100 characters.');
    return {
      name,
      countries: z.countries,
      cost: cost ?? '',
      free_from: free === '' || free === null ? null : free,
      delivery_time: deliveryTime,
      methods: methodsPayload(z, kept, at, errors),
    };
  });
}

const str = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');

export function formFromSettings(s: Settings): SettingsForm {
  return {
    flags: Object.fromEntries(BOOLEANS.map((k) => [k, s[k] === true])) as SettingsForm['flags'],
    texts: Object.fromEntries(TEXTS.map((k) => [k, str(s[k])])) as SettingsForm['texts'],
    shippingFlat: moneyInputValue(str(s['laden_shipping_flat'])),
    shippingFreeFrom: moneyInputValue(str(s['laden_shipping_free_from'])),
    lowStock: str(s['laden_low_stock_amount']),
    invoiceDueDays: str(s['laden_invoice_due_days']),
    headerOffset: str(s['laden_header_offset']),
    headerBreakpoint: str(s['laden_header_breakpoint']),
    overlap: str(s['laden_header_overlap']).split(' ').filter(Boolean),
    smoothScroll: s['laden_smooth_scroll'] === true ? 'on' : s['laden_smooth_scroll'] === false ? 'off' : 'default',
    quantityField: s['laden_quantity_field'] === '1' || s['laden_quantity_field'] === '0' ? s['laden_quantity_field'] : 'default',
    quantityStepMax: str(s['laden_quantity_step_max']),
    paymentMethods: Array.isArray(s['laden_payment_methods'])
      ? s['laden_payment_methods'].filter((m): m is string => typeof m === 'string')
      : [],
    deliveryCountries: Array.isArray(s['laden_delivery_countries'])
      ? s['laden_delivery_countries'].filter((c): c is string => typeof c === 'string')
      : [],
    zones: zonesFromSettings(s[LIST_SETTINGS.zones]),
    manufacturers: manufacturersFromSettings(s[LIST_SETTINGS.manufacturers]),
    depositTypes: depositTypesFromSettings(s[LIST_SETTINGS.depositTypes]),
    priceLabels: priceLabelsFromSettings(s[LIST_SETTINGS.priceLabels]),
    shippingClasses: shippingClassesFromSettings(s[LIST_SETTINGS.shippingClasses]),
    restMethods: methodsFromSettings(s['laden_shipping_methods']),
  };
}

function whole(text: string, key: string, errors: Record<string, string>, allowEmpty = false): number | null {
  const v = text.trim();
  if (v === '' && allowEmpty) return null;
  if (!/^\d+$/.test(v)) {
    errors[key] = t('Please enter a whole number of at least 0.');
    return null;
  }
  return Number.parseInt(v, 10);
}

export function toSettingsPayload(form: SettingsForm): { payload: Settings; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const payload: Settings = { ...form.flags, ...form.texts };
  const flat = parseMoneyInput(form.shippingFlat);
  const free = parseMoneyInput(form.shippingFreeFrom);
  if (flat === null || flat === '') errors['laden_shipping_flat'] = t('Please enter a price such as 12,90.');
  else payload['laden_shipping_flat'] = flat;
  if (free === null) errors['laden_shipping_free_from'] = t('Please enter a price such as 12,90.');
  else payload['laden_shipping_free_from'] = free === '' ? null : free;
  const low = whole(form.lowStock, 'laden_low_stock_amount', errors);
  if (low !== null) payload['laden_low_stock_amount'] = low;
  const due = whole(form.invoiceDueDays, 'laden_invoice_due_days', errors);
  if (due !== null) payload['laden_invoice_due_days'] = due;
  const offset = whole(form.headerOffset, 'laden_header_offset', errors);
  if (offset !== null) payload['laden_header_offset'] = offset;
  const breakpoint = whole(form.headerBreakpoint, 'laden_header_breakpoint', errors);
  if (breakpoint !== null) payload['laden_header_breakpoint'] = breakpoint;
  payload['laden_header_overlap'] = form.overlap.join(' ');
  payload['laden_smooth_scroll'] = form.smoothScroll === 'default' ? null : form.smoothScroll === 'on';
  payload['laden_quantity_field'] = form.quantityField === 'default' ? null : form.quantityField;
  const step = whole(form.quantityStepMax, 'laden_quantity_step_max', errors, true);
  payload['laden_quantity_step_max'] = step;
  if (step === 0) errors['laden_quantity_step_max'] = t('Please enter a whole number of at least 1.');
  if (form.paymentMethods.length === 0) errors['laden_payment_methods'] = t('Please offer at least one payment method.');
  payload['laden_payment_methods'] = form.paymentMethods;
  if (form.deliveryCountries.length === 0) errors['laden_delivery_countries'] = t('Please choose at least one delivery country.');
  payload['laden_delivery_countries'] = form.deliveryCountries;
  payload[LIST_SETTINGS.shippingClasses] = form.shippingClasses.map((c) => ({
    id: c.id,
    slug: c.slug,
    name: c.name.trim(),
    description: c.description.trim(),
  }));
  const keptClasses = new Set(form.shippingClasses.map((c) => c.slug).filter((s) => s !== ''));
  payload[LIST_SETTINGS.zones] = zonesPayload(form.zones, keptClasses, errors);
  payload['laden_shipping_methods'] = methodsPayload(form.restMethods, keptClasses, (f) => `laden_shipping_methods.${f}`, errors);
  payload[LIST_SETTINGS.manufacturers] = manufacturersPayload(form.manufacturers, errors);
  payload[LIST_SETTINGS.depositTypes] = depositTypesPayload(form.depositTypes, errors);
  payload[LIST_SETTINGS.priceLabels] = form.priceLabels.map((l) => ({ slug: l.slug, name: l.name.trim() }));
  // A default whose label was just removed is none.
  for (const k of ['laden_default_sale_price_label', 'laden_default_sale_price_regular_label'] as const) {
    if (!form.priceLabels.some((l) => l.slug !== '' && l.slug === form.texts[k])) payload[k] = '';
  }
  return { payload, errors };
}
