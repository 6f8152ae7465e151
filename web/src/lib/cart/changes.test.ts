import { describe, expect, it } from 'vitest';
import { describeCartChange } from './changes';

const line = (key: string, name: string, quantity: number) => ({ key, name, quantity });
const cart = (...items: Array<ReturnType<typeof line>>) => ({ items, items_count: items.reduce((n, i) => n + i.quantity, 0) });
const nbsp = '\u00a0';

describe('describeCartChange (what a screen reader hears after a cart change)', () => {
  it.each([
    [
      'first line',
      null,
      cart(line('a', 'Tasse', 1)),
      1290,
      `„Tasse“ wurde Ihrem Warenkorb hinzugefügt. Warenkorb: 1 Artikel, 12,90${nbsp}€.`,
    ],
    [
      'a new line beside others',
      cart(line('a', 'Tasse', 1)),
      cart(line('a', 'Tasse', 1), line('b', 'Mühle', 2)),
      9080,
      `„Mühle“ wurde Ihrem Warenkorb hinzugefügt. Warenkorb: 3 Artikel, 90,80${nbsp}€.`,
    ],
    [
      'several lines at once (grouped)',
      cart(),
      cart(line('a', 'Tasse', 1), line('b', 'Teller', 1)),
      2000,
      `Die Produkte wurden in den Warenkorb gelegt. Warenkorb: 2 Artikel, 20,00${nbsp}€.`,
    ],
    [
      'a quantity changed',
      cart(line('a', 'Tasse', 1)),
      cart(line('a', 'Tasse', 3)),
      3870,
      `Menge von „Tasse“ auf 3 geändert. Warenkorb: 3 Artikel, 38,70${nbsp}€.`,
    ],
    [
      'a decimal quantity',
      cart(line('a', 'Kaffee lose', 1)),
      cart(line('a', 'Kaffee lose', 1.5)),
      1500,
      `Menge von „Kaffee lose“ auf 1,5 geändert. Warenkorb: 1,5 Artikel, 15,00${nbsp}€.`,
    ],
    [
      'a line removed',
      cart(line('a', 'Tasse', 1), line('b', 'Mühle', 2)),
      cart(line('b', 'Mühle', 2)),
      7790,
      `„Tasse“ wurde entfernt. Warenkorb: 2 Artikel, 77,90${nbsp}€.`,
    ],
    ['the last line removed', cart(line('a', 'Tasse', 1)), cart(), 0, '„Tasse“ wurde entfernt. Ihr Warenkorb ist gegenwärtig leer.'],
    ['nothing changed', cart(line('a', 'Tasse', 1)), cart(line('a', 'Tasse', 1)), 1290, ''],
  ] as const)('%s', (_, before, after, total, want) => {
    expect(describeCartChange(before, after, total)).toBe(want);
  });
});
