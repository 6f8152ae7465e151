import { describe, expect, it } from 'vitest';
import {
  countPayload,
  emptyForm,
  isDownloadFile,
  tagsPayload,
  formFromProduct,
  groupedIdsOf,
  mediaTypeFor,
  newVariation,
  toPayload,
  visibilityOf,
  withGeneratedVariations,
  allergensOf,
  withAllergen,
  FOOD_KEYS,
  deliveryTimesText,
  type ProductForm,
} from './productForm';
import type { ProductSource, VariationSource } from './productForm';

const base = (over: Partial<ProductForm> = {}): ProductForm => ({ ...emptyForm(), name: 'Espresso', ...over });
/** A variation's attached-media meta entries, in the order the form sends them. */
const mediaMeta = (source: string, type: string, poster: string, enabled: 'yes' | 'no') => [
  { key: 'laden_attached_media', value: source },
  { key: 'laden_attached_media_type', value: type },
  { key: 'laden_attached_media_poster', value: poster },
  { key: 'laden_attached_media_enabled', value: enabled },
];
const emptyUnitAndDelivery = [
  { key: '_unit_product', value: '' },
  { key: 'laden_delivery_time', value: '' },
  { key: 'laden_delivery_time_countries', value: '' },
  { key: '_defect_description', value: '' },
  { key: '_deposit_type', value: '' },
  { key: '_deposit_quantity', value: '' },
  { key: '_sale_price_label', value: '' },
  { key: '_sale_price_regular_label', value: '' },
];

