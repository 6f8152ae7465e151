import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import catalogue from './de.po?raw';
import { parsePo } from './po';
import { messageIds, stringLiterals, usedEntries } from './subset';

describe('the browser catalogue subset', () => {
  it.each([
    [`t('Cart')`, ['Cart']],
    [`t("It's")`, ["It's"]],
    ['const a = `Plain`; const b = `with ${x}`;', ['Plain']],
    [`t('It\\'s', "say \\"hi\\"")`, ["It's", 'say "hi"']],
    [`['price', 'Sort by price: low to high']`, ['price', 'Sort by price: low to high']],
    [`t('%d item')`, ['%d item']],
  ])('finds the literals of %s', (source, want) => {
    expect([...stringLiterals(source)]).toEqual(want);
  });

  it('keeps only the entries named in code, in catalogue order', () => {
    const cat = new Map([
      ['A', 'Ä'],
      ['B', 'Bé'],
      ['C', 'Cé'],
    ]);
    expect(usedEntries(cat, new Set(['C', 'A', 'Z']))).toEqual([
      ['A', 'Ä'],
      ['C', 'Cé'],
    ]);
  });

  it('holds every message the app asks for by name, and no server-only text', () => {
    const src = join(import.meta.dirname, '../..');
    const files = (dir: string): string[] =>
      readdirSync(dir).flatMap((n) => {
        const p = join(dir, n);
        if (statSync(p).isDirectory()) return files(p);
        return /\.(ts|tsx)$/.test(n) && !/\.test\.tsx?$/.test(n) ? [p] : [];
      });
    const literals = new Set<string>();
    const ids: string[] = [];
    for (const f of files(src)) {
      const text = readFileSync(f, 'utf8');
      for (const l of stringLiterals(text)) literals.add(l);
      ids.push(...messageIds(text));
    }
    const kept = new Map(usedEntries(parsePo(catalogue), literals));
    expect(ids.filter((id) => !kept.has(id))).toEqual([]);
    // An API error the server translates itself.
    expect(kept.has('No route was found matching the URL and request method.')).toBe(false);
  });
});
