/**
 * The product editor's form state and its translation to and from wc/v3:
 * German price input, stock as compare-and-swap against the loaded value,
 * variations generated from the attributes.
 */
import { moneyInputValue, parseMoneyInput } from '../../../../lib/format/money';
import { t } from '../../../../lib/i18n';
import type {
  WcAttribute,
  WcAttributeChoice,
  WcCategoryRef,
  WcImage,
  WcMeta,
  WcProduct,
  WcTagRef,
  WcVariation,
} from '../../../../generated/wire';

type MetaIn = Pick<WcMeta, 'key' | 'value'>;

/** The fields of a wc/v3 product the form reads. */
export type ProductSource = Pick<
  WcProduct,
  | 'id'
  | 'name'
  | 'type'
  | 'status'
  | 'catalog_visibility'
  | 'featured'
  | 'sku'
  | 'regular_price'
  | 'sale_price'
  | 'manage_stock'
  | 'stock_quantity'
  | 'description'
  | 'short_description'
> &
  Partial<
    Pick<
      WcProduct,
      | 'external_url'
      | 'button_text'
      | 'grouped_products'
      | 'virtual'
      | 'weight'
      | 'shipping_class'
      | 'dimensions'
      | 'sold_individually'
      | 'backorders'
      | 'upsell_ids'
      | 'cross_sell_ids'
      | 'purchase_note'
      | 'downloadable'
      | 'downloads'
      | 'download_limit'
      | 'download_expiry'
      | 'tax_status'
      | 'tax_class'
      | 'date_on_sale_from'
      | 'date_on_sale_to'
    >
  > & {
    categories: Array<Pick<WcCategoryRef, 'id' | 'name'>>;
    tags?: Array<Pick<WcTagRef, 'name'>>;
    images: Array<Pick<WcImage, 'id' | 'src' | 'name' | 'alt'>>;
    attributes: Array<Pick<WcAttribute, 'name' | 'options' | 'variation'>>;
    meta_data: MetaIn[];
  };

/** The fields of a wc/v3 variation the form reads. */
export type VariationSource = Pick<WcVariation, 'id' | 'sku' | 'regular_price' | 'sale_price' | 'manage_stock' | 'stock_quantity'> &
  Partial<Pick<WcVariation, 'shipping_class'>> & {
    image: Pick<WcImage, 'id'> | null;
    attributes: Array<Pick<WcAttributeChoice, 'name' | 'option'>>;
    meta_data?: MetaIn[];
  };
import { combinationKey, missingCombinations, parseOptions, type Combination } from './variations';
import { ALLERGENS, FOOD_TEXTS, NUTRIENTS } from '../choices';
import { DEFECT_DESCRIPTION_MAX, SAFETY_INFORMATION_MAX, DELIVERY_TIME_MAX } from '../../../../config/constants';

export interface StockForm {
  manage: boolean;
  /** As typed. */
  quantity: string;
  /** The stock the form was loaded with (`null`: new, or not tracked then). */
  loaded: number | null;
}

export interface VariationForm {
  /** `null` until saved. */
  id: number | null;
  attributes: Combination;
  sku: string;
  regular: string;
  sale: string;
  stock: StockForm;
  imageId: number | null;
  media: MediaForm;
  /** Grundpreis: this variation's content, in the product's unit (empty: the product's). */
  unitContent: string;
  /** Lieferzeit (empty: the product's). */
  deliveryTime: string;
  /** Lieferzeit by country, as text (`AT: 7–10 Werktage | …`; empty: none of its own). */
  deliveryTimes: string;
  /** Defects of this variation (B-Ware; empty: the product's). */
  defectDescription: string;
  /** Its own deposit type by name or slug and units per item (empty: the product's). */
  depositType: string;
  depositQuantity: string;
  /** Its own sale price labels by name or slug (empty: the product's). */
  saleLabel: string;
  saleRegularLabel: string;
  /** Its own shipping class's slug ('' for the product's). */
  shippingClass: string;
  remove: boolean;
}

/** A variation's attached media (spec §3): a video or embed shown instead of the first gallery image. */
export interface MediaForm {
  enabled: boolean;
  /** A video file's address, an embed address (YouTube, Vimeo) or their HTML. */
  source: string;
  posterId: number | null;
}

export const emptyMedia = (): MediaForm => ({ enabled: false, source: '', posterId: null });

