import { describe, expect, it } from 'vitest';
import { taxNotice } from './taxNotice';

const margin = 'differenzbesteuert nach § 25a UStG, MwSt. nicht ausweisbar';

describe('taxNotice', () => {
  it.each([
    [false, null, 'inkl. MwSt.'],
    [true, null, 'Kein Ausweis der MwSt. (Kleinunternehmer, § 19 UStG)'],
    // Goods under the margin scheme: the server's words; a small business charges no VAT at all.
    [false, margin, margin],
    [true, margin, 'Kein Ausweis der MwSt. (Kleinunternehmer, § 19 UStG)'],
  ])('small business %s, the goods’ own notice %s → %s', (small, own, text) => {
    expect(taxNotice(small, own)).toBe(text);
  });
});
