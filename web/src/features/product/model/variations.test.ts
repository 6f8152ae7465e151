import { describe, expect, it } from 'vitest';
import type { VariationData } from '../../../app/types';
import { availableOptions, findVariation } from './variations';

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
});

const list = [v(1, { Größe: '250 g', Mahlgrad: 'Espresso' }), v(2, { Größe: '1 kg', Mahlgrad: '' }), v(3, { Größe: '250 g', Mahlgrad: 'Filter' })];
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
    expect([...availableOptions(list, { Größe: '250 g' }, 'Mahlgrad', ['Ganze Bohne', 'Espresso', 'Filter'])]).toEqual(['Espresso', 'Filter']);
    expect([...availableOptions(list, { Größe: '1 kg' }, 'Mahlgrad', ['Ganze Bohne', 'Espresso'])]).toEqual(['Ganze Bohne', 'Espresso']);
  });
});