/** How the gallery shows a source: embeds (and iframes) in an iframe, everything else as a video. */
export function mediaTypeFor(source: string): '' | 'video' | 'iframe' {
  const s = source.trim();
  if (s === '') return '';
  return /<iframe\b|^https:\/\/(www\.youtube(-nocookie)?\.com\/embed\/|player\.vimeo\.com\/video\/)/i.test(s) ? 'iframe' : 'video';
}

function mediaOf(meta: Array<{ key: string; value: unknown }>): MediaForm {
  const get = (k: string) => meta.find((m) => m.key === k)?.value;
  const source = get('laden_attached_media');
  const poster = Number(get('laden_attached_media_poster'));
  return {
    enabled: get('laden_attached_media_enabled') === 'yes',
    source: typeof source === 'string' ? source : '',
    posterId: poster > 0 ? poster : null,
  };
}

function mediaPayload(m: MediaForm, key: string, errors: FormErrors): Array<{ key: string; value: string }> {
  if (m.enabled && m.source.trim() === '') errors[key] = t('Please enter the address of the video.');
  return [
    { key: 'laden_attached_media', value: m.source.trim() },
    { key: 'laden_attached_media_type', value: mediaTypeFor(m.source) },
    { key: 'laden_attached_media_poster', value: m.posterId === null ? '' : String(m.posterId) },
    { key: 'laden_attached_media_enabled', value: m.enabled ? 'yes' : 'no' },
  ];
}

export type CatalogVisibility = 'visible' | 'catalog' | 'search' | 'hidden';

/** WooCommerce's tax status: goods and shipping taxed, only the shipping, neither. */
export type TaxStatus = 'taxable' | 'shipping' | 'none';

const TAX_STATUSES: readonly TaxStatus[] = ['taxable', 'shipping', 'none'];

/** A tax status as sent (anything else: taxable, WooCommerce's default). */
export const taxStatusOf = (v: string | undefined): TaxStatus => TAX_STATUSES.find((x) => x === v) ?? 'taxable';

/** WooCommerce's tax classes by slug: standard (19 %, `""`), reduced (7 %), zero (0 %). */
export type TaxClassSlug = '' | 'reduced-rate' | 'zero-rate';

const TAX_CLASSES: readonly TaxClassSlug[] = ['', 'reduced-rate', 'zero-rate'];

/** A tax class as sent (`standard` and anything else: standard). */
export const taxClassOf = (v: string | undefined): TaxClassSlug => TAX_CLASSES.find((x) => x === v) ?? '';

/** A downloadable file: its id is kept (download grants refer to it), empty for a new one. */
export interface DownloadForm {
  id: string;
  name: string;
  file: string;
}

const VISIBILITIES: readonly CatalogVisibility[] = ['visible', 'catalog', 'search', 'hidden'];

/** A select's value as a visibility (anything else: shown everywhere). */
export const visibilityOf = (v: string): CatalogVisibility => VISIBILITIES.find((x) => x === v) ?? 'visible';

