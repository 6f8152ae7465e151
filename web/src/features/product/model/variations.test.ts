import { describe, expect, it } from 'vitest';
import type { VariationData } from '../../../lib/types';
import { availableOptions, findVariation, galleryVariation, variationAnnouncement, variationStock } from './variations';

const v = (id: number, attributes: Record<string, string>): VariationData => ({
  variation_id: id,
  sku: '',
  attributes,
  is_in_stock: true,
  is_purchasable: true,
  display_price: 100,
  display_regular_price: 100,
  max_qty: 10,
  min_qty: 1,
  image_id: 0,
  image: null,
  low_stock_remaining: null,
  unit_price: null,
  delivery_time: '',
  special: { defect_description: '', used_good: false, min_age: 0, photovoltaic: false },
  deposit: null,
  tax_notice: null,
  lowest_price: null,
  sale_labels: null,
});

const list = [
  v(1, { Größe: '250 g', Mahlgrad: 'Espresso' }),
  v(2, { Größe: '1 kg', Mahlgrad: '' }),
  v(3, { Größe: '250 g', Mahlgrad: 'Filter' }),
];
const names = ['Größe', 'Mahlgrad'];

describe('findVariation', () => {
  it.each([
    [{ Größe: '250 g', Mahlgrad: 'Espresso' }, 1],
    [{ Größe: '250 g', Mahlgrad: 'Filter' }, 3],
    [{ Größe: '1 kg', Mahlgrad: 'Filter' }, 2],
    [{ Größe: '1 kg' }, null],
    [{ Größe: '500 g', Mahlgrad: 'Filter' }, null],
  ] as const)('%j → %s', (choice, want) => {
    expect(findVariation(list, { ...choice }, names)?.variation_id ?? null).toBe(want);
  });
});

describe('availableOptions', () => {
  it('limits options by the other choice', () => {
    expect([...availableOptions(list, { Größe: '250 g' }, 'Mahlgrad', ['Ganze Bohne', 'Espresso', 'Filter'])]).toEqual([
      'Espresso',
      'Filter',
    ]);
    expect([...availableOptions(list, { Größe: '1 kg' }, 'Mahlgrad', ['Ganze Bohne', 'Espresso'])]).toEqual(['Ganze Bohne', 'Espresso']);
  });
});

describe('galleryVariation (the picture follows a partial choice)', () => {
  const w = (id: number, size: string, grind: string, image_id: number) =>
    ({ variation_id: id, attributes: { Größe: size, Mahlgrad: grind }, image_id }) as unknown as VariationData;
  const list = [w(1, '250 g', 'Bohne', 10), w(2, '250 g', 'Filter', 10), w(3, '1 kg', 'Bohne', 20), w(4, '1 kg', 'Filter', 21)];
  const names = ['Größe', 'Mahlgrad'];
  it.each([
    ['nothing chosen', {}, null],
    ['partial, all share an image', { Größe: '250 g' }, 1],
    ['partial, images differ', { Größe: '1 kg' }, null],
    ['partial on the other attribute, images differ', { Mahlgrad: 'Bohne' }, null],
    ['complete', { Größe: '1 kg', Mahlgrad: 'Filter' }, 4],
  ] as const)('%s', (_, choice, want) => {
    expect(galleryVariation(list, choice, names)?.variation_id ?? null).toBe(want);
  });
  it('no image on the matches: none', () => {
    expect(galleryVariation([w(1, '250 g', 'Bohne', 0), w(2, '250 g', 'Filter', 0)], { Größe: '250 g' }, names)).toBeNull();
  });
});

describe('variationStock and variationAnnouncement (what a screen reader hears)', () => {
  it.each([
    [{ is_in_stock: true, low_stock_remaining: null }, 'Vorrätig'],
    [{ is_in_stock: true, low_stock_remaining: 2 }, 'Nur noch 2 auf Lager'],
    [{ is_in_stock: false, low_stock_remaining: null }, 'Ausverkauft'],
  ] as const)('%j → %s', (stock, want) => {
    expect(variationStock(stock)).toBe(want);
  });

  const priced = [
    { ...v(1, { Größe: '250 g', Mahlgrad: 'Espresso' }), display_price: 1290, low_stock_remaining: 3 },
    { ...v(2, { Größe: '1 kg', Mahlgrad: '' }), display_price: 3990, is_in_stock: false },
  ];
  it.each([
    [{ Größe: '250 g', Mahlgrad: 'Espresso' }, 'Gewählt: 250 g / Espresso – 12,90\u00a0€. Nur noch 3 auf Lager.'],
    [{ Größe: '1 kg', Mahlgrad: 'Filter' }, 'Gewählt: 1 kg / Filter – 39,90\u00a0€. Ausverkauft.'],
    [{ Größe: '250 g', Mahlgrad: 'Filter' }, 'Diese Kombination gibt es leider nicht. Bitte wählen Sie eine andere.'],
    [{ Größe: '250 g' }, ''],
    [{ Größe: '250 g', Mahlgrad: '' }, ''],
  ] as const)('%j → %s', (choice, want) => {
    expect(variationAnnouncement(priced, { ...choice }, names)).toBe(want);
  });
});
