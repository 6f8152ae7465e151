import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';
import { parsePo } from './src/lib/i18n/po';
import { stringLiterals, usedEntries } from './src/lib/i18n/subset';

/**
 * The German catalogue (src/lib/i18n/de.po) compiled at build time, module by module: each
 * source module of the app registers, before its own code runs, the entries whose message id
 * stands in it as a string literal (already parsed). A chunk therefore carries exactly the
 * texts it can show: the entry holds the header's and the banner's, the admin's chunk the
 * admin's, and a chunk loaded later brings its own. The browser never downloads the server's
 * texts nor parses the .po.
 */
export function germanCatalogue(root: string): Plugin {
  const src = join(root, 'src');
  const po = join(src, 'lib/i18n/de.po');
  const messages = join(src, 'lib/i18n/messages.ts');
  let catalogue: ReadonlyMap<string, string> | undefined;
  return {
    name: 'laden-german-catalogue',
    enforce: 'pre',
    buildStart() {
      catalogue = undefined;
      this.addWatchFile(po);
    },
    transform(code, id) {
      const file = id.split('?')[0] ?? id;
      if (!file.startsWith(src) || !/\.tsx?$/.test(file) || file === messages) return undefined;
      catalogue ??= parsePo(readFileSync(po, 'utf8'));
      const entries = usedEntries(catalogue, stringLiterals(code));
      if (entries.length === 0) return undefined;
      const register = `import { addMessages as __ladenMessages } from ${JSON.stringify(messages)};\n__ladenMessages(${JSON.stringify(entries)});\n`;
      return { code: register + code, map: null };
    },
  };
}