export interface ProductForm {
  name: string;
  type: WcProduct['type'];
  status: string;
  /** An external product's address and button text. */
  externalUrl: string;
  buttonText: string;
  /** A grouped product's products, as ids separated by commas. */
  groupedIds: string;
  /** No shipping (downloads, services, vouchers). */
  isVirtual: boolean;
  /** Shipping data as typed: weight in kg, length, width and height in cm. */
  weight: string;
  length: string;
  width: string;
  height: string;
  /** The shipping class's slug among the shop's ('' for none). */
  shippingClass: string;
  soldIndividually: boolean;
  backorders: 'no' | 'notify' | 'yes';
  /** Upsells and cross-sells as product ids separated by commas. */
  upsellIds: string;
  crossSellIds: string;
  /** Shown to the buyer in the order confirmation. */
  purchaseNote: string;
  /** Files the buyer may download once the order is paid. */
  downloadable: boolean;
  downloads: DownloadForm[];
  /** Downloads per file and days until the links expire, as typed (empty: unlimited). */
  downloadLimit: string;
  downloadExpiry: string;
  /** Tags by name, separated by commas. */
  tags: string;
  taxStatus: TaxStatus;
  /** The VAT rate the product is sold at; its variations that had the old one follow it. */
  taxClass: TaxClassSlug;
  /** A scheduled sale's first and last day (`YYYY-MM-DD`, German time; empty: open). */
  saleFrom: string;
  saleTo: string;
  /** Where the product shows: shop and search, shop only, search only, neither. */
  visibility: CatalogVisibility;
  featured: boolean;
  sku: string;
  regular: string;
  sale: string;
  stock: StockForm;
  description: string;
  shortDescription: string;
  seoTitle: string;
  seoDescription: string;
  /** Grundpreis (PAngV): unit (`g`, `kg`, `ml`, `l`, `m`, `Stück` or empty), content and reference amount as typed. */
  unit: string;
  unitContent: string;
  unitBase: string;
  /** Lieferzeit (empty: the shop's default). */
  deliveryTime: string;
  /** Lieferzeit by delivery country, as typed: `AT: 7–10 Werktage | CH: 10–14 Werktage` (the server checks it). */
  deliveryTimes: string;
  /** Goods the law treats apart (Germanized's meta): defects (B-Ware), used goods, minimum age ('' for none), a photovoltaic system. */
  defectDescription: string;
  usedGood: boolean;
  minAge: string;
  photovoltaic: boolean;
  /** Sold under the margin scheme for second-hand goods (§ 25a UStG, Germanized's `_differential_taxation`). */
  marginScheme: boolean;
  /** Product safety (GPSR): the manufacturer by its slug or name ('' for none), the warnings. */
  manufacturer: string;
  safetyInformation: string;
  /** The deposit (Pfand): a deposit type by its name or slug ('' for none), and its units per item as typed. */
  depositType: string;
  depositQuantity: string;
  /** The sale price labels by name or slug ('' for the shop's default): before the struck price and before the new one. */
  saleLabel: string;
  saleRegularLabel: string;
  /** Food information (LMIV) by its meta keys (`FOOD_KEYS`), as typed; `_is_food` is 'yes' or ''. */
  food: Record<string, string>;
  categories: number[];
  /** `alt`: the image's alternative text, for the editor's warning when it is missing. */
  images: Array<{ id: number; src: string; alt: string }>;
  attributes: Array<{ name: string; options: string; variation: boolean }>;
  variations: VariationForm[];
}

export const emptyStock = (): StockForm => ({ manage: false, quantity: '', loaded: null });

export function emptyForm(): ProductForm {
  return {
    name: '',
    type: 'simple',
    status: 'publish',
    externalUrl: '',
    buttonText: '',
    groupedIds: '',
    isVirtual: false,
    weight: '',
    shippingClass: '',
    length: '',
    width: '',
    height: '',
    soldIndividually: false,
    backorders: 'no',
    upsellIds: '',
    crossSellIds: '',
    purchaseNote: '',
    downloadable: false,
    downloads: [],
    downloadLimit: '',
    downloadExpiry: '',
    tags: '',
    taxStatus: 'taxable',
    taxClass: '',
    saleFrom: '',
    saleTo: '',
    visibility: 'visible',
    featured: false,
    sku: '',
    regular: '',
    sale: '',
    stock: emptyStock(),
    description: '',
    shortDescription: '',
    seoTitle: '',
    seoDescription: '',
    unit: '',
    unitContent: '',
    unitBase: '',
    deliveryTime: '',
    deliveryTimes: '',
    defectDescription: '',
    usedGood: false,
    photovoltaic: false,
    marginScheme: false,
    minAge: '',
    manufacturer: '',
    safetyInformation: '',
    depositType: '',
    depositQuantity: '',
    saleLabel: '',
    saleRegularLabel: '',
    food: {},
    categories: [],
    images: [],
    attributes: [],
    variations: [],
  };
}

const stockOf = (p: { manage_stock: boolean; stock_quantity: number | null }): StockForm => ({
  manage: p.manage_stock,
  quantity: p.stock_quantity === null ? '' : String(p.stock_quantity),
  loaded: p.manage_stock ? p.stock_quantity : null,
});

const meta = (p: ProductSource, key: string): string => {
  const v = p.meta_data.find((m) => m.key === key)?.value;
  return typeof v === 'string' ? v : '';
};