describe('toPayload', () => {
  it('sends German prices as decimals', () => {
    const { product, errors } = toPayload(base({ regular: '12,90', sale: '9,90' }));
    expect(errors).toEqual({});
    expect(product).toMatchObject({ name: 'Espresso', type: 'simple', regular_price: '12.90', sale_price: '9.90' });
  });

  it.each([
    [{ regular: 'zwölf' }, 'regular_price'],
    [{ regular: '5,00', sale: '6,00' }, 'sale_price'],
    [{ sale: '3,00' }, 'sale_price'],
    [{ name: '  ' }, 'name'],
    [{ stock: { manage: true, quantity: '-2', loaded: null } }, 'stock_quantity'],
    [{ stock: { manage: true, quantity: 'viele', loaded: 3 } }, 'stock_quantity'],
  ])('%o is refused at %s', (over, field) => {
    expect(Object.keys(toPayload(base(over)).errors)).toEqual([field]);
  });

  it.each([
    [{ manage: false, quantity: '', loaded: null }, {}],
    [
      { manage: true, quantity: '5', loaded: null },
      { manage_stock: true, stock_quantity: 5 },
    ],
    [{ manage: true, quantity: '7', loaded: 7 }, {}],
    [
      { manage: true, quantity: '9', loaded: 7 },
      { stock_quantity: 9, stock_quantity_expected: 7 },
    ],
    [{ manage: false, quantity: '7', loaded: 7 }, { manage_stock: false }],
  ])('stock %o → %o', (stock, want) => {
    const { product } = toPayload(base({ stock }));
    const sent = Object.fromEntries(Object.entries(product).filter(([k]) => k.includes('stock')));
    expect(sent).toEqual(want);
  });

  it('turns variations into one batch', () => {
    const form = base({
      type: 'variable',
      attributes: [{ name: 'Größe', options: '250 g, 1 kg', variation: true }],
      variations: [
        newVariation(
          { Größe: '250 g' },
          {
            id: 11,
            sku: 'A',
            regular: '9,90',
            stock: { manage: true, quantity: '4', loaded: 5 },
            imageId: 3,
            media: { enabled: true, source: 'https://www.youtube-nocookie.com/embed/abc', posterId: 3 },
            shippingClass: 'sperrgut',
          },
        ),
        newVariation({ Größe: '1 kg' }, { id: 12, sku: 'B', regular: '30', remove: true }),
        newVariation({ Größe: '1 kg' }, { sku: 'C', regular: '29,90', stock: { manage: true, quantity: '2', loaded: null } }),
      ],
    });
    const { product, batch, errors } = toPayload(form);
    expect(errors).toEqual({});
    expect(product['attributes']).toEqual([{ name: 'Größe', options: ['250 g', '1 kg'], variation: true, visible: true }]);
    expect(product).not.toHaveProperty('regular_price');
    expect(batch.delete).toEqual([12]);
    expect(batch.update).toEqual([
      {
        id: 11,
        sku: 'A',
        image: { id: 3 },
        attributes: [{ name: 'Größe', option: '250 g' }],
        meta_data: [...mediaMeta('https://www.youtube-nocookie.com/embed/abc', 'iframe', '3', 'yes'), ...emptyUnitAndDelivery],
        shipping_class: 'sperrgut',
        regular_price: '9.90',
        sale_price: '',
        stock_quantity: 4,
        stock_quantity_expected: 5,
      },
    ]);
    expect(batch.create).toEqual([
      {
        sku: 'C',
        image: null,
        attributes: [{ name: 'Größe', option: '1 kg' }],
        meta_data: [...mediaMeta('', '', '', 'no'), ...emptyUnitAndDelivery],
        // Its product's shipping class.
        shipping_class: '',
        regular_price: '29.90',
        sale_price: '',
        manage_stock: true,
        stock_quantity: 2,
      },
    ]);
  });

  it('sends the Grundpreis as Germanized keeps it, and checks it', () => {
    const meta = (form: Partial<ProductForm>) => toPayload(base(form)).product['meta_data'] as Array<{ key: string; value: string }>;
    const unit = (form: Partial<ProductForm>) => meta(form).filter((m) => m.key.startsWith('_unit'));
    expect(unit({ unit: 'g', unitContent: '250', unitBase: '' })).toEqual([
      { key: '_unit', value: 'g' },
      { key: '_unit_product', value: '250' },
      { key: '_unit_base', value: '' },
    ]);
    expect(unit({ unit: 'l', unitContent: ' 0,75 ', unitBase: '0,1' })).toEqual([
      { key: '_unit', value: 'l' },
      { key: '_unit_product', value: '0.75' },
      { key: '_unit_base', value: '0.1' },
    ]);
    expect(unit({ unit: '', unitContent: '', unitBase: '' })).toEqual([
      { key: '_unit', value: '' },
      { key: '_unit_product', value: '' },
      { key: '_unit_base', value: '' },
    ]);
    const errors = (form: Partial<ProductForm>) => Object.keys(toPayload(base(form)).errors);
    expect(errors({ unit: 'g', unitContent: '0', unitBase: '' })).toEqual(['meta_data._unit_product']);
    expect(errors({ unit: 'g', unitContent: '1,2345', unitBase: 'viel' })).toEqual(['meta_data._unit_product', 'meta_data._unit_base']);
    expect(errors({ unit: '', unitContent: '250', unitBase: '' })).toEqual(['meta_data._unit']);
    const v = newVariation({ Größe: '1 kg' }, { regular: '1', unitContent: '1000' });
    const { batch } = toPayload(base({ type: 'variable', unit: 'g', variations: [v, { ...v, unitContent: '-1' }] }));
    expect(
      (batch.create[0] as { meta_data: Array<{ key: string; value: string }> }).meta_data.find((m) => m.key === '_unit_product'),
    ).toEqual({
      key: '_unit_product',
      value: '1000',
    });
    const delivery = (text: string) => ({
      meta: meta({ deliveryTime: text }).find((m) => m.key === 'laden_delivery_time'),
      errors: Object.keys(toPayload(base({ deliveryTime: text })).errors),
    });
    expect(delivery('  3–5   Werktage ')).toEqual({ meta: { key: 'laden_delivery_time', value: '3–5 Werktage' }, errors: [] });
    expect(delivery('x'.repeat(101)).errors).toEqual(['meta_data.laden_delivery_time']);
    expect(Object.keys(toPayload(base({ type: 'variable', unit: 'g', variations: [{ ...v, unitContent: '-1' }] })).errors)).toEqual([
      'variations.0.meta_data._unit_product',
    ]);
  });

  it("sends goods the law treats apart under Germanized's keys, a variation's defects its own, and checks them", () => {
    const meta = (form: Partial<ProductForm>) =>
      (toPayload(base(form)).product['meta_data'] as Array<{ key: string; value: string }>).filter((m) =>
        ['_defect_description', '_is_used_good', '_min_age', '_photovoltaic_system'].includes(m.key),
      );
    expect(meta({ defectDescription: '  Delle\n an der   Seite ', usedGood: true, minAge: '18', photovoltaic: true })).toEqual([
      { key: '_defect_description', value: 'Delle an der Seite' },
      { key: '_is_used_good', value: 'yes' },
      { key: '_min_age', value: '18' },
      { key: '_photovoltaic_system', value: 'yes' },
    ]);
    expect(meta({})).toEqual([
      { key: '_defect_description', value: '' },
      { key: '_is_used_good', value: 'no' },
      { key: '_min_age', value: '' },
      { key: '_photovoltaic_system', value: 'no' },
    ]);
    expect(Object.keys(toPayload(base({ defectDescription: 'x'.repeat(1001) })).errors)).toEqual(['meta_data._defect_description']);
    const v = newVariation({ Zustand: 'B-Ware' }, { regular: '1', defectDescription: 'Kratzer am Deckel' });
    const { batch, errors } = toPayload(
      base({ type: 'variable', variations: [v, { ...v, attributes: { Zustand: 'Neu' }, defectDescription: 'x'.repeat(1001) }] }),
    );
    expect(
      (batch.create[0] as { meta_data: Array<{ key: string; value: string }> }).meta_data.find((m) => m.key === '_defect_description'),
    ).toEqual({
      key: '_defect_description',
      value: 'Kratzer am Deckel',
    });
    expect(Object.keys(errors)).toEqual(['variations.1.meta_data._defect_description']);
  });

  it('names errors of variations by their row', () => {
    const v = newVariation({ Größe: '1 kg' }, { regular: 'x' });
    const { errors } = toPayload(base({ type: 'variable', variations: [v, { ...v, regular: '1' }] }));
    expect(Object.keys(errors).sort()).toEqual(['variations.0.regular_price', 'variations.1']);
  });
});

