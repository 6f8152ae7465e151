import { describe, expect, it } from 'vitest';
import { boostedStep, normalize, parseQuantity, quickViewStep, refusedBound, spinnerEnabled, stepValue } from './spinner';

describe('parseQuantity', () => {
  it.each([
    ['', 'de-DE', null],
    ['  ', 'de-DE', null],
    ['abc', 'de-DE', null],
    ['3', 'de-DE', 3],
    ['1.234', 'de-DE', 1234],
    ['1 234,5', 'de-DE', 1234.5],
    ['2,5', 'de-DE', 2.5],
    ['2,5,1', 'de-DE', null],
    ['2.5', 'en-US', 2.5],
    ['1,234.5', 'en-GB', 1234.5],
    ['2.5', 'th-TH', 2.5],
    ['2.5', 'fr-FR', 25],
    ['-1', 'de-DE', -1],
    ['1e3', 'de-DE', null],
  ])('%j in %s → %j', (text, locale, want) => {
    expect(parseQuantity(text, locale)).toBe(want);
  });
});

describe('normalize (round, then clamp)', () => {
  it.each([
    [5, {}, 5],
    [-3, {}, 0],
    [2.6, {}, 3],
    [2.46, { decimals: 1 }, 2.5],
    [120, { max: 99 }, 99],
    [0, { min: 1 }, 1],
    [7.25, { min: 1, max: 10, decimals: 2 }, 7.25],
  ])('%d with %j → %d', (value, field, want) => {
    expect(normalize(value, field)).toBe(want);
  });
});

describe('stepValue', () => {
  it.each([
    [1, 1, {}, 2],
    [1, -1, {}, 0],
    [0, -1, {}, 0],
    [null, 1, { min: 2 }, 3],
    [4, 1, { step: 2, max: 5 }, 5],
    [1.5, 1, { step: 0.5, decimals: 1 }, 2],
  ] as const)('%j %d with %j → %d', (value, dir, field, want) => {
    expect(stepValue(value, dir, field)).toBe(want);
  });
});

describe('boostedStep', () => {
  it('keeps the step for 10 repeats, then grows by ×1.1 per repeat', () => {
    const seq = Array.from({ length: 13 }, (_, i) => boostedStep({ step: 1 }, i + 1));
    expect(seq.slice(0, 10)).toEqual(Array(10).fill(1));
    expect(seq[10]).toBeCloseTo(1.1);
    expect(seq[11]).toBeCloseTo(1.21);
    expect(seq[12]).toBeCloseTo(1.331);
  });
  it('stops at data-step-max', () => {
    expect(boostedStep({ step: 1, stepMax: 1.2 }, 30)).toBe(1.2);
    expect(boostedStep({ step: 2, stepMax: 1 }, 30)).toBe(2);
  });
  it('boosted steps still land on whole numbers by default', () => {
    expect(stepValue(10, 1, {}, 12)).toBe(11);
    expect(stepValue(10, 1, {}, 20)).toBe(13);
  });
});

describe('quick-view quantity', () => {
  it.each([
    [1, 1, 2],
    [2, -1, 1],
    [1, -1, 1],
    [Number.NaN, 1, 2],
    [0, -1, 1],
  ] as const)('%d %d → %d', (value, dir, want) => {
    expect(quickViewStep(value, dir)).toBe(want);
  });
});

describe('spinnerEnabled', () => {
  it.each([
    [undefined, true],
    [null, true],
    ['1', true],
    ['0', false],
    ['', false],
  ])('%j → %j', (setting, want) => {
    expect(spinnerEnabled(setting)).toBe(want);
  });
});

describe('refusedBound (a refusal said to screen readers)', () => {
  const field = { min: 1, max: 5, step: 1 };
  it.each([
    [6, 5, field, 'max'], // '+' at 5
    [0, 1, field, 'min'], // '-' at 1
    [12, 5, field, 'max'], // typed 12, shown 5
    [-3, 1, field, 'min'],
    [5, 5, field, null], // '+' from 4 reaches 5: no refusal
    [3, 3, field, null],
    [6, 6, { min: 1 }, null], // no max
    [0, 0, {}, null], // min 0, '-' at 0 lands on 0 but 0 is allowed
    [-1, 0, {}, 'min'],
    [null, 1, field, null],
    [7, null, field, null],
  ] as const)('wanted %s, got %s (%j) → %s', (wanted, got, f, want) => {
    expect(refusedBound(wanted, got, f)).toBe(want);
  });
});
