import { describe, expect, it } from 'vitest';
import { checkoutCheckboxes } from './checkboxes';

describe('checkoutCheckboxes', () => {
  const terms = { id: 'terms', required: true };
  const waiver = { id: 'digital_waiver', required: false };
  it.each([
    [[terms], false, [terms]],
    [[terms], true, [terms, waiver]],
    [[terms, waiver], true, [terms, waiver]],
    [[terms, waiver], false, [terms, waiver]],
  ] as const)('%j, downloads %j → %j', (shop, downloads, want) => {
    expect(checkoutCheckboxes(shop, downloads)).toEqual(want);
  });
});