describe('attached media', () => {
  it.each([
    ['', ''],
    ['/uploads/2026/11/roestung.mp4', 'video'],
    ['https://cdn.example.de/film.webm', 'video'],
    ['<video controls><source src="/uploads/a.mp4"></video>', 'video'],
    ['https://www.youtube-nocookie.com/embed/abc', 'iframe'],
    ['https://player.vimeo.com/video/42', 'iframe'],
    ['<iframe src="https://www.youtube.com/embed/x"></iframe>', 'iframe'],
  ])('%s is shown as %s', (source, type) => {
    expect(mediaTypeFor(source)).toBe(type);
  });

  it('needs a source when switched on', () => {
    const v = newVariation({ Größe: '1 kg' }, { regular: '1', media: { enabled: true, source: ' ', posterId: null } });
    expect(Object.keys(toPayload(base({ type: 'variable', variations: [v] })).errors)).toEqual([
      'variations.0.meta_data.laden_attached_media',
    ]);
  });

  it('reads what the server sends', () => {
    const meta = mediaMeta('/uploads/a.mp4', 'video', '8', 'yes');
    const v = savedVariation({ name: 'Größe', option: '1 kg' }, meta);
    expect(formFromProduct({ ...emptyProduct, type: 'variable' }, [v]).variations[0]?.media).toEqual({
      enabled: true,
      source: '/uploads/a.mp4',
      posterId: 8,
    });
  });
});

/** A variation as wc/v3 answers it: one attribute's option and its meta. */
function savedVariation(attribute: { name: string; option: string }, meta_data: VariationSource['meta_data']): VariationSource {
  return {
    id: 2,
    sku: '',
    regular_price: '1.00',
    sale_price: '',
    manage_stock: false,
    stock_quantity: null,
    image: null,
    attributes: [attribute],
    meta_data,
  };
}

const emptyProduct = {
  id: 1,
  name: 'X',
  slug: 'x',
  permalink: '',
  type: 'simple',
  status: 'draft',
  featured: false,
  catalog_visibility: 'visible',
  description: '',
  short_description: '',
  sku: '',
  price: '',
  regular_price: '',
  sale_price: '',
  manage_stock: false,
  stock_quantity: null,
  stock_status: 'instock',
  categories: [],
  images: [],
  attributes: [],
  variations: [],
  meta_data: [],
} satisfies ProductSource & Record<string, unknown>;

