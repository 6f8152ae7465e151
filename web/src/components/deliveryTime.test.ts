import { describe, expect, it } from 'vitest';
import { deliveryTimeText } from './DeliveryTime';

describe('deliveryTimeText', () => {
  it.each([
    ['3–5 Werktage', '2–4 Werktage', '3–5 Werktage'],
    ['', '2–4 Werktage', '2–4 Werktage'],
    ['   ', '2–4 Werktage', '2–4 Werktage'],
    [undefined, '2–4 Werktage', '2–4 Werktage'],
    [' sofort ', '2–4 Werktage', 'sofort'],
    ['', '', ''],
  ])('own %j, default %j → %j', (own, fallback, text) => expect(deliveryTimeText(own, fallback)).toBe(text));
});
