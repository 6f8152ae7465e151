/** Every message the web app shows has a German entry in the one catalogue. */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import catalogue from './de.po?raw';
import { parsePo } from './po';
import { messageIds } from './subset';

const SRC = join(import.meta.dirname, '../..');

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) return files(p);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [p] : [];
  });
}

describe('the German catalogue', () => {
  it('finds message ids in code', () => {
    expect(messageIds("t('A'); tn('%d x', '%d xs', n); N_('B'); x.t('no'); tNodes('C %1$s', [a]); t('It\\'s')")).toEqual([
      'A',
      '%d x',
      '%d xs',
      'B',
      'C %1$s',
      "It's",
    ]);
  });

  it('has every message of the app', () => {
    const known = parsePo(catalogue);
    const missing: string[] = [];
    let seen = 0;
    for (const f of files(SRC)) {
      for (const id of messageIds(readFileSync(f, 'utf8'))) {
        seen++;
        if (!known.has(id)) missing.push(`${f.slice(SRC.length + 1)}: ${id}`);
      }
    }
    expect(seen).toBeGreaterThan(100);
    expect(missing).toEqual([]);
  });
});