type Meta = Array<{ key: string; value: string }>;
/** The form of a product carrying these meta entries. */
const fromMeta = (meta: Record<string, string>) =>
  formFromProduct({ ...emptyProduct, meta_data: Object.entries(meta).map(([key, value]) => ({ key, value })) }, []);
/** The meta entries the form sends for the product, those whose key `keep` takes. */
const sentMeta = (form: ProductForm, keep: (key: string) => boolean): Meta =>
  (toPayload(form).product['meta_data'] as Meta).filter((m) => keep(m.key));

describe('German-market fields read back', () => {
  it('come from the product’s and each variation’s meta, so a save writes back what was there', () => {
    const germanized = [
      { key: '_defect_description', value: 'Delle' },
      { key: '_is_used_good', value: 'yes' },
      { key: '_min_age', value: '16' },
      { key: '_photovoltaic_system', value: 'yes' },
    ];
    const variationMeta = [
      { key: '_unit_product', value: '0.25' },
      { key: 'laden_delivery_time', value: '5–7 Werktage' },
      { key: 'laden_delivery_time_countries', value: { AT: '7–10 Werktage' } },
      { key: '_defect_description', value: 'Kratzer' },
      { key: '_deposit_type', value: 'mehrweg-glas' },
      { key: '_deposit_quantity', value: '6' },
      { key: '_sale_price_label', value: 'uvp' },
      { key: '_sale_price_regular_label', value: 'neuer-preis' },
    ];
    const v = { ...savedVariation({ name: 'Zustand', option: 'B-Ware' }, variationMeta), shipping_class: 'sperrgut' };
    const form = formFromProduct({ ...emptyProduct, type: 'variable', meta_data: germanized }, [v]);
    expect(form).toMatchObject({ defectDescription: 'Delle', usedGood: true, minAge: '16', photovoltaic: true });
    expect(form.variations[0]).toMatchObject({
      unitContent: '0,25',
      deliveryTime: '5–7 Werktage',
      deliveryTimes: 'AT: 7–10 Werktage',
      defectDescription: 'Kratzer',
      depositType: 'mehrweg-glas',
      depositQuantity: '6',
      saleLabel: 'uvp',
      saleRegularLabel: 'neuer-preis',
      shippingClass: 'sperrgut',
    });
    expect(toPayload(form).batch.update[0]).toMatchObject({ shipping_class: 'sperrgut' });
    const sent = (toPayload(form).batch.update[0] as { meta_data: Array<{ key: string; value: string }> }).meta_data;
    // The delivery times go back in the text form the server takes.
    const asSent = variationMeta.map((m) => (m.key === 'laden_delivery_time_countries' ? { ...m, value: 'AT: 7–10 Werktage' } : m));
    expect(sent.filter((m) => !m.key.startsWith('laden_attached'))).toEqual(asSent);
  });
});

describe('Lieferzeit by country', () => {
  it('is shown as one line of the server’s object and sent back as typed, trimmed', () => {
    const times = { AT: '7–10 Werktage', CH: '10–14 Werktage' };
    const form = formFromProduct({ ...emptyProduct, meta_data: [{ key: 'laden_delivery_time_countries', value: times }] }, []);
    expect(form.deliveryTimes).toBe('AT: 7–10 Werktage | CH: 10–14 Werktage');
    const sent = (f: ProductForm) =>
      (toPayload(f).product as { meta_data: Array<{ key: string; value: unknown }> }).meta_data.find(
        (m) => m.key === 'laden_delivery_time_countries',
      );
    expect(sent({ ...form, deliveryTimes: ' AT: 1 Woche ' })).toEqual({ key: 'laden_delivery_time_countries', value: 'AT: 1 Woche' });
    expect(sent(base())).toEqual({ key: 'laden_delivery_time_countries', value: '' });
  });

  it.each([[undefined], [null], ['AT: 1 Woche'], [{ AT: 5 }]])('reads %j as nothing it could show', (value) => {
    expect(deliveryTimesText(value)).toBe('');
  });
});

