import { describe, expect, it } from 'vitest';
import { additionalInfo, dimensionsText, safetyInfo, weightText } from './details';
import { groupedLines } from './grouped';

describe('weightText and dimensionsText', () => {
  it.each([
    [907, '0,907 kg'],
    [2000, '2 kg'],
    [1500, '1,5 kg'],
    [null, null],
  ] as const)('%j g → %j', (g, want) => {
    expect(weightText(g)).toBe(want);
  });
  it.each([
    [[254, 152, 76], '25,4 × 15,2 × 7,6 cm'],
    [[610, null, 50], '61 × 5 cm'],
    [[null, null, null], null],
    [null, null],
  ] as const)('%j mm → %j', (mm, want) => {
    expect(dimensionsText(mm)).toBe(want);
  });
});

describe('additionalInfo', () => {
  const laden = (weight_g: number | null, dimensions_mm: [number | null, number | null, number | null] | null) =>
    ({ weight_g, dimensions_mm }) as never;
  it('lists weight, dimensions and the attributes that make no variations', () => {
    const rows = additionalInfo({
      extensions: { laden: laden(907, [254, 152, 76]) },
      attributes: [
        { id: 0, name: 'Farbe', taxonomy: null, has_variations: false, terms: [{ id: 0, name: 'Blau', slug: 'blau' }] },
        { id: 0, name: 'Größe', taxonomy: null, has_variations: true, terms: [{ id: 0, name: 'M', slug: 'm' }] },
      ],
    });
    expect(rows).toEqual([
      { label: 'Gewicht', value: '0,907 kg' },
      { label: 'Abmessungen', value: '25,4 × 15,2 × 7,6 cm' },
      { label: 'Farbe', value: 'Blau' },
    ]);
  });
  it('is empty without any of them', () => {
    expect(additionalInfo({ extensions: { laden: laden(null, null) }, attributes: [] })).toEqual([]);
  });
});

describe('groupedLines', () => {
  const children = [
    { id: 1, max: 9999, purchasable: true },
    { id: 2, max: 3, purchasable: true },
    { id: 3, max: 9999, purchasable: false },
  ];
  it.each([
    [{ 1: '2', 2: '' }, { ok: [{ id: 1, quantity: 2 }] }],
    [
      { 1: '1', 2: '3' },
      {
        ok: [
          { id: 1, quantity: 1 },
          { id: 2, quantity: 3 },
        ],
      },
    ],
    [{ 1: '0', 2: ' ' }, { error: 'none' }],
    [{}, { error: 'none' }],
    [{ 2: '4' }, { error: 'invalid', id: 2 }],
    [{ 1: '1,5' }, { error: 'invalid', id: 1 }],
    [{ 3: '1' }, { error: 'invalid', id: 3 }],
  ] as const)('%j → %j', (quantities, want) => {
    expect(groupedLines(children, quantities)).toEqual(want);
  });
});

describe('safetyInfo', () => {
  const of = (safety: unknown) => safetyInfo({ extensions: { laden: { safety } } } as never);
  const maker = { name: 'Acme Ltd', address: '1 Main Street\n\nSpringfield, USA\nsafety@acme.example', eu_person: '' };
  it.each([
    [undefined, []],
    [{ manufacturer: null, information: '' }, []],
    [
      { manufacturer: maker, information: '' },
      [{ label: 'Hersteller', lines: ['Acme Ltd', '1 Main Street', 'Springfield, USA', 'safety@acme.example'] }],
    ],
    [
      {
        manufacturer: { ...maker, eu_person: 'Acme Europe GmbH\n04109 Leipzig' },
        information: 'Nicht für Kinder unter 3 Jahren.\nErstickungsgefahr.',
      },
      [
        { label: 'Hersteller', lines: ['Acme Ltd', '1 Main Street', 'Springfield, USA', 'safety@acme.example'] },
        { label: 'Verantwortliche Person in der EU', lines: ['Acme Europe GmbH', '04109 Leipzig'] },
        { label: 'Warn- und Sicherheitshinweise', lines: ['Nicht für Kinder unter 3 Jahren.', 'Erstickungsgefahr.'] },
      ],
    ],
    [{ manufacturer: null, information: 'Heiß!' }, [{ label: 'Warn- und Sicherheitshinweise', lines: ['Heiß!'] }]],
  ])('%o → %o', (safety, rows) => {
    expect(of(safety)).toEqual(rows);
  });
});
