import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { parsePo, sprintf } from './po';

describe('parsePo', () => {
  it('reads pairs, escapes and continued strings', () => {
    const m = parsePo('msgid "a"\n"b"\nmsgstr "x\\"y"\n"z"\n\nmsgid "c"\nmsgstr "d"\n');
    expect(m.get('ab')).toBe('x"yz');
    expect(m.get('c')).toBe('d');
  });

  it('the shipped catalogue has German for every id', () => {
    const src = readFileSync(new URL('./de.po', import.meta.url), 'utf8');
    const ids = [...src.matchAll(/^msgid "(.+)"$/gm)].map((m) => m[1]);
    const m = parsePo(src);
    for (const id of ids) {
      expect(m.get(id!.replace(/\\"/g, '"')), id).toBeTruthy();
    }
    expect(m.get('Add to cart')).toBe('In den Warenkorb');
  });
});

describe('sprintf', () => {
  it.each([
    ['%s von %s', ['a', 'b'], 'a von b'],
    ['%2$s vor %1$s', ['a', 'b'], 'b vor a'],
    ['%d Artikel', [3], '3 Artikel'],
    ['%d %% hochgeladen', [40], '40 % hochgeladen'],
    ['100 %%', [], '100 %'],
  ] as const)('%s', (text, args, want) => {
    expect(sprintf(text, args)).toBe(want);
  });
});
