import { t } from '../i18n';

/** Errors of the Store API, WordPress-shaped: `{code, message, data}`. */
export class StoreApiError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status: number,
    readonly data: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

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

export function forgetCartToken(): void {
  try {
    localStorage.removeItem(TOKEN_KEY);
  } catch {
    // nothing stored
  }
}

/** Calls `/wp-json/wc/store/v1{path}` with the visitor's cart token and checks the answer with `parse`. */
export async function storeApi<T>(path: string, parse: (raw: unknown) => T, init: { method?: 'GET' | 'POST'; body?: unknown } = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = readToken();
  if (token) headers['Cart-Token'] = token;
  if (init.body !== undefined) headers['Content-Type'] = 'application/json';
  let res: Response;
  try {
    res = await fetch(`/wp-json/wc/store/v1${path}`, {
      method: init.method ?? 'GET',
      headers,
      credentials: 'same-origin',
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
  } catch (e) {
    if (e instanceof DOMException && e.name === 'AbortError') throw e;
    throw new StoreApiError('fetch_error', t('You are probably offline.'), 0);
  }
  const newToken = res.headers.get('Cart-Token');
  if (newToken) writeToken(newToken);
  let body: unknown;
  try {
    body = await res.json();
  } catch {
    throw new StoreApiError('invalid_json', t('The response is not a valid JSON response.'), res.status);
  }
  if (!res.ok) {
    const b = (typeof body === 'object' && body !== null ? body : {}) as { code?: unknown; message?: unknown; data?: unknown };
    throw new StoreApiError(
      typeof b.code === 'string' ? b.code : 'unknown_error',
      typeof b.message === 'string' ? b.message : t('An unknown error occurred.'),
      res.status,
      typeof b.data === 'object' && b.data !== null ? (b.data as Record<string, unknown>) : {},
    );
  }
  return parse(body);
}
