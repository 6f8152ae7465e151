import { describe, expect, it } from 'vitest';
import {
  emptyDepositType,
  emptyPriceLabel,
  emptyManufacturer,
  emptyMethod,
  emptyShippingClass,
  emptyZone,
  formFromSettings,
  toSettingsPayload,
  withDeliveryCountries,
} from './settingsForm';

const server = {
  title: 'Laden',
  description: 'Kaffee',
  laden_shop_lightbox: true,
  laden_shipping_flat: '4.90',
  laden_shipping_free_from: '50.00',
  laden_low_stock_amount: 5,
  laden_header_offset: 0,
  laden_header_breakpoint: 992,
  laden_header_overlap: 'desktop tablet',
  laden_smooth_scroll: null,
  laden_quantity_field: null,
  laden_quantity_step_max: null,
  laden_page_terms: 'agb',
  laden_payment_methods: ['bacs', 'cod'],
  laden_delivery_countries: ['DE', 'AT', 'NL', 'SE'],
  laden_shop_vat_id: 'DE123456789',
  laden_invoice_moment: 'paid',
  laden_invoice_number_format: 'RE-{YYYY}-{00000}',
  laden_invoice_due_days: 14,
  laden_shipping_zones: [
    { name: 'Deutschland', countries: ['DE'], cost: '4.90', free_from: '50.00' },
    { name: 'EU', countries: ['AT', 'NL'], cost: '9.90', free_from: null, delivery_time: '4–6 Werktage' },
  ],
};

