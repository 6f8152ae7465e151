import { describe, expect, it } from 'vitest';
import { checkoutCheckboxes, specialCheckboxes, untickedMessage, type CartGoods } from './checkboxes';

const plain = { defect_description: '', used_good: false, min_age: 0, photovoltaic: false };
const goods = (name: string, special: Partial<CartGoods['special']> = {}, downloadable = false): CartGoods => ({
  name,
  downloadable,
  special: { ...plain, ...special },
});

describe('checkoutCheckboxes', () => {
  const terms = { id: 'terms', required: true };
  const waiver = { id: 'digital_waiver', required: false };
  it.each([
    [[terms], [goods('Tasse')], [terms]],
    [[terms], [goods('E-Book', {}, true)], [terms, waiver]],
    [[terms, waiver], [goods('E-Book', {}, true)], [terms, waiver]],
    [[terms, waiver], [], [terms, waiver]],
  ] as const)('%j with %j → %j', (shop, cart, want) => {
    expect(checkoutCheckboxes(shop, cart)).toEqual(want);
  });

  it('adds the checkboxes of goods the law treats apart after the shop’s, each required', () => {
    const boxes = checkoutCheckboxes([terms], [goods('E-Book', {}, true), goods('Rum', { min_age: 18 })]);
    expect(boxes.map((c) => [c.id, c.required])).toEqual([
      ['terms', true],
      ['digital_waiver', false],
      ['age_verification', true],
    ]);
  });
});

describe('specialCheckboxes', () => {
  it.each([
    ['plain goods', [goods('Tasse')], []],
    [
      'defects, each product once',
      [
        goods('Mühle', { defect_description: 'Delle an der Seite' }),
        goods('Mühle', { defect_description: 'Delle an der Seite' }),
        goods('Tasse'),
      ],
      [
        [
          'defective_copy',
          'Ich wurde darauf hingewiesen, dass die folgenden Artikel Mängel aufweisen, und nehme diese ausdrücklich an: Mühle: Delle an der Seite',
        ],
      ],
    ],
    [
      'two defective products',
      [goods('Mühle', { defect_description: 'Delle' }), goods('Kanne', { defect_description: 'Kratzer' })],
      [
        [
          'defective_copy',
          'Ich wurde darauf hingewiesen, dass die folgenden Artikel Mängel aufweisen, und nehme diese ausdrücklich an: Mühle: Delle; Kanne: Kratzer',
        ],
      ],
    ],
    [
      'used goods',
      [goods('Kanne', { used_good: true }), goods('Tasse', { used_good: true })],
      [
        [
          'used_goods_warranty',
          'Ich bin ausdrücklich damit einverstanden, dass Mängelansprüche bei diesen gebrauchten Artikeln nach einem Jahr verjähren: Kanne; Tasse',
        ],
      ],
    ],
    [
      'the highest minimum age',
      [goods('Rotwein', { min_age: 16 }), goods('Rum', { min_age: 18 })],
      [['age_verification', 'Ich bestätige, dass ich mindestens 18 Jahre alt bin.']],
    ],
    [
      'all three, in order',
      [goods('Rum', { min_age: 18, used_good: true, defect_description: 'Etikett eingerissen' })],
      [
        [
          'defective_copy',
          'Ich wurde darauf hingewiesen, dass die folgenden Artikel Mängel aufweisen, und nehme diese ausdrücklich an: Rum: Etikett eingerissen',
        ],
        [
          'used_goods_warranty',
          'Ich bin ausdrücklich damit einverstanden, dass Mängelansprüche bei diesen gebrauchten Artikeln nach einem Jahr verjähren: Rum',
        ],
        ['age_verification', 'Ich bestätige, dass ich mindestens 18 Jahre alt bin.'],
      ],
    ],
    [
      'photovoltaic systems at the zero rate, each named once, last',
      [
        goods('Solarmodul', { photovoltaic: true }),
        goods('Speicher', { photovoltaic: true }),
        goods('Solarmodul', { photovoltaic: true }),
        goods('Rum', { min_age: 18 }),
      ],
      [
        ['age_verification', 'Ich bestätige, dass ich mindestens 18 Jahre alt bin.'],
        [
          'photovoltaic_systems',
          'Ich bestätige, dass ich Betreiber der Photovoltaikanlage bin und dass sie auf oder in der Nähe von Privatwohnungen, Wohnungen sowie öffentlichen und anderen Gebäuden, die für dem Gemeinwohl dienende Tätigkeiten genutzt werden, installiert wird (Nullsteuersatz nach § 12 Abs. 3 UStG): Solarmodul; Speicher',
        ],
      ],
    ],
  ] as const)('%s', (_, cart, want) => {
    const boxes = specialCheckboxes(cart);
    expect(boxes.map((c) => [c.id, c.text])).toEqual(want);
    expect(boxes.every((c) => c.required)).toBe(true);
  });
});

describe('untickedMessage', () => {
  it('says for each checkbox what is missing', () => {
    const ids = ['defective_copy', 'used_goods_warranty', 'age_verification', 'photovoltaic_systems', 'terms'];
    expect(ids.map(untickedMessage)).toEqual([
      'Bitte bestätigen Sie, dass Sie die Mängel der Artikel annehmen.',
      'Bitte stimmen Sie der einjährigen Verjährungsfrist für die gebrauchten Artikel zu.',
      'Bitte bestätigen Sie Ihr Alter.',
      'Bitte bestätigen Sie, dass der Nullsteuersatz für Photovoltaikanlagen für Sie gilt.',
      'Bitte lesen und akzeptieren Sie die AGB und die Widerrufsbelehrung, um Ihre Bestellung abzuschließen.',
    ]);
  });
});
