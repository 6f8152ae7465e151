import { describe, expect, it } from 'vitest';
import type { ProductData } from '../../../lib/types';
import type { Layout } from './editorState';
import { cacheFromLayout, cacheProducts, missingProductWidgets, previewScale, previewUrl } from './preview';
import { previewModeIn } from './previewMode';
import { productKey, withProducts } from './productCache';

const grid = (source: string, extra: Record<string, unknown> = {}) => ({ type: 'product_grid', source, ...extra });
const doc = (...widgets: Array<{ type: string; [k: string]: unknown }>): Layout => ({ version: 1, sections: [{ columns: [{ widgets }] }] });
const product = (id: number) => ({ id, name: `P${id}` }) as unknown as ProductData;

describe('productKey', () => {
  it.each([
    [{ type: 'heading', text: 'x' }, null],
    [grid('newest'), '["newest",null,null,null]'],
    [grid('newest', { title: 'Neu', carousel: { autoplay: true } }), '["newest",null,null,null]'],
    [{ type: 'product_carousel', source: 'category', category: 'tee', limit: 6 }, '["category","tee",null,6]'],
    [grid('ids', { ids: [3, 1] }), '["ids",null,[3,1],null]'],
    [{ type: 'product_grid' }, '["newest",null,null,null]'],
  ])('%j → %s', (w, key) => expect(productKey(w)).toBe(key));
});

describe('missingProductWidgets', () => {
  it('asks once per distinct setting, only for the unknown ones, without their products', () => {
    const d = doc(
      grid('newest', { title: 'A' }),
      grid('newest', { title: 'B' }),
      grid('on_sale', { products: [product(9)] }),
      { type: 'heading', text: 'x' },
      grid('ids', { ids: [1] }),
    );
    const cache = { [productKey(grid('ids', { ids: [1] }))!]: [product(1)] };
    expect(missingProductWidgets(d, cache)).toEqual([grid('newest', { title: 'A' }), grid('on_sale')]);
    expect(missingProductWidgets(doc({ type: 'text', html: '' }), {})).toEqual([]);
  });
});

describe('cacheProducts and withProducts', () => {
  it('keeps what the server resolved by setting and hands it to every widget with that setting', () => {
    const sent = [grid('newest'), grid('ids', { ids: [5] })];
    const cache = cacheProducts({}, sent, [{ ...sent[0]!, products: [product(1), product(2)] }, { ...sent[1]! }]);
    expect(withProducts(grid('newest', { title: 'Neu' }), cache)['products']).toEqual([product(1), product(2)]);
    expect(withProducts(grid('ids', { ids: [5] }), cache)['products']).toEqual([]);
    expect(withProducts(grid('on_sale'), cache)).toEqual(grid('on_sale'));
    expect(withProducts({ type: 'heading', text: 'x' }, cache)).toEqual({ type: 'heading', text: 'x' });
  });
});

describe('preview frame', () => {
  it.each([
    ['?editor_preview=1', true],
    ['?editor=1&editor_preview=1', true],
    ['?editor_preview=0', false],
    ['', false],
  ])('previewModeIn(%s) → %s', (search, on) => expect(previewModeIn(search)).toBe(on));
  it.each([
    ['https://shop.example.de/aktion/?editor=1', '/aktion/?editor_preview=1'],
    ['https://shop.example.de/aktion/?editor=1&x=2#oben', '/aktion/?x=2&editor_preview=1'],
    ['https://shop.example.de/', '/?editor_preview=1'],
  ])('previewUrl(%s) → %s', (href, url) => expect(previewUrl(href)).toBe(url));
  it.each([
    [940, 1280, 940 / 1280],
    [940, 375, 1],
    [375, 700, 375 / 700],
    [0, 700, 1],
  ])('fits %d px for a %d px frame: scale %d', (available, width, scale) => expect(previewScale(available, width)).toBeCloseTo(scale, 6));
});

describe('cacheFromLayout', () => {
  it('takes the products a rendered page carries, first widget per setting', () => {
    const d = doc(grid('newest', { products: [product(1)] }), grid('newest', { products: [product(2)] }), grid('on_sale'), {
      type: 'text',
      html: '',
    });
    expect(cacheFromLayout(d)).toEqual({ [productKey(grid('newest'))!]: [product(1)] });
  });
});
