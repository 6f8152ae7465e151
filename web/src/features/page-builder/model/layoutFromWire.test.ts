import { describe, expect, it } from 'vitest';
import { layoutFromWire } from './layoutFromWire';

describe('layoutFromWire', () => {
  it.each([
    [null, false],
    ['text', false],
    [{ sections: [] }, false],
    [{ version: 1 }, false],
    [{ version: 1, sections: {} }, false],
    [{ version: 1, sections: [] }, true],
  ])('%j → layout: %s', (input, ok) => {
    expect(layoutFromWire(input) !== null).toBe(ok);
  });
});
