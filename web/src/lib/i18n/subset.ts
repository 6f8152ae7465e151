/**
 * Which catalogue entries the browser needs: those whose message id appears as a
 * string literal in the app's code. Used at build time (vite.catalogue.ts) so the
 * bundle carries the German texts it can show, already parsed, and none of the
 * server's (API errors, e-mails, documents). A superset of what `t()` can be asked
 * for: labels kept in tables and translated later (`t(label)`) are literals too.
 */

/**
 * Every one-line string literal ('…', "…", and `…` without substitutions) in a source text,
 * unescaped. One line each, so a stray quote or backtick in a comment cannot swallow code.
 */
export function stringLiterals(source: string): Set<string> {
  const out = new Set<string>();
  const unescape = (s: string): string => s.replace(/\\(.)/g, (_, c: string) => (c === 'n' ? '\n' : c === 't' ? '\t' : c));
  for (const m of source.matchAll(/'((?:[^'\\\n]|\\.)*)'|"((?:[^"\\\n]|\\.)*)"|`((?:[^`\\$\n]|\\.|\$(?!\{))*)`/g)) {
    out.add(unescape(m[1] ?? m[2] ?? m[3] ?? ''));
  }
  return out;
}

/** The catalogue's entries whose id is one of the literals, in catalogue order. */
export function usedEntries(catalogue: ReadonlyMap<string, string>, literals: ReadonlySet<string>): Array<[string, string]> {
  return [...catalogue].filter(([id]) => literals.has(id));
}

/** The string literals given to `t`, `tn`, `tNodes` and `N_` (single-quoted, as the code is written). */
export function messageIds(source: string): string[] {
  const out: string[] = [];
  for (const m of source.matchAll(/(?<![\w.])(?:t|tn|tNodes|N_)\(\s*'((?:[^'\\]|\\.)*)'(?:\s*,\s*'((?:[^'\\]|\\.)*)')?/g)) {
    const unescape = (s: string) => s.replace(/\\(.)/g, '$1');
    out.push(unescape(m[1] ?? ''));
    // tn(singular, plural, n): both forms are entries.
    if (m[0].startsWith('tn(') && m[2] !== undefined) out.push(unescape(m[2]));
  }
  return out;
}
