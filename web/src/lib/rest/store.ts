/**
 * The WooCommerce Store API (`/wp-json/wc/store/v1`) through the REST client:
 * the visitor's cart travels as `Cart-Token`, kept in localStorage.
 */
import { createRestClient, type RestClient } from './client';

export { RestError } from './client';

const TOKEN_KEY = 'laden_cart_token';

function readToken(): string | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

function writeToken(token: string): void {
  try {
    localStorage.setItem(TOKEN_KEY, token);
  } catch {
    // Private mode: the cart lives as long as the page.
  }
}

/** fetch with the cart token: sent when known, kept when the server issues one. */
export function cartTokenFetch(inner: typeof fetch): typeof fetch {
  return async (input, init) => {
    const headers = new Headers(init?.headers);
    const token = readToken();
    if (token) headers.set('Cart-Token', token);
    const res = await inner(input, { ...init, headers });
    const fresh = res.headers.get('Cart-Token');
    if (fresh) writeToken(fresh);
    return res;
  };
}

let shared: RestClient | undefined;

/** The page's REST client (created on first use, never at module load). */
export function shopClient(): RestClient {
  shared ??= createRestClient({ root: '/wp-json/', fetch: cartTokenFetch((input, init) => fetch(input, init)) });
  return shared;
}

/** Calls `/wp-json/wc/store/v1{path}` and checks the answer with `parse`; errors are `RestError`s. */
export async function storeApi<T>(
  path: string,
  parse: (raw: unknown) => T,
  init: { method?: 'GET' | 'POST'; body?: unknown } = {},
): Promise<T> {
  const raw = await shopClient()({ path: `/wc/store/v1${path}`, method: init.method ?? 'GET', data: init.body });
  return parse(raw);
}
