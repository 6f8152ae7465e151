/**
 * The German texts the loaded code can show, by English message id. Filled module by module
 * at build time (vite.catalogue.ts): every module registers the entries it names before its
 * own code runs, so a chunk loaded later brings its texts along.
 */
export const messages = new Map<string, string>();

export function addMessages(entries: ReadonlyArray<readonly [string, string]>): void {
  for (const [id, text] of entries) messages.set(id, text);
}
