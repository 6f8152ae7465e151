import { describe, expect, it } from 'vitest';
import { importUrl } from './importRequest';

describe('the import request', () => {
  it.each([
    [null, false, '/wp-json/laden/v1/product-import'],
    ['a1B2c3', false, '/wp-json/laden/v1/product-import?pictures=a1B2c3'],
    [null, true, '/wp-json/laden/v1/product-import?download=1'],
    ['a1B2c3', true, '/wp-json/laden/v1/product-import?pictures=a1B2c3&download=1'],
  ] as const)('pictures %s, download %s → %s', (pictures, download, want) => {
    expect(importUrl(pictures, download)).toBe(want);
  });
});