describe('product safety', () => {
  it('is read from the meta and sent back trimmed under its keys, the warnings checked', () => {
    const form = fromMeta({ _manufacturer_slug: 'acme-ltd', laden_safety_information: 'Nicht für Kinder unter 3 Jahren.' });
    expect(form).toMatchObject({ manufacturer: 'acme-ltd', safetyInformation: 'Nicht für Kinder unter 3 Jahren.' });
    const keys = ['_manufacturer_slug', 'laden_safety_information'];
    expect(sentMeta({ ...form, manufacturer: ' Acme Ltd ' }, (k) => keys.includes(k))).toEqual([
      { key: '_manufacturer_slug', value: 'Acme Ltd' },
      { key: 'laden_safety_information', value: 'Nicht für Kinder unter 3 Jahren.' },
    ]);
    expect(Object.keys(toPayload(base({ safetyInformation: 'x'.repeat(2001) })).errors)).toEqual(['meta_data.laden_safety_information']);
  });
});

describe('margin scheme', () => {
  it("is read from Germanized's key and sent back as yes or no", () => {
    const form = fromMeta({ _differential_taxation: 'yes' });
    expect(form.marginScheme).toBe(true);
    const sent = (on: boolean) => sentMeta({ ...form, marginScheme: on }, (k) => k === '_differential_taxation');
    expect(sent(true)).toEqual([{ key: '_differential_taxation', value: 'yes' }]);
    expect(sent(false)).toEqual([{ key: '_differential_taxation', value: 'no' }]);
  });
});

describe('deposit', () => {
  const sentDeposit = (form: ProductForm) => sentMeta(form, (k) => k.startsWith('_deposit_'));

  it('is read from the meta and sent back trimmed under its keys', () => {
    const form = fromMeta({ _deposit_type: 'einwegpfand', _deposit_quantity: '6' });
    expect(form).toMatchObject({ depositType: 'einwegpfand', depositQuantity: '6' });
    expect(sentDeposit({ ...form, depositType: ' Mehrweg Glas ', depositQuantity: ' 20 ' })).toEqual([
      { key: '_deposit_type', value: 'Mehrweg Glas' },
      { key: '_deposit_quantity', value: '20' },
    ]);
  });

  it('without a type sends none and no quantity', () => {
    expect(sentDeposit(base({ depositType: ' ', depositQuantity: '6' }))).toEqual([
      { key: '_deposit_type', value: '' },
      { key: '_deposit_quantity', value: '' },
    ]);
  });
});

describe('sale price labels', () => {
  it('are read from the meta and sent back trimmed under their keys, empty for the default', () => {
    const form = fromMeta({ _sale_price_label: 'uvp' });
    expect(form).toMatchObject({ saleLabel: 'uvp', saleRegularLabel: '' });
    expect(sentMeta({ ...form, saleRegularLabel: ' Neuer Preis ' }, (k) => k.startsWith('_sale_price_'))).toEqual([
      { key: '_sale_price_label', value: 'uvp' },
      { key: '_sale_price_regular_label', value: 'Neuer Preis' },
    ]);
  });
});

describe('food information', () => {
  it('is read from the meta by key and sent back trimmed, every key once', () => {
    const form = fromMeta({ _is_food: 'yes', laden_allergens: 'soybeans, milk', laden_nutrient_fat: '31.5' });
    expect(form.food).toMatchObject({ _is_food: 'yes', laden_allergens: 'soybeans, milk', laden_nutrient_fat: '31.5', _ingredients: '' });
    const sent = sentMeta({ ...form, food: { ...form.food, _ingredients: ' Zucker, MILCH ' } }, (k) => FOOD_KEYS.includes(k));
    expect(sent.map((m) => m.key)).toEqual(FOOD_KEYS);
    expect(new Set(FOOD_KEYS).size).toBe(FOOD_KEYS.length);
    expect(sent).toContainEqual({ key: '_ingredients', value: 'Zucker, MILCH' });
    expect(sent).toContainEqual({ key: 'laden_nutrient_salt', value: '' });
  });

  it.each([
    ['', 'milk', true, 'milk'],
    ['milk', 'gluten', true, 'gluten, milk'],
    ['gluten, milk', 'milk', true, 'gluten, milk'],
    ['gluten, milk', 'gluten', false, 'milk'],
    ['milk', 'milk', false, ''],
  ])('allergens %j with %s ticked %s are %j, in the order of Annex II', (before, slug, on, after) => {
    const food = withAllergen({ laden_allergens: before }, slug, on);
    expect(food['laden_allergens']).toBe(after);
    expect(allergensOf(food)).toEqual(after === '' ? [] : after.split(', '));
  });
});

