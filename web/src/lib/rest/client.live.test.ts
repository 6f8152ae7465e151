/**
 * The REST client of spec §7–§8 against a real Laden server: every rule that
 * does not need a forced failure of the network or the server's JSON.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { cookieFetch, login, pngUpload, restNonce, startLaden, type LadenServer } from '../../test/laden-server';
import { createRestClient, RestError, type RestClient } from './client';
import { cartTokenFetch } from './store';

interface WpPage {
  id: number;
  slug: string;
  title: { raw?: string; rendered: string };
  status: string;
}
interface WpMedia {
  id: number;
  source_url: string;
  missing_image_sizes?: string[];
  media_details: { sizes: Record<string, { width: number }> };
}

let laden: LadenServer;
let cookie = '';
let seen: { url: string; method: string; headers: Headers }[] = [];
let client: RestClient;

function recordingFetch(inner: typeof fetch): typeof fetch {
  return async (input, init) => {
    seen.push({ url: String(input), method: init?.method ?? 'GET', headers: new Headers(init?.headers) });
    return inner(input, init);
  };
}

beforeAll(async () => {
  laden = await startLaden();
  cookie = await login(laden.base);
  client = createRestClient({
    root: `${laden.base}/wp-json/`,
    nonce: await restNonce(laden.base, cookie),
    nonceEndpoint: `${laden.base}/wp-admin/admin-ajax.php?action=rest-nonce`,
    fetch: recordingFetch(cookieFetch(cookie)),
  });
}, 60_000);

afterAll(async () => {
  await laden?.stop();
});

describe('REST client against Laden', () => {
  it('sends every request with the nonce, _locale=user and Accept, and runs as the user', async () => {
    seen = [];
    const me = await client<{ roles: string[] }>({ path: '/wp/v2/users/me?context=edit' });
    expect(me.roles).toEqual(['administrator']);
    const sent = seen[0];
    expect(sent?.url).toContain('_locale=user');
    expect(sent?.headers.get('accept')).toBe('application/json');
    expect(sent?.headers.get('x-wp-nonce')).toBe(client.nonce());
  });

  it('sends PATCH, PUT and DELETE as POST with X-HTTP-Method-Override, and DELETE ?force=true answers like WordPress', async () => {
    const page = await client<WpPage>({ path: '/wp/v2/pages', method: 'POST', data: { title: 'Über uns', status: 'publish' } });
    seen = [];
    const patched = await client<WpPage>({ path: `/wp/v2/pages/${page.id}`, method: 'PATCH', data: { title: 'Wir' } });
    expect(patched.title.raw).toBe('Wir');
    const put = await client<WpPage>({ path: `/wp/v2/pages/${page.id}`, method: 'PUT', data: { title: 'Wir alle' } });
    expect(put.title.raw).toBe('Wir alle');
    const gone = await client<{ deleted: boolean; previous: WpPage }>({ path: `/wp/v2/pages/${page.id}?force=true`, method: 'DELETE' });
    expect(gone).toMatchObject({ deleted: true, previous: { id: page.id } });
    expect(seen.map((s) => [s.method, s.headers.get('x-http-method-override')])).toEqual([
      ['POST', 'PATCH'],
      ['POST', 'PUT'],
      ['POST', 'DELETE'],
    ]);
    expect(seen[0]?.headers.get('content-type')).toBe('application/json');
    await expect(client({ path: `/wp/v2/pages/${page.id}` })).rejects.toMatchObject({ code: 'rest_post_invalid_id', status: 404 });
  });

  it('fetches per_page=-1 as pages of 100 following Link rel="next"', async () => {
    for (let i = 0; i < 105; i++) {
      await client({ path: '/wp/v2/pages', method: 'POST', data: { title: `Seite ${i}`, status: 'publish' } });
    }
    seen = [];
    const all = await client<WpPage[]>({ path: '/wp/v2/pages?per_page=-1&orderby=id&order=asc' });
    expect(all.length).toBeGreaterThanOrEqual(105);
    expect(new Set(all.map((p) => p.id)).size).toBe(all.length);
    expect(seen).toHaveLength(2);
    expect(seen[0]?.url).toContain('per_page=100');
    expect(seen[1]?.url).toContain('page=2');
  }, 60_000);

  it("passes the server's errors through, in German", async () => {
    const err = await client({ path: '/wp/v2/pages?per_page=0' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RestError);
    expect(err).toMatchObject({ code: 'rest_invalid_param', status: 400 });
    expect((err as RestError).message).toMatch(/^Ungültige/);
    await expect(client({ path: '/wp/v2/nichts' })).rejects.toMatchObject({ code: 'rest_no_route', status: 404 });
  });

  it('refreshes an invalid nonce once and retries the request', async () => {
    const stale = createRestClient({
      root: `${laden.base}/wp-json/`,
      nonce: '0000000000',
      nonceEndpoint: `${laden.base}/wp-admin/admin-ajax.php?action=rest-nonce`,
      fetch: recordingFetch(cookieFetch(cookie)),
    });
    seen = [];
    const me = await stale<{ id: number }>({ path: '/wp/v2/users/me' });
    expect(me.id).toBeGreaterThan(0);
    expect(stale.nonce()).toMatch(/^[0-9a-f]{10}$/);
    expect(seen.map((s) => new URL(s.url).pathname)).toEqual([
      '/wp-json/wp/v2/users/me',
      '/wp-admin/admin-ajax.php',
      '/wp-json/wp/v2/users/me',
    ]);
  });

  it('works at ?rest_route= with plain permalinks', async () => {
    const plain = createRestClient({ root: `${laden.base}/?rest_route=/`, nonce: client.nonce(), fetch: cookieFetch(cookie) });
    const me = await plain<{ roles?: string[] }>({ path: '/wp/v2/users/me?context=edit' });
    expect(me.roles).toEqual(['administrator']);
  });

  it('finishes an upload whose sub-sizes failed by post-processing', async () => {
    await client({ path: '/laden-test/v1/subsize-failures', method: 'PUT', data: { count: 3 } });
    seen = [];
    const media = await client<WpMedia>({ path: '/wp/v2/media', method: 'POST', body: pngUpload('kaffee.png') });
    expect(media.media_details.sizes['medium']?.width).toBe(300);
    expect(media.missing_image_sizes).toEqual([]);
    expect(seen.map((s) => new URL(s.url).pathname)).toEqual([
      '/wp-json/wp/v2/media',
      `/wp-json/wp/v2/media/${media.id}/post-process`,
      `/wp-json/wp/v2/media/${media.id}/post-process`,
      `/wp-json/wp/v2/media/${media.id}/post-process`,
    ]);
  });

  it('deletes the attachment and raises post_process after 5 failed post-processings', async () => {
    await client({ path: '/laden-test/v1/subsize-failures', method: 'PUT', data: { count: 6 } });
    seen = [];
    const err = await client({ path: '/wp/v2/media', method: 'POST', body: pngUpload('kaffee.png') }).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 'post_process' });
    expect((err as Error).message).toMatch(/Hochladen/);
    const paths = seen.map((s) => `${s.headers.get('x-http-method-override') ?? s.method} ${new URL(s.url).pathname}`);
    expect(paths.filter((p) => p.endsWith('/post-process'))).toHaveLength(5);
    const last = seen[seen.length - 1];
    expect(last?.headers.get('x-http-method-override')).toBe('DELETE');
    expect(last?.url).toContain('force=true');
    const id = /media\/(\d+)/.exec(last?.url ?? '')?.[1];
    await expect(client({ path: `/wp/v2/media/${id}` })).rejects.toMatchObject({ code: 'rest_post_invalid_id', status: 404 });
  });

  it('carries the Store API cart token from answer to request', async () => {
    const stored = new Map<string, string>();
    vi.stubGlobal('localStorage', {
      getItem: (k: string) => stored.get(k) ?? null,
      setItem: (k: string, v: string) => void stored.set(k, v),
      removeItem: (k: string) => void stored.delete(k),
    });
    try {
      seen = [];
      const shop = createRestClient({ root: `${laden.base}/wp-json/`, fetch: cartTokenFetch(recordingFetch(fetch)) });
      await shop({ path: '/wc/store/v1/cart' });
      const token = stored.get('laden_cart_token');
      expect(token).toBeTruthy();
      await shop({ path: '/wc/store/v1/cart' });
      expect(seen[0]?.headers.get('cart-token')).toBeNull();
      expect(seen[1]?.headers.get('cart-token')).toBe(token);
      expect(stored.get('laden_cart_token')).toBe(token);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