export function formFromProduct(p: ProductSource, variations: VariationSource[]): ProductForm {
  return {
    name: p.name,
    type: p.type,
    status: p.status,
    externalUrl: p.external_url ?? '',
    buttonText: p.button_text ?? '',
    groupedIds: (p.grouped_products ?? []).join(', '),
    isVirtual: p.virtual ?? false,
    weight: decimalInput(p.weight ?? ''),
    length: decimalInput(p.dimensions?.length ?? ''),
    width: decimalInput(p.dimensions?.width ?? ''),
    height: decimalInput(p.dimensions?.height ?? ''),
    shippingClass: p.shipping_class ?? '',
    soldIndividually: p.sold_individually ?? false,
    backorders: p.backorders ?? 'no',
    upsellIds: (p.upsell_ids ?? []).join(', '),
    crossSellIds: (p.cross_sell_ids ?? []).join(', '),
    purchaseNote: p.purchase_note ?? '',
    downloadable: p.downloadable ?? false,
    downloads: (p.downloads ?? []).map((d) => ({ id: d.id, name: d.name, file: d.file })),
    downloadLimit: countInput(p.download_limit),
    downloadExpiry: countInput(p.download_expiry),
    tags: (p.tags ?? []).map((tag) => tag.name).join(', '),
    taxStatus: taxStatusOf(p.tax_status),
    taxClass: taxClassOf(p.tax_class),
    saleFrom: (p.date_on_sale_from ?? '').slice(0, 10),
    saleTo: (p.date_on_sale_to ?? '').slice(0, 10),
    visibility: p.catalog_visibility,
    featured: p.featured,
    sku: p.sku,
    regular: moneyInputValue(p.regular_price),
    sale: moneyInputValue(p.sale_price),
    stock: stockOf(p),
    description: p.description,
    shortDescription: p.short_description,
    seoTitle: meta(p, '_yoast_wpseo_title'),
    seoDescription: meta(p, '_yoast_wpseo_metadesc'),
    unit: meta(p, '_unit'),
    unitContent: germanAmount(meta(p, '_unit_product')),
    unitBase: germanAmount(meta(p, '_unit_base')),
    deliveryTime: meta(p, 'laden_delivery_time'),
    deliveryTimes: deliveryTimesText(p.meta_data.find((m) => m.key === DELIVERY_TIMES)?.value),
    defectDescription: meta(p, '_defect_description'),
    usedGood: meta(p, '_is_used_good') === 'yes',
    photovoltaic: meta(p, '_photovoltaic_system') === 'yes',
    marginScheme: meta(p, '_differential_taxation') === 'yes',
    minAge: meta(p, '_min_age'),
    manufacturer: meta(p, '_manufacturer_slug'),
    safetyInformation: meta(p, 'laden_safety_information'),
    depositType: meta(p, '_deposit_type'),
    depositQuantity: meta(p, '_deposit_quantity'),
    saleLabel: meta(p, '_sale_price_label'),
    saleRegularLabel: meta(p, '_sale_price_regular_label'),
    food: Object.fromEntries(FOOD_KEYS.map((k) => [k, meta(p, k)])),
    categories: p.categories.map((c) => c.id),
    images: p.images.map((i) => ({ id: i.id, src: i.src, alt: i.alt })),
    attributes: p.attributes.map((a) => ({ name: a.name, options: a.options.join(', '), variation: a.variation })),
    variations: variations.map((v) => variationFromWc(v)),
  };
}

/** A wc/v3 variation as the editor's form keeps it. */
function variationFromWc(v: VariationSource): VariationForm {
  const own = (key: string) => String(v.meta_data?.find((m) => m.key === key)?.value ?? '');
  return {
    id: v.id,
    attributes: Object.fromEntries(v.attributes.map((a) => [a.name, a.option])),
    sku: v.sku,
    regular: moneyInputValue(v.regular_price),
    sale: moneyInputValue(v.sale_price),
    stock: stockOf(v),
    imageId: v.image?.id ?? null,
    media: mediaOf(v.meta_data ?? []),
    unitContent: germanAmount(own('_unit_product')),
    deliveryTime: own('laden_delivery_time'),
    deliveryTimes: deliveryTimesText(v.meta_data?.find((m) => m.key === DELIVERY_TIMES)?.value),
    defectDescription: own('_defect_description'),
    depositType: own('_deposit_type'),
    depositQuantity: own('_deposit_quantity'),
    saleLabel: own('_sale_price_label'),
    saleRegularLabel: own('_sale_price_regular_label'),
    shippingClass: v.shipping_class ?? '',
    remove: false,
  };
}

/** Adds a variation for every combination of the variation attributes that has none yet. */
export function withGeneratedVariations(form: ProductForm): ProductForm {
  const attrs = form.attributes.map((a) => ({ name: a.name, options: parseOptions(a.options), variation: a.variation }));
  const existing = form.variations.filter((v) => !v.remove).map((v) => v.attributes);
  return { ...form, variations: [...form.variations, ...missingCombinations(attrs, existing).map((c) => newVariation(c))] };
}