describe('catalogue visibility and featured', () => {
  it('are read from the product and sent back as set', () => {
    const form = formFromProduct({ ...emptyProduct, catalog_visibility: 'hidden', featured: true }, []);
    expect(form).toMatchObject({ visibility: 'hidden', featured: true });
    const { product } = toPayload({ ...form, name: 'X', regular: '1,00', visibility: 'search', featured: false });
    expect(product).toMatchObject({ catalog_visibility: 'search', featured: false });
  });
  it.each([
    ['catalog', 'catalog'],
    ['hidden', 'hidden'],
    ['public', 'visible'],
    ['', 'visible'],
  ])('a select value %j is the visibility %j', (value, want) => {
    expect(visibilityOf(value)).toBe(want);
  });
});

describe('withGeneratedVariations', () => {
  it('adds only the missing combinations', () => {
    const form = base({
      type: 'variable',
      attributes: [
        { name: 'Größe', options: '250 g, 1 kg', variation: true },
        { name: 'Mahlgrad', options: 'Bohne, Fein', variation: true },
        { name: 'Herkunft', options: 'Peru', variation: false },
      ],
      variations: [newVariation({ Größe: '250 g', Mahlgrad: 'Bohne' }, { id: 5 })],
    });
    const next = withGeneratedVariations(form);
    expect(next.variations).toHaveLength(4);
    expect(next.variations.slice(1).map((v) => v.attributes)).toEqual([
      { Größe: '250 g', Mahlgrad: 'Fein' },
      { Größe: '1 kg', Mahlgrad: 'Bohne' },
      { Größe: '1 kg', Mahlgrad: 'Fein' },
    ]);
    expect(withGeneratedVariations(next).variations).toHaveLength(4);
  });
});

describe('formFromProduct', () => {
  it('reads prices in German and remembers the loaded stock', () => {
    const p = {
      ...emptyProduct,
      sku: 'S',
      price: '9.90',
      regular_price: '12.90',
      sale_price: '9.90',
      manage_stock: true,
      stock_quantity: 3,
      categories: [{ id: 4, name: 'K' }],
      images: [{ id: 8, src: '/u/a.jpg', name: '', alt: '' }],
      meta_data: [{ key: '_yoast_wpseo_title', value: 'SEO' }],
    } satisfies ProductSource & Record<string, unknown>;
    const f = formFromProduct(p, []);
    expect(f).toMatchObject({
      regular: '12,90',
      sale: '9,90',
      stock: { manage: true, quantity: '3', loaded: 3 },
      categories: [4],
      images: [{ id: 8, src: '/u/a.jpg', alt: '' }],
      seoTitle: 'SEO',
    });
    expect(toPayload(f).product).not.toHaveProperty('stock_quantity');
  });
});

describe('grouped and external products', () => {
  it.each([
    ['12, 15 17', [12, 15, 17]],
    ['3,3', [3]],
    ['', []],
    ['12, x', null],
    ['-1', null],
  ] as const)('%j → %j', (text, want) => {
    expect(groupedIdsOf(text)).toEqual(want);
  });

  it('sends an external product its address and button, a grouped one its products', () => {
    const external = toPayload({
      ...emptyForm(),
      name: 'Wimpel',
      type: 'external',
      regular: '11,05',
      externalUrl: 'https://example.org/w',
      buttonText: 'Beim Hersteller kaufen',
    });
    expect(external.errors).toEqual({});
    expect(external.product).toMatchObject({
      type: 'external',
      external_url: 'https://example.org/w',
      button_text: 'Beim Hersteller kaufen',
      regular_price: '11.05',
    });
    expect(toPayload({ ...emptyForm(), name: 'Wimpel', type: 'external', externalUrl: 'javascript:alert(1)' }).errors).toHaveProperty(
      'external_url',
    );
    const grouped = toPayload({ ...emptyForm(), name: 'Set', type: 'grouped', groupedIds: '4, 5' });
    expect(grouped.product).toMatchObject({ type: 'grouped', grouped_products: [4, 5] });
    expect(grouped.product).not.toHaveProperty('regular_price');
    expect(toPayload({ ...emptyForm(), name: 'Set', type: 'grouped', groupedIds: 'vier' }).errors).toHaveProperty('grouped_products');
  });

  it('reads them back from wc/v3', () => {
    const form = formFromProduct({ ...emptyProduct, type: 'grouped', grouped_products: [4, 5] }, []);
    expect(form.groupedIds).toBe('4, 5');
    expect(
      formFromProduct({ ...emptyProduct, type: 'external', external_url: 'https://x.de/', button_text: 'Kaufen' }, []).externalUrl,
    ).toBe('https://x.de/');
  });
});

