/**
 * sourcebuster.js's cookie format, so that either tracker reads what the
 * other wrote: a container is `key=value` pairs joined by `|||`, the whole
 * string URI-encoded with `!~*'()` escaped as well, optionally base64 (padding
 * stripped); readers decode base64 when the value consists of base64
 * characters only, and decode each value once more after splitting.
 */
export const DELIMITER = '|||';

export const CONTAINERS = {
  current: 'sbjs_current',
  currentAdd: 'sbjs_current_add',
  first: 'sbjs_first',
  firstAdd: 'sbjs_first_add',
  session: 'sbjs_session',
  udata: 'sbjs_udata',
  promo: 'sbjs_promo',
} as const;

export const MIGRATIONS_COOKIE = 'sbjs_migrations';
/** sourcebuster's one migration id, recorded as done for new visitors. */
export const MIGRATION_DONE = '1418474375998=1';

/** The eight cookies deleted when tracking is not allowed. */
export const ALL_COOKIES = [...Object.values(CONTAINERS), MIGRATIONS_COOKIE] as const;

export function encodeValue(s: string): string {
  return encodeURIComponent(s).replace(/[!~*'()]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

export function decodeValue(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return '';
  }
}

/** The stored form of a container's text. */
export function encodeCookie(text: string, base64: boolean): string {
  const encoded = encodeValue(text);
  return base64 ? btoa(encoded).replace(/=+$/, '') : encoded;
}

/** A container's text from its stored form (either encoding). */
export function decodeCookie(stored: string): string {
  let s = stored;
  if (/^[A-Za-z0-9+/]+$/.test(s)) {
    try {
      s = atob(s.padEnd(s.length + ((4 - (s.length % 4)) % 4), '='));
    } catch {
      // Not base64 after all: an old-format value.
    }
  }
  return decodeValue(s);
}

/** `key=value|||key=value` → a record; values are decoded once more, as sourcebuster does. */
export function unpack(text: string | null): Record<string, string> {
  const out: Record<string, string> = {};
  if (!text) return out;
  for (const part of text.split(DELIMITER)) {
    const at = part.indexOf('=');
    const key = at < 0 ? part : part.slice(0, at);
    out[key] = at < 0 ? '' : decodeValue(part.slice(at + 1));
  }
  return out;
}

export function pack(entries: ReadonlyArray<readonly [string, string]>): string {
  return entries.map(([k, v]) => `${k}=${v}`).join(DELIMITER);
}

/** The raw stored value of a cookie in a `document.cookie` string. */
export function readCookie(cookieString: string, name: string): string | null {
  const prefix = `${encodeValue(name)}=`;
  for (const part of cookieString.split(';')) {
    const c = part.replace(/^ +/, '');
    if (c.startsWith(prefix)) return decodeCookie(c.slice(prefix.length));
  }
  return null;
}
