/**
 * The REST client of spec §7–§8: WordPress's conventions (as @wordpress/api-fetch speaks
 * them), with the spec's error catalogue in German.
 */
import { MEDIA_POST_PROCESS_RETRIES, REST_FETCH_ALL_PAGE_SIZE } from '../../config/constants';
import { t } from '../i18n';
import type { UploadProgress, UploadTransport } from './xhr';

export class RestError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status?: number,
    readonly data?: unknown,
    /** `X-WP-Upload-Attachment-ID` of a failed upload whose original was stored. */
    readonly attachmentId?: string,
  ) {
    super(message);
    this.name = 'RestError';
  }
}

export interface RestRequest {
  /** Path below the REST root, e.g. `/wp/v2/pages?per_page=5`. */
  path?: string;
  /** An absolute URL instead of a path. */
  url?: string;
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON. */
  data?: unknown;
  /** Sent as is (uploads). */
  body?: BodyInit;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Called as the body is sent (bytes sent, bytes in all); only for requests with a `body`. */
  onUploadProgress?: UploadProgress;
}

export interface RestClientOptions {
  /** The REST root: `/wp-json/`, an absolute URL, or `/?rest_route=/` with plain permalinks. */
  root: string;
  nonce?: string;
  /** Where a fresh nonce is fetched: `/wp-admin/admin-ajax.php?action=rest-nonce`. */
  nonceEndpoint?: string;
  fetch?: typeof fetch;
  /** How bodies with upload progress are sent (XMLHttpRequest in the browser). */
  uploadTransport?: UploadTransport;
}

const METHOD_OVERRIDE = new Set(['PATCH', 'PUT', 'DELETE']);

function hasHeader(headers: Record<string, string>, name: string): boolean {
  return Object.keys(headers).some((k) => k.toLowerCase() === name.toLowerCase());
}