describe('shipping data and linked products', () => {
  it('sends weight and dimensions as WooCommerce decimals, backorders, sold individually, links and the purchase note', () => {
    const { product, errors } = toPayload({
      ...emptyForm(),
      name: 'Mühle',
      regular: '59',
      weight: '0,8',
      length: '20',
      width: '15,5',
      height: '',
      shippingClass: 'sperrgut',
      backorders: 'notify',
      soldIndividually: true,
      upsellIds: '4, 5',
      crossSellIds: '',
      purchaseNote: 'Danke!',
    });
    expect(errors).toEqual({});
    expect(product).toMatchObject({
      weight: '0.8',
      dimensions: { length: '20', width: '15.5', height: '' },
      shipping_class: 'sperrgut',
      backorders: 'notify',
      sold_individually: true,
      upsell_ids: [4, 5],
      cross_sell_ids: [],
      purchase_note: 'Danke!',
    });
  });

  it.each([
    ['weight', { weight: 'schwer' }],
    ['dimensions.height', { height: '-2' }],
    ['upsell_ids', { upsellIds: 'x' }],
  ] as const)('refuses a bad %s', (key, patch) => {
    expect(toPayload({ ...emptyForm(), name: 'Mühle', regular: '59', ...patch }).errors).toHaveProperty([key]);
  });

  it('reads them back from wc/v3 in German notation', () => {
    const form = formFromProduct(
      {
        ...emptyProduct,
        weight: '0.907',
        dimensions: { length: '25.4', width: '15', height: '' },
        shipping_class: 'sperrgut',
        backorders: 'yes',
        sold_individually: true,
        upsell_ids: [7],
        cross_sell_ids: [8, 9],
        purchase_note: 'Hinweis',
      },
      [],
    );
    expect(form).toMatchObject({
      weight: '0,907',
      length: '25,4',
      width: '15',
      height: '',
      shippingClass: 'sperrgut',
      backorders: 'yes',
      soldIndividually: true,
      upsellIds: '7',
      crossSellIds: '8, 9',
      purchaseNote: 'Hinweis',
    });
  });
});