/** A variation not yet saved: its attribute values, everything else empty (`patch` sets some). */
export function newVariation(attributes: Record<string, string>, patch: Partial<VariationForm> = {}): VariationForm {
  return {
    id: null,
    attributes,
    sku: '',
    regular: '',
    sale: '',
    stock: emptyStock(),
    imageId: null,
    media: emptyMedia(),
    unitContent: '',
    deliveryTime: '',
    deliveryTimes: '',
    defectDescription: '',
    depositType: '',
    depositQuantity: '',
    saleLabel: '',
    saleRegularLabel: '',
    shippingClass: '',
    remove: false,
    ...patch,
  };
}

export type FormErrors = Record<string, string>;

/** The units a Grundpreis can be given in (Germanized's `_unit` values). */
export const UNITS = ['g', 'kg', 'ml', 'l', 'm', 'Stück'] as const;

/** An amount as stored (`0.75`) the German way (`0,75`). */
const germanAmount = (v: string): string => v.replace('.', ',');

/** A delivery time as typed: at most 100 characters (the server's limit). */
/** The meta key of the Lieferzeit by country: the server answers an object of codes and texts and takes the text form. */
const DELIVERY_TIMES = 'laden_delivery_time_countries';

/** The Lieferzeit by country as the field shows it: `AT: 7–10 Werktage | CH: 10–14 Werktage`. */
export function deliveryTimesText(value: unknown): string {
  if (typeof value !== 'object' || value === null) return '';
  return Object.entries(value)
    .filter((e): e is [string, string] => typeof e[1] === 'string')
    .map(([country, time]) => `${country}: ${time}`)
    .join(' | ');
}

function deliveryPayload(text: string, key: string, errors: FormErrors): string {
  const s = text.trim().replace(/\s+/g, ' ');
  if ([...s].length > DELIVERY_TIME_MAX) errors[key] = t('Please enter a delivery time of at most 100 characters.');
  return s;
}

/** A defect description as typed, on one line: at most 1000 characters (the server's limit). */
function defectPayload(text: string, key: string, errors: FormErrors): MetaIn {
  const defects = text.trim().replace(/\s+/g, ' ');
  if ([...defects].length > DEFECT_DESCRIPTION_MAX) errors[key] = t('The defect description may be at most 1000 characters long.');
  return { key: '_defect_description', value: defects };
}

/** The meta entries of goods the law treats apart: the defects, used goods, the minimum age, a photovoltaic system. */
function specialGoodsPayload(form: ProductForm, errors: FormErrors): MetaIn[] {
  return [
    defectPayload(form.defectDescription, 'meta_data._defect_description', errors),
    { key: '_is_used_good', value: form.usedGood ? 'yes' : 'no' },
    { key: '_min_age', value: form.minAge },
    { key: '_photovoltaic_system', value: form.photovoltaic ? 'yes' : 'no' },
    { key: '_differential_taxation', value: form.marginScheme ? 'yes' : 'no' },
  ];
}

/** The meta entries of product safety (GPSR): the manufacturer, the warnings. */
function safetyPayload(form: ProductForm, errors: FormErrors): MetaIn[] {
  if ([...form.safetyInformation.trim()].length > SAFETY_INFORMATION_MAX)
    errors['meta_data.laden_safety_information'] = t('Warnings and safety information take at most 2,000 characters.');
  return [
    { key: '_manufacturer_slug', value: form.manufacturer.trim() },
    { key: 'laden_safety_information', value: form.safetyInformation.trim() },
  ];
}

/** The food information's meta keys: whether it is a food, its texts, allergens, reference and nutrients. */
export const FOOD_KEYS = [
  '_is_food',
  ...FOOD_TEXTS.map(([k]) => k),
  'laden_allergens',
  '_nutrient_reference_value',
  ...NUTRIENTS.map(([k]) => k),
];

/** The allergens a food states, as slugs. */
export function allergensOf(food: Record<string, string>): string[] {
  return (food['laden_allergens'] ?? '')
    .split(',')
    .map((a) => a.trim())
    .filter((a) => a !== '');
}

/** The food's allergens with `slug` ticked or unticked, in Annex II's order. */
export function withAllergen(food: Record<string, string>, slug: string, on: boolean): Record<string, string> {
  const chosen = new Set(allergensOf(food));
  if (on) chosen.add(slug);
  else chosen.delete(slug);
  return {
    ...food,
    laden_allergens: ALLERGENS.map(([a]) => a)
      .filter((a) => chosen.has(a))
      .join(', '),
  };
}