/** Joins root and path as WordPress's root-URL middleware does. */
export function buildUrl(root: string, path: string): string {
  let p = path.replace(/^\//, '');
  if (root.includes('?')) p = p.replace('?', '&');
  return root + p;
}

/** Adds `_locale=user` unless the URL has a `_locale` already. */
export function withUserLocale(url: string): string {
  if (/[?&]_locale=/.test(url)) return url;
  return `${url}${url.includes('?') ? '&' : '?'}_locale=user`;
}

/** The `rel="next"` target of a Link header. */
export function nextLink(link: string | null): string | null {
  const m = link ? /<([^>]+)>;\s*rel="next"/.exec(link) : null;
  return m?.[1] ?? null;
}

/** One page of a listing with WordPress's pagination headers. */
export interface RestPage<T> {
  items: T[];
  total: number;
  totalPages: number;
}

export interface RestClient {
  <T = unknown>(req: RestRequest): Promise<T>;
  /** A listing request, with `X-WP-Total` and `X-WP-TotalPages`. */
  readonly page: <T>(req: RestRequest) => Promise<RestPage<T>>;
  readonly nonce: () => string | undefined;
}

/**
 * A request as sent: the nonce unless one is given, JSON data as the body, PUT/PATCH/DELETE as a
 * POST with `X-HTTP-Method-Override`, the user's locale, and the session's cookies.
 */
function prepare(
  req: RestRequest,
  root: string,
  nonce: string | undefined,
): { url: string; init: RequestInit; body: BodyInit | undefined } {
  const method = req.method ?? (req.data !== undefined || req.body !== undefined ? 'POST' : 'GET');
  const headers: Record<string, string> = { Accept: 'application/json', ...req.headers };
  if (nonce && !hasHeader(headers, 'X-WP-Nonce')) headers['X-WP-Nonce'] = nonce;
  let body: BodyInit | undefined = req.body;
  if (req.data !== undefined) {
    body = JSON.stringify(req.data);
    headers['Content-Type'] = 'application/json';
  }
  let wireMethod: string = method;
  if (METHOD_OVERRIDE.has(method)) {
    wireMethod = 'POST';
    headers['X-HTTP-Method-Override'] = method;
  }
  const url = withUserLocale(req.url ?? buildUrl(root, req.path ?? ''));
  const init: RequestInit = {
    method: wireMethod,
    headers,
    body: body ?? null,
    credentials: 'include',
    ...(req.signal ? { signal: req.signal } : {}),
  };
  return { url, init, body };
}

/** Reads a response as the spec says: 204 → null, JSON or `invalid_json`, errors thrown. */
async function read(res: Response): Promise<unknown> {
  if (res.status === 204) return null;
  let json: unknown;
  try {
    json = await res.json();
  } catch {
    throw new RestError('invalid_json', t('The response is not a valid JSON response.'), res.status);
  }
  if (res.ok) return json;
  if (!json) throw new RestError('unknown_error', t('An unknown error occurred.'), res.status);
  const e = json as { code?: unknown; message?: unknown; data?: unknown };
  throw new RestError(
    typeof e.code === 'string' ? e.code : 'unknown_error',
    typeof e.message === 'string' ? e.message : t('An unknown error occurred.'),
    res.status,
    e.data,
    res.headers.get('x-wp-upload-attachment-id') ?? undefined,
  );
}

/**
 * The REST client of spec §7–§8: `prepare`d requests, `read` answers, one nonce refresh on
 * `rest_cookie_invalid_nonce`, `per_page=-1` fetched page by page, and uploads finished by
 * post-processing.
 */
export function createRestClient(options: RestClientOptions): RestClient {
  const doFetch = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
  let nonce = options.nonce;

  /** One HTTP exchange with every request rule applied; returns the raw response. */
  async function send(req: RestRequest): Promise<Response> {
    const { url, init, body } = prepare(req, options.root, nonce);
    try {
      if (req.onUploadProgress && body !== undefined) {
        // The XMLHttpRequest transport is the admin's (uploads with progress): fetched when first needed.
        const upload = options.uploadTransport ?? (await import('./xhr')).xhrUpload;
        return await upload(url, init, req.onUploadProgress);
      }
      return await doFetch(url, init);
    } catch (e) {
      if (e instanceof Error && e.name === 'AbortError') throw e;
      throw new RestError('fetch_error', t('You are probably offline.'));
    }
  }

  /** `send` + `read`, refreshing the nonce once on `rest_cookie_invalid_nonce`. */
  async function exchange(req: RestRequest): Promise<{ res: Response; value: unknown }> {
    const res = await send(req);
    try {
      return { res, value: await read(res) };
    } catch (e) {
      if (!(e instanceof RestError) || e.code !== 'rest_cookie_invalid_nonce' || !options.nonceEndpoint) throw e;
      let fresh: Response;
      try {
        fresh = await doFetch(options.nonceEndpoint, { credentials: 'include' });
      } catch {
        throw e;
      }
      if (!fresh.ok) throw e;
      nonce = (await fresh.text()).trim();
      const again = await send({ ...req, headers: { ...req.headers } });
      return { res: again, value: await read(again) };
    }
  }

  async function fetchAll(req: RestRequest): Promise<unknown> {
    const swap = (s: string): string => s.replace(/([?&])per_page=-1\b/, `$1per_page=${REST_FETCH_ALL_PAGE_SIZE}`);
    const first = await exchange({ ...req, path: req.path && swap(req.path), url: req.url && swap(req.url) });
    if (!Array.isArray(first.value)) return first.value;
    let results: unknown[] = first.value;
    let next = nextLink(first.res.headers.get('link'));
    while (next) {
      const page = await exchange({ url: next, signal: req.signal, headers: req.headers });
      results = results.concat(Array.isArray(page.value) ? page.value : [page.value]);
      next = nextLink(page.res.headers.get('link'));
    }
    return results;
  }

  /** An upload whose sub-sizes failed (5xx with an attachment id) is finished by post-processing. */
  async function upload(req: RestRequest): Promise<unknown> {
    let id: string;
    try {
      return (await exchange(req)).value;
    } catch (e) {
      if (!(e instanceof RestError) || (e.status ?? 0) < 500 || !e.attachmentId) throw e;
      id = e.attachmentId;
    }
    for (let attempt = 0; attempt < MEDIA_POST_PROCESS_RETRIES; attempt++) {
      try {
        return (
          await exchange({
            path: `/wp/v2/media/${id}/post-process`,
            method: 'POST',
            data: { action: 'create-image-subsizes' },
            signal: req.signal,
          })
        ).value;
      } catch (e) {
        if (e instanceof Error && e.name === 'AbortError') throw e;
      }
    }
    await exchange({ path: `/wp/v2/media/${id}?force=true`, method: 'DELETE' }).catch(() => undefined);
    throw new RestError('post_process', t('Media upload failed. If this is a photo or a large image, please scale it down and try again.'));
  }

  const client = async <T>(req: RestRequest): Promise<T> => {
    const target = req.path ?? req.url ?? '';
    if (/[?&]per_page=-1\b/.test(target)) return (await fetchAll(req)) as T;
    if ((req.method ?? 'POST') === 'POST' && /\/wp\/v2\/media\/?(\?|$)/.test(target) && req.data === undefined && req.body !== undefined) {
      return (await upload(req)) as T;
    }
    return (await exchange(req)).value as T;
  };
  const page = async <T>(req: RestRequest): Promise<RestPage<T>> => {
    const { res, value } = await exchange(req);
    const count = (name: string) => Number.parseInt(res.headers.get(name) ?? '0', 10) || 0;
    return { items: Array.isArray(value) ? (value as T[]) : [], total: count('x-wp-total'), totalPages: count('x-wp-totalpages') };
  };
  return Object.assign(client, { page, nonce: () => nonce });
}