describe('settings form', () => {
  it('round-trips what the server sends', () => {
    const form = formFromSettings(server);
    expect(form).toMatchObject({
      shippingFlat: '4,90',
      shippingFreeFrom: '50,00',
      overlap: ['desktop', 'tablet'],
      smoothScroll: 'default',
      quantityField: 'default',
    });
    const { payload, errors } = toSettingsPayload(form);
    expect(errors).toEqual({});
    // Everything the server sent comes back as it was.
    expect(payload).toMatchObject(server);
  });

  it.each([
    [{ shippingFlat: '' }, 'laden_shipping_flat'],
    [{ shippingFlat: 'vier' }, 'laden_shipping_flat'],
    [{ shippingFreeFrom: 'x' }, 'laden_shipping_free_from'],
    [{ lowStock: '-1' }, 'laden_low_stock_amount'],
    [{ invoiceDueDays: 'zwei Wochen' }, 'laden_invoice_due_days'],
    [{ headerOffset: '1,5' }, 'laden_header_offset'],
    [{ quantityStepMax: '0' }, 'laden_quantity_step_max'],
    [{ paymentMethods: [] }, 'laden_payment_methods'],
    [{ deliveryCountries: [] }, 'laden_delivery_countries'],
  ])('%o is refused at %s', (change, field) => {
    expect(Object.keys(toSettingsPayload({ ...formFromSettings(server), ...change }).errors)).toEqual([field]);
  });

  it('sends free shipping "never" as null and the switches as set', () => {
    const { payload } = toSettingsPayload({
      ...formFromSettings(server),
      shippingFreeFrom: '',
      smoothScroll: 'off',
      quantityField: '0',
      quantityStepMax: '3',
    });
    expect(payload).toMatchObject({
      laden_shipping_free_from: null,
      laden_smooth_scroll: false,
      laden_quantity_field: '0',
      laden_quantity_step_max: 3,
    });
  });

  const zones = formFromSettings(server).zones;
  it.each([
    [[{ ...zones[0]!, name: ' ' }], 'laden_shipping_zones.0.name'],
    [[zones[0]!, { ...zones[1]!, countries: [] }], 'laden_shipping_zones.1.countries'],
    [[zones[0]!, { ...zones[1]!, countries: ['AT', 'DE'] }], 'laden_shipping_zones.1.countries'],
    [[{ ...zones[0]!, cost: '' }], 'laden_shipping_zones.0.cost'],
    [[{ ...zones[0]!, freeFrom: 'viel' }], 'laden_shipping_zones.0.free_from'],
    [[{ ...zones[0]!, deliveryTime: 'x'.repeat(101) }], 'laden_shipping_zones.0.delivery_time'],
    [[emptyZone()], 'laden_shipping_zones.0.name'],
  ])('zones %o are refused at %s', (z, field) => {
    expect(Object.keys(toSettingsPayload({ ...formFromSettings(server), zones: z }).errors)).toContain(field);
  });

  it('takes a country no longer delivered to out of the zones', () => {
    const form = withDeliveryCountries(formFromSettings(server), ['DE', 'NL']);
    expect(form.deliveryCountries).toEqual(['DE', 'NL']);
    expect(form.zones.map((z) => z.countries)).toEqual([['DE'], ['NL']]);
  });

  const noClassCosts = { classCosts: {}, noClassCost: '', classPerOrder: false };
  const noClassCostsWire = { class_costs: {}, no_class_cost: '', class_per_order: false };
  const none = { methods: [], weightBands: [], ...noClassCosts };
  const noMethods = { weight_bands: [], extra: [], ...noClassCostsWire };
  it('reads zones with German prices and sends them back with never-free as null', () => {
    expect(zones[0]).toEqual({ name: 'Deutschland', countries: ['DE'], cost: '4,90', freeFrom: '50,00', deliveryTime: '', ...none });
    expect(zones[1]).toEqual({ name: 'EU', countries: ['AT', 'NL'], cost: '9,90', freeFrom: '', deliveryTime: '4–6 Werktage', ...none });
    const { payload } = toSettingsPayload({
      ...formFromSettings(server),
      zones: [
        { name: ' Schweiz ', countries: ['CH'], cost: '19,90', freeFrom: '', deliveryTime: ' 5–8 Werktage ', ...none },
        { name: 'Nachbarn', countries: ['AT'], cost: '9,90', freeFrom: '80', deliveryTime: '', ...none },
      ],
    });
    expect(payload['laden_shipping_zones']).toEqual([
      { name: 'Schweiz', countries: ['CH'], cost: '19.90', free_from: null, delivery_time: '5–8 Werktage', methods: noMethods },
      { name: 'Nachbarn', countries: ['AT'], cost: '9.90', free_from: '80.00', delivery_time: '', methods: noMethods },
    ]);
  });

  it("keeps a zone's methods and weight bands, German prices both ways, and names a bad one by its path", () => {
    const methods = {
      weight_bands: [{ up_to_grams: 2000, cost: '4.90' }],
      extra: [
        { kind: 'flat_rate', title: 'Express', cost: '12.90', hours: '' },
        { kind: 'local_pickup', title: 'Abholung im Laden', cost: '0.00', hours: 'Mo–Fr 10–18 Uhr' },
      ],
    };
    const form = formFromSettings({
      ...server,
      laden_shipping_zones: [{ name: 'Deutschland', countries: ['DE'], cost: '4.90', free_from: null, delivery_time: '', methods }],
    });
    expect(form.zones[0]?.methods).toEqual([
      { kind: 'flat_rate', title: 'Express', cost: '12,90', hours: '', ...noClassCosts },
      { kind: 'local_pickup', title: 'Abholung im Laden', cost: '', hours: 'Mo–Fr 10–18 Uhr', ...noClassCosts },
    ]);
    const { payload, errors } = toSettingsPayload(form);
    expect(errors).toEqual({});
    expect((payload['laden_shipping_zones'] as Array<{ methods: unknown }>)[0]?.methods).toEqual({
      ...methods,
      ...noClassCostsWire,
      extra: [
        { ...methods.extra[0], ...noClassCostsWire },
        { ...methods.extra[1], cost: '0', ...noClassCostsWire },
      ],
    });
    const zone = form.zones[0]!;
    const bad = toSettingsPayload({
      ...form,
      zones: [
        {
          ...zone,
          methods: [
            { ...zone.methods[0]!, cost: 'zwölf' },
            { ...zone.methods[1]!, title: ' express ' },
          ],
        },
      ],
    });
    expect(Object.keys(bad.errors)).toEqual(['laden_shipping_zones.0.extra.0.cost', 'laden_shipping_zones.0.extra.1.title']);
  });

  const acme = {
    slug: 'acme-ltd',
    name: 'Acme Ltd',
    address: '1 Main Street\nSpringfield, USA\nsafety@acme.example',
    eu_person: 'Acme Europe GmbH\nHauptstraße 1\n04109 Leipzig',
  };
  it('reads the manufacturers and sends them back, a listed one with its slug even when renamed, a new one without', () => {
    const form = formFromSettings({ ...server, laden_manufacturers: [acme] });
    expect(form.manufacturers).toEqual([{ slug: 'acme-ltd', name: 'Acme Ltd', address: acme.address, euPerson: acme.eu_person }]);
    const { payload, errors } = toSettingsPayload({
      ...form,
      manufacturers: [
        { ...form.manufacturers[0]!, name: 'Acme Limited' },
        { ...emptyManufacturer(), name: ' Müller ', address: ' Mühlenweg 3, Leipzig, info@mueller.example ' },
      ],
    });
    expect(errors).toEqual({});
    expect(payload['laden_manufacturers']).toEqual([
      { slug: 'acme-ltd', name: 'Acme Limited', address: acme.address, eu_person: acme.eu_person },
      { slug: '', name: 'Müller', address: 'Mühlenweg 3, Leipzig, info@mueller.example', eu_person: '' },
    ]);
  });

  it.each([
    [emptyManufacturer(), ['laden_manufacturers.0.name', 'laden_manufacturers.0.address']],
    [{ slug: '', name: 'x'.repeat(101), address: 'a', euPerson: '' }, ['laden_manufacturers.0.name']],
    [{ slug: '', name: 'B', address: 'a'.repeat(501), euPerson: '' }, ['laden_manufacturers.0.address']],
    [{ slug: '', name: 'B', address: 'a', euPerson: 'e'.repeat(501) }, ['laden_manufacturers.0.eu_person']],
  ])('manufacturer %o is refused at %o', (m, fields) => {
    expect(Object.keys(toSettingsPayload({ ...formFromSettings(server), manufacturers: [m] }).errors)).toEqual(fields);
  });

  it('reads the deposit types and sends them back, amounts as decimal text, a listed one with its slug', () => {
    const form = formFromSettings({
      ...server,
      laden_deposit_types: [{ slug: 'einwegpfand', name: 'Einwegpfand', packaging: 'disposable', amount: '0.25' }],
    });
    expect(form.depositTypes).toEqual([{ slug: 'einwegpfand', name: 'Einwegpfand', packaging: 'disposable', amount: '0,25' }]);
    const { payload, errors } = toSettingsPayload({
      ...form,
      depositTypes: [
        { ...form.depositTypes[0]!, name: 'Einweg (PET und Dose)' },
        { ...emptyDepositType(), name: ' Bierkasten ', packaging: 'reusable', amount: '3,10' },
      ],
    });
    expect(errors).toEqual({});
    expect(payload['laden_deposit_types']).toEqual([
      { slug: 'einwegpfand', name: 'Einweg (PET und Dose)', packaging: 'disposable', amount: '0.25' },
      { slug: '', name: 'Bierkasten', packaging: 'reusable', amount: '3.10' },
    ]);
  });

  it.each(['', 'zwei Euro', '-'])('a deposit amount %o is refused at its field', (amount) => {
    const { errors } = toSettingsPayload({
      ...formFromSettings(server),
      depositTypes: [{ ...emptyDepositType(), name: 'Kasten', amount }],
    });
    expect(Object.keys(errors)).toEqual(['laden_deposit_types.0.amount']);
  });

  it('reads the price labels and their defaults, sends them back, and a default whose label was removed as none', () => {
    const form = formFromSettings({
      ...server,
      laden_price_labels: [
        { slug: 'uvp', name: 'UVP' },
        { slug: 'neuer-preis', name: 'Neuer Preis' },
      ],
      laden_default_sale_price_label: 'uvp',
      laden_default_sale_price_regular_label: 'neuer-preis',
    });
    expect(form.priceLabels).toEqual([
      { slug: 'uvp', name: 'UVP' },
      { slug: 'neuer-preis', name: 'Neuer Preis' },
    ]);
    expect(form.texts.laden_default_sale_price_label).toBe('uvp');
    const kept = toSettingsPayload(form).payload;
    expect([kept['laden_default_sale_price_label'], kept['laden_default_sale_price_regular_label']]).toEqual(['uvp', 'neuer-preis']);
    const { payload, errors } = toSettingsPayload({
      ...form,
      priceLabels: [
        { ...form.priceLabels[0]!, name: ' UVP des Herstellers ' },
        { ...emptyPriceLabel(), name: 'Statt' },
      ],
    });
    expect(errors).toEqual({});
    expect(payload['laden_price_labels']).toEqual([
      { slug: 'uvp', name: 'UVP des Herstellers' },
      { slug: '', name: 'Statt' },
    ]);
    expect([payload['laden_default_sale_price_label'], payload['laden_default_sale_price_regular_label']]).toEqual(['uvp', '']);
  });

  it('reads the shipping classes and the class costs of flat rates, and sends only those of classes still kept', () => {
    const form = formFromSettings({
      ...server,
      laden_shipping_classes: [
        { id: 1, slug: 'sperrgut', name: 'Sperrgut', description: 'Über 120 cm' },
        { id: 2, slug: 'brief', name: 'Brief', description: '' },
      ],
      laden_shipping_zones: [
        {
          name: 'Deutschland',
          countries: ['DE'],
          cost: '4.90',
          free_from: null,
          delivery_time: '',
          methods: {
            weight_bands: [],
            class_costs: { sperrgut: '15.00', brief: '0.50' },
            no_class_cost: '',
            class_per_order: true,
            extra: [
              {
                kind: 'flat_rate',
                title: 'Express',
                cost: '12.90',
                hours: '',
                class_costs: { sperrgut: '25.00' },
                no_class_cost: '2.00',
                class_per_order: false,
              },
            ],
          },
        },
      ],
    });
    expect(form.shippingClasses).toEqual([
      { id: 1, slug: 'sperrgut', name: 'Sperrgut', description: 'Über 120 cm' },
      { id: 2, slug: 'brief', name: 'Brief', description: '' },
    ]);
    const zone = form.zones[0]!;
    expect([zone.classCosts, zone.classPerOrder]).toEqual([{ sperrgut: '15,00', brief: '0,50' }, true]);
    expect([zone.methods[0]?.classCosts, zone.methods[0]?.noClassCost]).toEqual([{ sperrgut: '25,00' }, '2,00']);
    // The letter class removed, a new one added, a cost cleared and one typed in German.
    const { payload, errors } = toSettingsPayload({
      ...form,
      shippingClasses: [form.shippingClasses[0]!, { ...emptyShippingClass(), name: ' Palette ' }],
      zones: [
        {
          ...zone,
          classCosts: { sperrgut: '17,5', brief: '0,50' },
          noClassCost: '1',
          methods: [
            { ...zone.methods[0]!, classCosts: { sperrgut: '' } },
            { ...emptyMethod(), kind: 'local_pickup', title: 'Abholung' },
          ],
        },
      ],
    });
    expect(errors).toEqual({});
    expect(payload['laden_shipping_classes']).toEqual([
      { id: 1, slug: 'sperrgut', name: 'Sperrgut', description: 'Über 120 cm' },
      { id: 0, slug: '', name: 'Palette', description: '' },
    ]);
    const methods = (payload['laden_shipping_zones'] as Array<{ methods: Record<string, unknown> }>)[0]!.methods;
    expect([methods['class_costs'], methods['no_class_cost'], methods['class_per_order']]).toEqual([{ sperrgut: '17.50' }, '1.00', true]);
    expect(methods['extra']).toEqual([
      { kind: 'flat_rate', title: 'Express', cost: '12.90', hours: '', class_costs: {}, no_class_cost: '2.00', class_per_order: false },
      { kind: 'local_pickup', title: 'Abholung', cost: '0', hours: '', class_costs: {}, no_class_cost: '', class_per_order: false },
    ]);
    // A cost that is no price is named by the server's path.
    const bad = toSettingsPayload({ ...form, zones: [{ ...zone, classCosts: { sperrgut: 'teuer' }, noClassCost: 'gratis' }] });
    expect(Object.keys(bad.errors)).toEqual(['laden_shipping_zones.0.class_costs.sperrgut', 'laden_shipping_zones.0.no_class_cost']);
  });

  it('edits the weight bands in kilograms and the methods of the countries in no zone, each problem at its path', () => {
    const form = formFromSettings({
      ...server,
      laden_shipping_methods: {
        weight_bands: [
          { up_to_grams: 2500, cost: '14.90' },
          { up_to_grams: 31500, cost: '29.90' },
        ],
        extra: [],
        class_costs: {},
        no_class_cost: '',
        class_per_order: false,
      },
    });
    expect(form.restMethods.weightBands).toEqual([
      { upToKg: '2,5', cost: '14,90' },
      { upToKg: '31,5', cost: '29,90' },
    ]);
    const { payload, errors } = toSettingsPayload({
      ...form,
      restMethods: {
        ...form.restMethods,
        weightBands: [...form.restMethods.weightBands, { upToKg: '40', cost: '49' }],
        methods: [{ ...emptyMethod(), title: 'Express', cost: '39,90' }],
      },
    });
    expect(errors).toEqual({});
    expect(payload['laden_shipping_methods']).toEqual({
      weight_bands: [
        { up_to_grams: 2500, cost: '14.90' },
        { up_to_grams: 31500, cost: '29.90' },
        { up_to_grams: 40000, cost: '49.00' },
      ],
      extra: [
        { kind: 'flat_rate', title: 'Express', cost: '39.90', hours: '', class_costs: {}, no_class_cost: '', class_per_order: false },
      ],
      class_costs: {},
      no_class_cost: '',
      class_per_order: false,
    });
    // Not heavier than the band before, no weight, no price: each named where the server names it.
    const bad = toSettingsPayload({
      ...form,
      restMethods: {
        ...form.restMethods,
        weightBands: [
          { upToKg: '2,5', cost: '14,90' },
          { upToKg: '2', cost: '9,90' },
          { upToKg: 'schwer', cost: 'x' },
        ],
      },
    });
    expect(Object.keys(bad.errors)).toEqual([
      'laden_shipping_methods.weight_bands.1.up_to_grams',
      'laden_shipping_methods.weight_bands.2.up_to_grams',
      'laden_shipping_methods.weight_bands.2.cost',
    ]);
  });
});
