import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';
import { parsePo } from './src/lib/i18n/po';
import { stringLiterals, usedEntries } from './src/lib/i18n/subset';

const ID = 'virtual:laden-catalogue';
const RESOLVED = `\0${ID}`;

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) return sources(p);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [p] : [];
  });
}

/**
 * `virtual:laden-catalogue`: the German catalogue (src/lib/i18n/de.po) compiled at
 * build time to the entries the app's code names, as a ready Map. The browser
 * neither downloads the server's texts nor parses the .po on every page load.
 */
export function germanCatalogue(root: string): Plugin {
  const src = join(root, 'src');
  const po = join(src, 'lib/i18n/de.po');
  return {
    name: 'laden-german-catalogue',
    resolveId: (id) => (id === ID ? RESOLVED : undefined),
    load(id) {
      if (id !== RESOLVED) return undefined;
      this.addWatchFile(po);
      const literals = new Set<string>();
      for (const f of sources(src)) {
        this.addWatchFile(f);
        for (const l of stringLiterals(readFileSync(f, 'utf8'))) literals.add(l);
      }
      const entries = usedEntries(parsePo(readFileSync(po, 'utf8')), literals);
      return `export default new Map(${JSON.stringify(entries)});`;
    },
  };
}