describe('downloads, tags, tax status and sale dates', () => {
  it.each([
    ['', -1],
    [' 5 ', 5],
    ['0', 0],
    ['-1', null],
    ['2,5', null],
    ['viele', null],
  ] as const)('count %j → %j', (text, want) => {
    expect(countPayload(text)).toBe(want);
  });

  it.each([
    ['https://cdn.example.de/buch.pdf', true],
    ['http://cdn.example.de/buch.pdf', true],
    ['/uploads/2026/11/buch.pdf', true],
    ['/uploads/', false],
    ['/uploads/../etc/passwd', false],
    ['ftp://example.de/x', false],
    ['buch.pdf', false],
    ['https://ex ample.de/x', false],
  ] as const)('download file %j → %j', (file, want) => {
    expect(isDownloadFile(file)).toBe(want);
  });

  it('sends tags by name, each once, and the tax status and class', () => {
    expect(tagsPayload(' Bio,  Fair  gehandelt ,bio,, ')).toEqual([{ name: 'Bio' }, { name: 'Fair gehandelt' }]);
    const { product, errors } = toPayload(base({ tags: 'Bio, Geschenk', taxStatus: 'none', taxClass: 'zero-rate' }));
    expect(errors).toEqual({});
    expect(product).toMatchObject({ tags: [{ name: 'Bio' }, { name: 'Geschenk' }], tax_status: 'none', tax_class: 'zero-rate' });
    expect(toPayload(base()).product).toMatchObject({ tax_class: '' });
  });

  it.each([
    ['', ''],
    ['standard', ''],
    ['reduced-rate', 'reduced-rate'],
    ['zero-rate', 'zero-rate'],
    ['parent', ''],
    [undefined, ''],
  ] as const)('reads the tax class %j as %j', (sent, read) => {
    expect(formFromProduct({ ...emptyProduct, tax_class: sent as string }, []).taxClass).toBe(read);
  });

  it('sends a downloadable product its files, limit and expiry; a new file has no id', () => {
    const { product, errors } = toPayload(
      base({
        downloadable: true,
        isVirtual: true,
        downloads: [
          { id: 'abc', name: 'E-Book', file: 'https://cdn.example.de/buch.pdf' },
          { id: '', name: 'Leseprobe', file: '/uploads/probe.pdf' },
          { id: '', name: '', file: '' },
        ],
        downloadLimit: '3',
        downloadExpiry: '',
      }),
    );
    expect(errors).toEqual({});
    expect(product).toMatchObject({
      downloadable: true,
      downloads: [
        { id: 'abc', name: 'E-Book', file: 'https://cdn.example.de/buch.pdf' },
        { name: 'Leseprobe', file: '/uploads/probe.pdf' },
      ],
      download_limit: 3,
      download_expiry: -1,
    });
    expect((product['downloads'] as object[])[1]).not.toHaveProperty('id');
    expect(toPayload(base()).product).toMatchObject({ downloadable: false });
    expect(toPayload(base()).product).not.toHaveProperty('downloads');
  });

  it.each([
    [{ downloads: [] }, ['downloads']],
    [{ downloads: [{ id: '', name: 'x', file: 'buch.pdf' }] }, ['downloads.0.file']],
    [{ downloads: [{ id: '', name: 'x', file: '/uploads/a.pdf' }], downloadLimit: '-2' }, ['download_limit']],
    [{ downloads: [{ id: '', name: 'x', file: '/uploads/a.pdf' }], downloadExpiry: 'bald' }, ['download_expiry']],
  ] as Array<[Partial<ProductForm>, string[]]>)('a downloadable product with %o is refused at %j', (over, fields) => {
    expect(Object.keys(toPayload(base({ downloadable: true, ...over })).errors)).toEqual(fields);
  });

  it('sends the sale days as German times from the first day’s start to the last day’s end, and checks them', () => {
    const { product, errors } = toPayload(base({ regular: '10', sale: '8', saleFrom: '2026-12-01', saleTo: '2026-12-24' }));
    expect(errors).toEqual({});
    expect(product).toMatchObject({ date_on_sale_from: '2026-12-01T00:00:00', date_on_sale_to: '2026-12-24T23:59:59' });
    expect(toPayload(base({ regular: '10', sale: '8' })).product).toMatchObject({ date_on_sale_from: '', date_on_sale_to: '' });
    expect(Object.keys(toPayload(base({ regular: '10', sale: '8', saleFrom: '2026-12-24', saleTo: '2026-12-01' })).errors)).toEqual([
      'date_on_sale_to',
    ]);
    expect(Object.keys(toPayload(base({ regular: '10', saleFrom: '2026-12-01' })).errors)).toEqual(['sale_price']);
  });

  it('reads them back from wc/v3', () => {
    const form = formFromProduct(
      {
        ...emptyProduct,
        downloadable: true,
        downloads: [{ id: 'abc', name: 'E-Book', file: '/uploads/buch.pdf' }],
        download_limit: -1,
        download_expiry: 30,
        tags: [{ name: 'Bio' }, { name: 'Geschenk' }],
        tax_status: 'shipping',
        tax_class: 'reduced-rate',
        date_on_sale_from: '2026-12-01T00:00:00',
        date_on_sale_to: null,
      },
      [],
    );
    expect(form).toMatchObject({
      downloadable: true,
      downloads: [{ id: 'abc', name: 'E-Book', file: '/uploads/buch.pdf' }],
      downloadLimit: '',
      downloadExpiry: '30',
      tags: 'Bio, Geschenk',
      taxStatus: 'shipping',
      taxClass: 'reduced-rate',
      saleFrom: '2026-12-01',
      saleTo: '',
    });
  });
});
