/**
 * Who may see the admin bar and the editor's tools (spec §6): staff who can
 * edit pages. The browser only has a hint cookie; `users/me` decides.
 */

/** The staff hint cookie the server sets at login (no secret in it). */
export const hasStaffHint = (cookie: string): boolean => cookie.split(/;\s*/).includes('laden_staff=1');

/** Editor mode: the page was opened with `?editor=1`. */
export const editorModeIn = (search: string): boolean => new URLSearchParams(search).get('editor') === '1';

/** The URL that enters or leaves editor mode, keeping every other parameter and the hash. */
export function editorModeUrl(href: string, on: boolean): string {
  const url = new URL(href);
  if (on) url.searchParams.set('editor', '1');
  else url.searchParams.delete('editor');
  return url.pathname + url.search + url.hash;
}

export interface Me {
  name: string;
  capabilities: Record<string, boolean>;
}

/** Checks the `users/me?context=edit` answer at the client's edge. */
export function parseMe(raw: unknown): Me | null {
  if (!raw || typeof raw !== 'object') return null;
  const r = raw as { name?: unknown; capabilities?: unknown };
  if (typeof r.name !== 'string' || !r.capabilities || typeof r.capabilities !== 'object') return null;
  const caps: Record<string, boolean> = {};
  for (const [k, v] of Object.entries(r.capabilities)) caps[k] = v === true;
  return { name: r.name, capabilities: caps };
}
