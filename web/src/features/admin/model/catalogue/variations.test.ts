import { describe, expect, it } from 'vitest';
import { combinationKey, combinations, missingCombinations, parseOptions, type Combination } from './variations';

const size = { name: 'Größe', options: ['250 g', '1 kg'], variation: true };
const grind = { name: 'Mahlgrad', options: ['Bohne', 'Fein', 'Grob'], variation: true };
const origin = { name: 'Herkunft', options: ['Peru'], variation: false };

describe('combinations', () => {
  it.each([
    [[], 0],
    [[origin], 0],
    [[size], 2],
    [[size, grind], 6],
    [[size, origin, grind], 6],
    [[{ ...size, options: [] }, grind], 3],
    [[{ ...size, name: '  ' }], 0],
  ])('%# gives %i combinations', (attrs, n) => {
    expect(combinations(attrs)).toHaveLength(n);
  });

  it('keeps attribute and option order', () => {
    expect(combinations([size, grind]).slice(0, 3)).toEqual([
      { Größe: '250 g', Mahlgrad: 'Bohne' },
      { Größe: '250 g', Mahlgrad: 'Fein' },
      { Größe: '250 g', Mahlgrad: 'Grob' },
    ]);
  });

  it('finds only what is missing, ignoring case and order', () => {
    const existing: Combination[] = [
      { mahlgrad: 'bohne', GRÖSSE: 'x' },
      { Mahlgrad: 'fein', Größe: '250 G' },
    ];
    expect(missingCombinations([size, grind], existing)).toHaveLength(5);
    expect(combinationKey({ A: 'x', b: 'Y' })).toBe(combinationKey({ B: 'y', a: 'X' }));
  });
});

describe('parseOptions', () => {
  it.each([
    ['250 g, 1 kg', ['250 g', '1 kg']],
    [' a | b ,, c ', ['a', 'b', 'c']],
    ['Rot, rot, ROT', ['Rot']],
    ['', []],
  ])('%s', (text, want) => {
    expect(parseOptions(text)).toEqual(want);
  });
});