/** The meta entries of the food information (the server checks the values and the declaration as a whole). */
function foodPayload(form: ProductForm): MetaIn[] {
  return FOOD_KEYS.map((key) => ({ key, value: (form.food[key] ?? '').trim() }));
}

/** An amount as typed: positive, at most three decimals (`250`, `0,75`), or empty. */
function amountPayload(text: string, key: string, errors: FormErrors): string {
  const s = text.trim();
  if (s === '') return '';
  if (!/^\d+([.,]\d{1,3})?$/.test(s) || Number(s.replace(',', '.')) <= 0)
    errors[key] = t('Please enter a positive amount with at most three decimals.');
  return s.replace(',', '.');
}

/** The stock part of a payload: unchanged stock is not sent; a change is a compare-and-swap against the loaded value. */
function stockPayload(s: StockForm, key: string, errors: FormErrors): Record<string, unknown> {
  if (!s.manage) return s.loaded === null ? {} : { manage_stock: false };
  const text = s.quantity.trim();
  if (!/^\d+$/.test(text)) {
    errors[key] = t('Please enter a whole number of at least 0.');
    return {};
  }
  const n = Number.parseInt(text, 10);
  if (s.loaded === null) return { manage_stock: true, stock_quantity: n };
  if (n === s.loaded) return {};
  return { stock_quantity: n, stock_quantity_expected: s.loaded };
}

function prices(regular: string, sale: string, prefix: string, errors: FormErrors): Record<string, string> {
  const r = parseMoneyInput(regular);
  const s = parseMoneyInput(sale);
  if (r === null) errors[`${prefix}regular_price`] = t('Please enter a price such as 12,90.');
  if (s === null) errors[`${prefix}sale_price`] = t('Please enter a price such as 12,90.');
  if (r !== null && s !== null && s !== '' && (r === '' || Number(s) >= Number(r)))
    errors[`${prefix}sale_price`] = t('The sale price must be below the regular price.');
  return r === null || s === null ? {} : { regular_price: r, sale_price: s };
}

/** WooCommerce's decimal (`0.25`) as a German form shows it (`0,25`). */
const decimalInput = (v: string): string => v.replace('.', ',');

/** A weight or length as typed (`0,25`, `12.5`, empty) as WooCommerce's decimal string; `null` when it is none. */
export function decimalPayload(text: string): string | null {
  const s = text.trim().replace(',', '.');
  if (s === '') return '';
  return /^\d{1,6}(\.\d{1,3})?$/.test(s) ? String(Number(s)) : null;
}

/** WooCommerce's count where -1 is unlimited, as the form shows it (empty: unlimited). */
const countInput = (n: number | undefined): string => (n === undefined || n < 0 ? '' : String(n));

/** A count as typed (`5`, empty: unlimited) as WooCommerce's number (-1: unlimited); `null` when it is none. */
export function countPayload(text: string): number | null {
  const s = text.trim();
  if (s === '') return -1;
  return /^\d{1,6}$/.test(s) ? Number(s) : null;
}

/** Tags typed as `Bio, Fair gehandelt` as wc/v3 tag refs by name (made where missing), each once. */
export function tagsPayload(text: string): Array<{ name: string }> {
  const seen = new Set<string>();
  return text
    .split(',')
    .map((s) => s.trim().replace(/\s+/g, ' '))
    .filter((s) => s !== '' && !seen.has(s.toLowerCase()) && seen.add(s.toLowerCase()))
    .map((name) => ({ name }));
}

