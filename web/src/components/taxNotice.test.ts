import { describe, expect, it } from 'vitest';
import { taxNotice } from './taxNotice';

describe('taxNotice', () => {
  it.each([
    [false, 'inkl. MwSt.'],
    [true, 'Kein Ausweis der MwSt. (Kleinunternehmer, § 19 UStG)'],
  ])('small business %s → %s', (small, text) => {
    expect(taxNotice(small)).toBe(text);
  });
});
