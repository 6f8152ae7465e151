import { describe, expect, it } from 'vitest';
import { specialNotices } from './SpecialNotices';

const plain = { defect_description: '', used_good: false, min_age: 0, photovoltaic: false };

describe('specialNotices', () => {
  it.each([
    [undefined, []],
    [plain, []],
    [
      { defect_description: 'Kratzer', used_good: true, min_age: 18, photovoltaic: false },
      ['Mängel: Kratzer', 'Gebrauchtware: Mängelansprüche verjähren nach einem Jahr.', 'Abgabe nur an Personen ab 18 Jahren.'],
    ],
    [{ ...plain, min_age: 16 }, ['Abgabe nur an Personen ab 16 Jahren.']],
    [{ ...plain, used_good: true }, ['Gebrauchtware: Mängelansprüche verjähren nach einem Jahr.']],
  ] as const)('%j → %j', (special, want) => {
    expect(specialNotices(special)).toEqual(want);
  });
});
