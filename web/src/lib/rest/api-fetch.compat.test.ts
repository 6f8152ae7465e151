/**
 * Compatibility: the official @wordpress/api-fetch, unchanged and configured as
 * WordPress's script loader configures it, against a running Laden.
 */
import apiFetch from '@wordpress/api-fetch';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { cookieFetch, login, pngUpload, restNonce, startLaden, type LadenServer } from '../../test/laden-server';

interface Sent {
  url: string;
  method: string;
  override: string | null;
}

let laden: LadenServer;
let sent: Sent[] = [];
let nonceMiddleware: ReturnType<typeof apiFetch.createNonceMiddleware>;

beforeAll(async () => {
  laden = await startLaden();
  const cookie = await login(laden.base);
  const browserFetch = cookieFetch(cookie, globalThis.fetch.bind(globalThis));
  // The browser's fetch with its cookie jar, recording what goes out.
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
    const headers = new Headers(init?.headers);
    sent.push({ url: String(input), method: init?.method ?? 'GET', override: headers.get('x-http-method-override') });
    return browserFetch(input, init);
  });
  // What wp-includes/script-loader.php prints for wp-api-fetch.
  apiFetch.use(apiFetch.createRootURLMiddleware(`${laden.base}/wp-json/`));
  nonceMiddleware = apiFetch.createNonceMiddleware(await restNonce(laden.base, cookie));
  apiFetch.nonceMiddleware = nonceMiddleware;
  apiFetch.use(nonceMiddleware);
  apiFetch.use(apiFetch.mediaUploadMiddleware);
  apiFetch.nonceEndpoint = `${laden.base}/wp-admin/admin-ajax.php?action=rest-nonce`;
}, 60_000);

afterAll(async () => {
  vi.unstubAllGlobals();
  await laden?.stop();
});

describe('@wordpress/api-fetch against Laden', () => {
  it('fetches more than 100 pages with per_page=-1', async () => {
    for (let i = 0; i < 103; i++) {
      await apiFetch({ path: '/wp/v2/pages', method: 'POST', data: { title: `Seite ${i}`, status: 'publish' } });
    }
    sent = [];
    const all = await apiFetch<{ id: number }[]>({ path: '/wp/v2/pages?per_page=-1' });
    expect(all).toHaveLength(103);
    expect(new Set(all.map((p) => p.id)).size).toBe(103);
    expect(sent.length).toBeGreaterThanOrEqual(2);
    expect(sent.every((s) => s.url.includes('_locale=user'))).toBe(true);
  }, 60_000);

  it('updates and deletes through X-HTTP-Method-Override', async () => {
    const page = await apiFetch<{ id: number }>({ path: '/wp/v2/pages', method: 'POST', data: { title: 'Alt' } });
    sent = [];
    const updated = await apiFetch<{ title: { raw: string } }>({ path: `/wp/v2/pages/${page.id}`, method: 'PUT', data: { title: 'Neu' } });
    expect(updated.title.raw).toBe('Neu');
    const deleted = await apiFetch<{ deleted: boolean; previous: { id: number } }>({
      path: `/wp/v2/pages/${page.id}?force=true`,
      method: 'DELETE',
    });
    expect(deleted).toMatchObject({ deleted: true, previous: { id: page.id } });
    expect(sent.map((s) => [s.method, s.override])).toEqual([
      ['POST', 'PUT'],
      ['POST', 'DELETE'],
    ]);
  });

  it('refreshes the nonce after it was made invalid and retries', async () => {
    nonceMiddleware.nonce = 'deadbeef00';
    sent = [];
    const me = await apiFetch<{ roles: string[] }>({ path: '/wp/v2/users/me?context=edit' });
    expect(me.roles).toEqual(['administrator']);
    expect(nonceMiddleware.nonce).toMatch(/^[0-9a-f]{10}$/);
    expect(sent.map((s) => new URL(s.url).pathname)).toEqual([
      '/wp-json/wp/v2/users/me',
      '/wp-admin/admin-ajax.php',
      '/wp-json/wp/v2/users/me',
    ]);
  });

  it('uploads media, post-processing after forced sub-size failures', async () => {
    await apiFetch({ path: '/laden-test/v1/subsize-failures', method: 'PUT', data: { count: 2 } });
    sent = [];
    const media = await apiFetch<{ id: number; media_details: { sizes: Record<string, unknown> } }>({
      path: '/wp/v2/media',
      method: 'POST',
      body: pngUpload('bohnen.png'),
    });
    expect(Object.keys(media.media_details.sizes)).toEqual(expect.arrayContaining(['thumbnail', 'medium', 'full']));
    expect(sent.filter((s) => s.url.includes('/post-process'))).toHaveLength(2);
  });

  it('cleans up after the last failed post-process', async () => {
    await apiFetch({ path: '/laden-test/v1/subsize-failures', method: 'PUT', data: { count: 6 } });
    sent = [];
    const err = await apiFetch({ path: '/wp/v2/media', method: 'POST', body: pngUpload('bohnen.png') }).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 'post_process' });
    expect(sent.filter((s) => s.url.includes('/post-process'))).toHaveLength(5);
    const del = sent.find((s) => s.override === 'DELETE');
    expect(del?.url).toContain('force=true');
    const id = /media\/(\d+)/.exec(del?.url ?? '')?.[1];
    // api-fetch sends the DELETE without waiting for it.
    await vi.waitFor(async () => {
      await expect(apiFetch({ path: `/wp/v2/media/${id}` })).rejects.toMatchObject({ code: 'rest_post_invalid_id' });
    });
  });
});
