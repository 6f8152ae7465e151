import { describe, expect, it } from 'vitest';
import { choicesText } from './cart';

describe('choicesText', () => {
  it('names each option with its attribute, in order', () => {
    expect(choicesText([])).toBe('');
    expect(
      choicesText([
        { attribute: 'Farbe', value: 'Rot' },
        { attribute: 'Größe', value: 'M' },
      ]),
    ).toBe('Farbe: Rot, Größe: M');
  });
});
