import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { buildUrl, createRestClient, nextLink, RestError, withUserLocale } from './client';
import { ChunkLoadError, loadChunk } from './chunks';

interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

let server: Server;
let base = '';
let seen: Seen[] = [];
let handler: (req: Seen, res: ServerResponse) => void = () => undefined;

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      const s = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body };
      seen.push(s);
      handler(s, res);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((r) => server.close(() => r())));

beforeEach(() => {
  seen = [];
});

const json = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void => {
  res.writeHead(status, { 'Content-Type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
};

/** A fetch that records the init the client passed, then really sends it. */
function recordingFetch(): { fetch: typeof fetch; inits: RequestInit[] } {
  const inits: RequestInit[] = [];
  return {
    inits,
    fetch: (input, init) => {
      inits.push(init ?? {});
      return fetch(input, init);
    },
  };
}

describe('pure helpers', () => {
  it.each([
    ['/wp-json/', '/wp/v2/pages', '/wp-json/wp/v2/pages'],
    ['/wp-json/', 'wp/v2/pages?per_page=5', '/wp-json/wp/v2/pages?per_page=5'],
    ['/?rest_route=/', '/wp/v2/pages?per_page=5', '/?rest_route=/wp/v2/pages&per_page=5'],
  ])('buildUrl(%s, %s)', (root, path, want) => expect(buildUrl(root, path)).toBe(want));

  it.each([
    ['/wp-json/x', '/wp-json/x?_locale=user'],
    ['/wp-json/x?a=1', '/wp-json/x?a=1&_locale=user'],
    ['/wp-json/x?_locale=de_DE', '/wp-json/x?_locale=de_DE'],
  ])('withUserLocale(%s)', (url, want) => expect(withUserLocale(url)).toBe(want));

  it('reads rel="next" from a Link header', () => {
    expect(nextLink('<https://a/x?page=1>; rel="prev", <https://a/x?page=3>; rel="next"')).toBe('https://a/x?page=3');
    expect(nextLink('<https://a/x?page=1>; rel="prev"')).toBeNull();
    expect(nextLink(null)).toBeNull();
  });
});

describe('request rules (spec §7)', () => {
  it('sends credentials, the nonce, _locale=user, Accept and a JSON body', async () => {
    handler = (_, res) => json(res, 200, { ok: true });
    const rec = recordingFetch();
    const api = createRestClient({ root: `${base}/wp-json/`, nonce: 'n1', fetch: rec.fetch });
    await expect(api({ path: '/wp/v2/pages/5', method: 'POST', data: { title: 'Über uns' } })).resolves.toEqual({ ok: true });
    expect(rec.inits[0]?.credentials).toBe('include');
    const s = seen[0]!;
    expect(s.url).toBe('/wp-json/wp/v2/pages/5?_locale=user');
    expect(s.headers['x-wp-nonce']).toBe('n1');
    expect(s.headers['accept']).toBe('application/json');
    expect(s.headers['content-type']).toBe('application/json');
    expect(JSON.parse(s.body)).toEqual({ title: 'Über uns' });
  });

  it('keeps a nonce header the caller set', async () => {
    handler = (_, res) => json(res, 200, []);
    const api = createRestClient({ root: `${base}/wp-json/`, nonce: 'n1' });
    await api({ path: '/x', headers: { 'x-wp-nonce': 'mine' } });
    expect(seen[0]!.headers['x-wp-nonce']).toBe('mine');
  });

  it.each(['PATCH', 'PUT', 'DELETE'] as const)('sends %s as POST with X-HTTP-Method-Override', async (method) => {
    handler = (_, res) => json(res, 200, { done: true });
    const api = createRestClient({ root: `${base}/wp-json/` });
    await api({ path: '/wp/v2/pages/3', method });
    expect(seen[0]!.method).toBe('POST');
    expect(seen[0]!.headers['x-http-method-override']).toBe(method);
  });

  it('works with plain permalinks (?rest_route=)', async () => {
    handler = (_, res) => json(res, 200, []);
    const api = createRestClient({ root: `${base}/?rest_route=/` });
    await api({ path: '/wp/v2/pages?per_page=2' });
    expect(seen[0]!.url).toBe('/?rest_route=/wp/v2/pages&per_page=2&_locale=user');
  });

  it('fetches per_page=-1 as pages of 100 following Link rel="next"', async () => {
    handler = (s, res) => {
      const u = new URL(s.url, base);
      const page = Number(u.searchParams.get('page') ?? '1');
      const items = Array.from({ length: page < 3 ? 100 : 30 }, (_, i) => ({ id: (page - 1) * 100 + i + 1 }));
      const next = page < 3 ? `<${base}/wp-json/wp/v2/media?per_page=100&page=${page + 1}>; rel="next"` : '';
      json(res, 200, items, next ? { Link: next } : {});
    };
    const api = createRestClient({ root: `${base}/wp-json/` });
    const all = await api<Array<{ id: number }>>({ path: '/wp/v2/media?per_page=-1' });
    expect(all).toHaveLength(230);
    expect(all.at(-1)?.id).toBe(230);
    expect(seen.map((s) => new URL(s.url, base).searchParams.get('per_page'))).toEqual(['100', '100', '100']);
    expect(seen.every((s) => s.url.includes('_locale=user'))).toBe(true);
  });

  it('reads a listing page with its pagination headers', async () => {
    handler = (_, res) => json(res, 200, [{ id: 1 }, { id: 2 }], { 'X-WP-Total': '7', 'X-WP-TotalPages': '4' });
    const api = createRestClient({ root: `${base}/wp-json/` });
    await expect(api.page<{ id: number }>({ path: '/wc/v3/orders?per_page=2' })).resolves.toEqual({
      items: [{ id: 1 }, { id: 2 }],
      total: 7,
      totalPages: 4,
    });
    handler = (_, res) => json(res, 400, { code: 'rest_invalid_param', message: 'Ungültig', data: { status: 400 } });
    await expect(api.page({ path: '/wc/v3/orders?per_page=0' })).rejects.toMatchObject({ code: 'rest_invalid_param', status: 400 });
  });

  it('returns a non-array fetch-all answer as it is', async () => {
    handler = (_, res) => json(res, 200, { total: 1 });
    const api = createRestClient({ root: `${base}/wp-json/` });
    await expect(api({ path: '/x?per_page=-1' })).resolves.toEqual({ total: 1 });
  });

  it('answers 204 with an empty result', async () => {
    handler = (_, res) => {
      res.writeHead(204);
      res.end();
    };
    const api = createRestClient({ root: `${base}/wp-json/` });
    await expect(api({ path: '/x', method: 'DELETE' })).resolves.toBeNull();
  });
});

describe('error catalogue (spec §8), in German', () => {
  const api = () => createRestClient({ root: `${base}/wp-json/` });

  it('invalid_json for a body that is not JSON', async () => {
    handler = (_, res) => {
      res.writeHead(200, { 'Content-Type': 'text/html' });
      res.end('<html>');
    };
    await expect(api()({ path: '/x' })).rejects.toMatchObject({
      code: 'invalid_json',
      message: 'Die Antwort ist keine gültige JSON-Antwort.',
    });
  });

  it('unknown_error for an error with an empty body', async () => {
    handler = (_, res) => json(res, 500, null);
    await expect(api()({ path: '/x' })).rejects.toMatchObject({
      code: 'unknown_error',
      message: 'Ein unbekannter Fehler ist aufgetreten.',
      status: 500,
    });
  });

  it("passes the server's {code, message} through", async () => {
    handler = (_, res) => json(res, 404, { code: 'rest_no_route', message: 'Kein Endpunkt.', data: { status: 404 } });
    await expect(api()({ path: '/x' })).rejects.toMatchObject({ code: 'rest_no_route', message: 'Kein Endpunkt.', status: 404 });
  });

  it('fetch_error when the network fails', async () => {
    const dead = createRestClient({ root: 'http://127.0.0.1:9/wp-json/' });
    const err = await dead({ path: '/x' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RestError);
    expect(err).toMatchObject({ code: 'fetch_error', message: 'Sie sind wahrscheinlich offline.' });
  });

  it('passes an abort through unchanged', async () => {
    handler = () => undefined; // never answers
    const ctrl = new AbortController();
    const pending = api()({ path: '/slow', signal: ctrl.signal });
    // Abort once the request has really gone out, so it cannot reach later tests.
    await expect.poll(() => seen.length).toBe(1);
    ctrl.abort();
    const err = await pending.catch((e: unknown) => e);
    expect(err).not.toBeInstanceOf(RestError);
    expect((err as Error).name).toBe('AbortError');
  });
});

describe('nonce refresh (spec §7)', () => {
  const invalid = { code: 'rest_cookie_invalid_nonce', message: 'Cookie check failed', data: { status: 403 } };

  it('fetches a fresh nonce and retries the request once', async () => {
    handler = (s, res) => {
      if (s.url.startsWith('/wp-admin/admin-ajax.php')) {
        res.writeHead(200, { 'Content-Type': 'text/plain' });
        res.end('fresh');
      } else if (s.headers['x-wp-nonce'] === 'fresh') json(res, 200, { ok: true });
      else json(res, 403, invalid);
    };
    const api = createRestClient({
      root: `${base}/wp-json/`,
      nonce: 'stale',
      nonceEndpoint: `${base}/wp-admin/admin-ajax.php?action=rest-nonce`,
    });
    await expect(api({ path: '/wp/v2/users/me' })).resolves.toEqual({ ok: true });
    expect(seen.map((s) => s.url.split('?')[0])).toEqual([
      '/wp-json/wp/v2/users/me',
      '/wp-admin/admin-ajax.php',
      '/wp-json/wp/v2/users/me',
    ]);
    expect(api.nonce()).toBe('fresh');
  });

  it('rethrows the original error when the nonce endpoint fails, and retries only once', async () => {
    handler = (s, res) => (s.url.startsWith('/wp-admin') ? json(res, 400, 0) : json(res, 403, invalid));
    const api = createRestClient({
      root: `${base}/wp-json/`,
      nonce: 'stale',
      nonceEndpoint: `${base}/wp-admin/admin-ajax.php?action=rest-nonce`,
    });
    await expect(api({ path: '/x' })).rejects.toMatchObject({ code: 'rest_cookie_invalid_nonce' });
    expect(seen).toHaveLength(2);

    seen = [];
    handler = (s, res) => {
      if (s.url.startsWith('/wp-admin')) {
        res.writeHead(200);
        res.end('also-stale');
      } else json(res, 403, invalid);
    };
    await expect(api({ path: '/x' })).rejects.toMatchObject({ code: 'rest_cookie_invalid_nonce' });
    expect(seen).toHaveLength(3);
  });
});

describe('media upload (spec §7)', () => {
  function uploadServer(failures: number) {
    let postProcess = 0;
    handler = (s, res) => {
      if (s.url.startsWith('/wp-json/wp/v2/media/7/post-process')) {
        postProcess++;
        expect(JSON.parse(s.body)).toEqual({ action: 'create-image-subsizes' });
        if (postProcess <= failures) json(res, 500, { code: 'rest_upload_image_error', message: 'x' });
        else json(res, 200, { id: 7, media_details: { sizes: { thumbnail: {} } } });
      } else if (s.url.startsWith('/wp-json/wp/v2/media/7')) {
        json(res, 200, { deleted: true });
      } else {
        json(res, 500, { code: 'rest_upload_sideload_error', message: 'x' }, { 'X-WP-Upload-Attachment-ID': '7' });
      }
    };
    return () => postProcess;
  }
  const upload = (api: ReturnType<typeof createRestClient>) =>
    api({
      path: '/wp/v2/media',
      method: 'POST',
      body: new Uint8Array([1, 2, 3]),
      headers: { 'Content-Disposition': 'attachment; filename="a.jpg"' },
    });

  it('finishes an upload with post-process retries', async () => {
    const calls = uploadServer(2);
    const api = createRestClient({ root: `${base}/wp-json/` });
    await expect(upload(api)).resolves.toMatchObject({ id: 7 });
    expect(calls()).toBe(3);
  });

  it('gives up after 5 post-process tries, deletes the upload and says so in German', async () => {
    const calls = uploadServer(99);
    const api = createRestClient({ root: `${base}/wp-json/` });
    await expect(upload(api)).rejects.toMatchObject({
      code: 'post_process',
      message:
        'Das Hochladen der Datei ist fehlgeschlagen. Wenn es sich um ein Foto oder ein großes Bild handelt, verkleinern Sie es bitte und versuchen Sie es erneut.',
    });
    expect(calls()).toBe(5);
    const last = seen.at(-1)!;
    expect(last.url).toBe('/wp-json/wp/v2/media/7?force=true&_locale=user');
    expect(last.method).toBe('POST');
    expect(last.headers['x-http-method-override']).toBe('DELETE');
  });

  it('reports byte progress through the upload transport, and still post-processes', async () => {
    const calls = uploadServer(1);
    const reported: Array<[number, number]> = [];
    const inits: RequestInit[] = [];
    // A transport standing in for XMLHttpRequest: reports two steps, then sends with fetch.
    const uploadTransport = async (url: string, init: RequestInit, progress: (sent: number, total: number) => void) => {
      inits.push(init);
      progress(1, 3);
      progress(3, 3);
      return fetch(url, init);
    };
    const api = createRestClient({ root: `${base}/wp-json/`, nonce: 'n1', uploadTransport });
    const media = await api({
      path: '/wp/v2/media',
      method: 'POST',
      body: new Uint8Array([1, 2, 3]),
      onUploadProgress: (a, b) => reported.push([a, b]),
    });
    expect(media).toMatchObject({ id: 7 });
    expect(reported).toEqual([
      [1, 3],
      [3, 3],
    ]);
    // The transport gets the same request rules (nonce, credentials); post-processing goes through fetch.
    expect(inits).toHaveLength(1);
    expect(inits[0]).toMatchObject({ method: 'POST', credentials: 'include', headers: { 'X-WP-Nonce': 'n1' } });
    expect(calls()).toBe(2);
  });

  it('sends requests without a body through fetch even when progress is asked for', async () => {
    handler = (_, res) => json(res, 200, { ok: true });
    let used = 0;
    const api = createRestClient({ root: `${base}/wp-json/`, uploadTransport: async (url, init) => (used++, fetch(url, init)) });
    await api({ path: '/wp/v2/media', onUploadProgress: () => undefined });
    expect(used).toBe(0);
  });

  it('does not post-process an upload refused with a 4xx', async () => {
    handler = (_, res) => json(res, 413, { code: 'rest_upload_file_too_big', message: 'Zu groß' }, { 'X-WP-Upload-Attachment-ID': '7' });
    const api = createRestClient({ root: `${base}/wp-json/` });
    await expect(upload(api)).rejects.toMatchObject({ code: 'rest_upload_file_too_big' });
    expect(seen).toHaveLength(1);
  });
});

describe('code-split chunks', () => {
  it('turns a failed chunk into a German loading error', async () => {
    await expect(loadChunk(() => Promise.reject(new Error('404')))).rejects.toBeInstanceOf(ChunkLoadError);
    await expect(loadChunk(() => Promise.reject(new Error('404')))).rejects.toThrow('Ein Teil dieser Seite konnte nicht geladen werden.');
  });

  it('times out', async () => {
    await expect(loadChunk(() => new Promise(() => undefined), 20)).rejects.toMatchObject({ cause: 'timeout' });
  });

  it('passes a loaded chunk through', async () => {
    await expect(loadChunk(() => Promise.resolve({ default: 1 }))).resolves.toEqual({ default: 1 });
  });
});