/** A download's file as typed: an http(s) address or a path below the shop's `/uploads/`. */
export function isDownloadFile(file: string): boolean {
  const f = file.trim();
  if (f.startsWith('/uploads/')) return f.length > '/uploads/'.length && !f.split('/').some((seg) => seg === '..' || seg === '.');
  return /^https?:\/\/[^\s"'<>\\]+$/i.test(f);
}

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The sale's dates as wc/v3 takes them (German time): from the first day's start to the last
 * day's end, as WooCommerce's editor sets them; empty clears.
 */
function saleDatesPayload(form: ProductForm, errors: FormErrors): Record<string, string> {
  const from = form.saleFrom.trim();
  const to = form.saleTo.trim();
  if (from !== '' && !DATE_RE.test(from)) errors['date_on_sale_from'] = t('Please enter a date.');
  if (to !== '' && !DATE_RE.test(to)) errors['date_on_sale_to'] = t('Please enter a date.');
  if (from !== '' && to !== '' && from > to) errors['date_on_sale_to'] = t('The sale cannot end before it starts.');
  if ((from !== '' || to !== '') && form.sale.trim() === '')
    errors['sale_price'] = t('Please enter the sale price for the scheduled sale.');
  return {
    date_on_sale_from: from === '' ? '' : `${from}T00:00:00`,
    date_on_sale_to: to === '' ? '' : `${to}T23:59:59`,
  };
}

/** Product ids typed as `12, 15 17`; `null` when one is no id. */
export function groupedIdsOf(text: string): number[] | null {
  const parts = text.split(/[\s,;]+/).filter((s) => s !== '');
  const ids = parts.map(Number);
  return ids.every((n) => Number.isInteger(n) && n > 0) ? [...new Set(ids)] : null;
}

/** A simple product's files, limit and expiry; a product that is not downloadable keeps no files. */
function downloadsPayload(form: ProductForm, errors: FormErrors): Record<string, unknown> {
  if (!form.downloadable) return { downloadable: false };
  const downloads = form.downloads
    .filter((d) => d.name.trim() !== '' || d.file.trim() !== '')
    .map((d, i) => {
      if (!isDownloadFile(d.file)) errors[`downloads.${i}.file`] = t('A download must be an https address or a path below /uploads/.');
      return { ...(d.id === '' ? {} : { id: d.id }), name: d.name.trim(), file: d.file.trim() };
    });
  if (downloads.length === 0) errors['downloads'] = t('Please add the file to be downloaded.');
  const limit = countPayload(form.downloadLimit);
  const expiry = countPayload(form.downloadExpiry);
  if (limit === null) errors['download_limit'] = t('Please enter a whole number of at least 0, or nothing for unlimited.');
  if (expiry === null) errors['download_expiry'] = t('Please enter a whole number of at least 0, or nothing for unlimited.');
  return { downloadable: true, downloads, download_limit: limit ?? -1, download_expiry: expiry ?? -1 };
}

/** The wc/v3 product payload and the variations batch, or the form's errors (by field). */
export function toPayload(form: ProductForm): {
  product: Record<string, unknown>;
  batch: { create: unknown[]; update: unknown[]; delete: number[] };
  errors: FormErrors;
} {
  const errors: FormErrors = {};
  if (form.name.trim() === '') errors['name'] = t('Please enter a name.');
  const product: Record<string, unknown> = {
    name: form.name.trim(),
    type: form.type,
    status: form.status,
    catalog_visibility: form.visibility,
    featured: form.featured,
    sku: form.sku.trim(),
    description: form.description,
    short_description: form.shortDescription,
    categories: form.categories.map((id) => ({ id })),
    images: form.images.map((i) => ({ id: i.id })),
    meta_data: [
      { key: '_yoast_wpseo_title', value: form.seoTitle.trim() },
      { key: '_yoast_wpseo_metadesc', value: form.seoDescription.trim() },
      { key: '_unit', value: form.unit },
      { key: '_unit_product', value: amountPayload(form.unitContent, 'meta_data._unit_product', errors) },
      { key: '_unit_base', value: amountPayload(form.unitBase, 'meta_data._unit_base', errors) },
      { key: 'laden_delivery_time', value: deliveryPayload(form.deliveryTime, 'meta_data.laden_delivery_time', errors) },
      { key: DELIVERY_TIMES, value: form.deliveryTimes.trim() },
      ...specialGoodsPayload(form, errors),
      ...safetyPayload(form, errors),
      ...depositAndLabels(form),
      ...foodPayload(form),
    ],
  };
  if (form.unit === '' && form.unitContent.trim() !== '') errors['meta_data._unit'] = t('Please choose the unit of the content.');
  if (form.type === 'simple' || form.type === 'external') {
    Object.assign(
      product,
      prices(form.regular, form.sale, '', errors),
      saleDatesPayload(form, errors),
      stockPayload(form.stock, 'stock_quantity', errors),
    );
    product['virtual'] = form.type === 'external' ? false : form.isVirtual;
  }
  if (form.type === 'simple') Object.assign(product, downloadsPayload(form, errors));
  product['tags'] = tagsPayload(form.tags);
  product['tax_status'] = form.taxStatus;
  product['tax_class'] = form.taxClass;
  if (form.type === 'external') {
    const url = form.externalUrl.trim();
    if (!/^https?:\/\/\S+$/i.test(url)) errors['external_url'] = t('The external URL must be an http(s) address.');
    Object.assign(product, { external_url: url, button_text: form.buttonText.trim() });
  }
  // Shipping data and links, for every product type.
  const measures: Array<[string, string]> = [
    ['weight', form.weight],
    ['dimensions.length', form.length],
    ['dimensions.width', form.width],
    ['dimensions.height', form.height],
  ];
  const decimals: Record<string, string> = {};
  for (const [key, text] of measures) {
    const v = decimalPayload(text);
    if (v === null) errors[key] = t('Please enter a number such as 0,25.');
    else decimals[key] = v;
  }
  product['weight'] = decimals['weight'] ?? '';
  product['dimensions'] = {
    length: decimals['dimensions.length'] ?? '',
    width: decimals['dimensions.width'] ?? '',
    height: decimals['dimensions.height'] ?? '',
  };
  product['shipping_class'] = form.shippingClass;
  product['sold_individually'] = form.soldIndividually;
  product['backorders'] = form.backorders;
  product['purchase_note'] = form.purchaseNote;
  for (const [key, text] of [
    ['upsell_ids', form.upsellIds],
    ['cross_sell_ids', form.crossSellIds],
  ] as const) {
    const ids = groupedIdsOf(text);
    if (ids === null) errors[key] = t('Please give the products as numbers separated by commas.');
    else product[key] = ids;
  }
  if (form.type === 'grouped') {
    const ids = groupedIdsOf(form.groupedIds);
    if (ids === null) errors['grouped_products'] = t('Please give the products as numbers separated by commas.');
    else product['grouped_products'] = ids;
  }
  if (form.type === 'variable') {
    const names = new Set<string>();
    product['attributes'] = form.attributes
      .filter((a) => a.name.trim() !== '')
      .map((a, i) => {
        const key = a.name.trim().toLowerCase();
        if (names.has(key)) errors[`attributes.${i}`] = t('Each attribute needs a name of its own.');
        names.add(key);
        return { name: a.name.trim(), options: parseOptions(a.options), variation: a.variation, visible: true };
      });
  }
  const batch = { create: [] as unknown[], update: [] as unknown[], delete: [] as number[] };
  if (form.type === 'variable') {
    const seen = new Set<string>();
    form.variations.forEach((v, i) => {
      if (v.remove) {
        if (v.id !== null) batch.delete.push(v.id);
        return;
      }
      const key = combinationKey(v.attributes);
      if (seen.has(key)) errors[`variations.${i}`] = t('This combination exists twice.');
      seen.add(key);
      const body: Record<string, unknown> = {
        sku: v.sku.trim(),
        image: v.imageId === null ? null : { id: v.imageId },
        attributes: Object.entries(v.attributes).map(([name, option]) => ({ name, option })),
        meta_data: [
          ...mediaPayload(v.media, `variations.${i}.meta_data.laden_attached_media`, errors),
          { key: '_unit_product', value: amountPayload(v.unitContent, `variations.${i}.meta_data._unit_product`, errors) },
          { key: 'laden_delivery_time', value: deliveryPayload(v.deliveryTime, `variations.${i}.meta_data.laden_delivery_time`, errors) },
          { key: DELIVERY_TIMES, value: v.deliveryTimes.trim() },
          defectPayload(v.defectDescription, `variations.${i}.meta_data._defect_description`, errors),
          ...depositAndLabels(v),
        ],
        shipping_class: v.shippingClass,
        ...prices(v.regular, v.sale, `variations.${i}.`, errors),
        ...stockPayload(v.stock, `variations.${i}.stock_quantity`, errors),
      };
      if (v.id === null) batch.create.push(body);
      else batch.update.push({ id: v.id, ...body });
    });
  }
  return { product, batch, errors };
}

/** The deposit and the sale price labels a product or variation states itself, trimmed, under Germanized's keys (no quantity without a type). */
function depositAndLabels(f: Pick<ProductForm, 'depositType' | 'depositQuantity' | 'saleLabel' | 'saleRegularLabel'>) {
  return [
    { key: '_deposit_type', value: f.depositType.trim() },
    { key: '_deposit_quantity', value: f.depositType.trim() === '' ? '' : f.depositQuantity.trim() },
    { key: '_sale_price_label', value: f.saleLabel.trim() },
    { key: '_sale_price_regular_label', value: f.saleRegularLabel.trim() },
  ];
}
