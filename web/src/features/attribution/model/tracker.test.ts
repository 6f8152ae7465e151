import { describe, expect, it } from 'vitest';
import { ALL_COOKIES, decodeCookie, encodeCookie, pack, readCookie, unpack } from './cookies';
import { attributionFields, FIELDS, trackingAllowed, fireDate, trackPageView, trackerConfig, type Jar, type PageView } from './tracker';
import { ATTRIBUTION_FIELDS } from '../../../lib/attribution/current';

const config = trackerConfig({});
const view = (v: Partial<PageView> = {}): PageView => ({
  href: 'https://shop.example.de/',
  search: '',
  hostname: 'shop.example.de',
  referrer: '',
  userAgent: 'Mozilla/5.0 Test',
  now: new Date(Date.UTC(2026, 10, 22, 8, 5, 9)),
  random: 0.5,
  ...v,
});
/** Runs views in order on one jar (sessions kept unless `endSession`). */
function visitAll(jar: Jar, views: PageView[]) {
  for (const v of views) trackPageView(jar, v, config);
  return jar;
}

describe('trackerConfig (spec §5: non-numbers fall back to the defaults)', () => {
  it.each([
    [{}, 6 * 30 * 24 * 60, 30],
    [{ lifetime: 'abc', session: 'x' }, 259200, 30],
    [{ lifetime: '2', session: '45' }, 2 * 43200, 45],
    [{ lifetime: 1.5, session: 10 }, 64800, 10],
    [{ lifetime: 0.00001 }, 0, 30],
    [{ lifetime: 0 }, 259200, 30],
    [{ lifetime: null, session: {} }, 259200, 30],
  ] as const)('%j → %d min, session %d', (raw, life, session) => {
    const c = trackerConfig(raw);
    expect([c.lifetimeMinutes, c.sessionMinutes]).toEqual([life, session]);
  });
  it('promo bounds', () => {
    expect(trackerConfig({ promo: true }).promo).toEqual({ min: 100000, max: 999999 });
    expect(trackerConfig({ promo: { min: 'a', max: 5000 } }).promo).toEqual({ min: 100000, max: 5000 });
    expect(trackerConfig({}).promo).toBeNull();
  });
});

describe('trackPageView: counters and records', () => {
  it('a first direct visit writes every container once', () => {
    const jar: Jar = {};
    const writes = trackPageView(jar, view(), config);
    expect(writes.map((w) => w.name)).toEqual([
      'sbjs_migrations',
      'sbjs_current_add',
      'sbjs_first_add',
      'sbjs_current',
      'sbjs_first',
      'sbjs_udata',
      'sbjs_session',
    ]);
    expect(jar['sbjs_migrations']).toBe('1418474375998=1');
    expect(unpack(jar['sbjs_current']!)).toEqual({
      typ: 'typein',
      src: '(direct)',
      mdm: '(none)',
      cmp: '(none)',
      cnt: '(none)',
      trm: '(none)',
      id: '(none)',
      plt: '(none)',
      fmt: '(none)',
      tct: '(none)',
    });
    expect(unpack(jar['sbjs_current_add']!)).toEqual({ fd: '2026-11-22 08:05:09', ep: 'https://shop.example.de/', rf: '(none)' });
    expect(unpack(jar['sbjs_udata']!)).toEqual({ vst: '1', uip: '(none)', uag: 'Mozilla/5.0 Test' });
    expect(unpack(jar['sbjs_session']!)).toEqual({ pgs: '1', cpg: 'https://shop.example.de/' });
    expect(writes.find((w) => w.name === 'sbjs_session')!.minutes).toBe(30);
    expect(writes.find((w) => w.name === 'sbjs_current')!.minutes).toBe(259200);
  });
  it('pages seen grow within a session; visits only when the session had ended', () => {
    const jar = visitAll({}, [view(), view({ href: 'https://shop.example.de/shop/' }), view()]);
    expect(unpack(jar['sbjs_session']!)['pgs']).toBe('3');
    expect(unpack(jar['sbjs_udata']!)['vst']).toBe('1');
    delete jar['sbjs_session'];
    trackPageView(jar, view(), config);
    expect(unpack(jar['sbjs_udata']!)['vst']).toBe('2');
    expect(unpack(jar['sbjs_session']!)['pgs']).toBe('1');
  });
  it('the first record is written once; the current one follows new sources', () => {
    const jar = visitAll({}, [view({ referrer: 'https://www.google.de/' })]);
    delete jar['sbjs_session'];
    trackPageView(jar, view({ search: '?utm_source=newsletter', href: 'https://shop.example.de/?utm_source=newsletter' }), config);
    expect(unpack(jar['sbjs_first']!)['src']).toBe('google');
    expect(unpack(jar['sbjs_current']!)['src']).toBe('newsletter');
    expect(unpack(jar['sbjs_first_add']!)['rf']).toBe('https://www.google.de/');
    expect(unpack(jar['sbjs_current_add']!)['ep']).toBe('https://shop.example.de/?utm_source=newsletter');
    // An inner page with no source keeps the current one and its entry data.
    trackPageView(jar, view({ href: 'https://shop.example.de/kontakt/', referrer: 'https://shop.example.de/' }), config);
    expect(unpack(jar['sbjs_current']!)['src']).toBe('newsletter');
    expect(unpack(jar['sbjs_current_add']!)['ep']).toBe('https://shop.example.de/?utm_source=newsletter');
  });
  it.each([
    [0, '100000'],
    [0.999999999, '999999'],
    [0.5, '550000'],
  ] as const)('promo with random %d → %s, written once', (random, code) => {
    const c = trackerConfig({ promo: true });
    const jar: Jar = {};
    trackPageView(jar, view({ random }), c);
    expect(unpack(jar['sbjs_promo']!)['code']).toBe(code);
    expect(trackPageView(jar, view({ random: 0.1 }), c).some((w) => w.name === 'sbjs_promo')).toBe(false);
  });
  it('promo codes are zero-padded to the length of the maximum', () => {
    const jar: Jar = {};
    trackPageView(jar, view({ random: 0 }), trackerConfig({ promo: { min: 5, max: 999999 } }));
    expect(unpack(jar['sbjs_promo']!)['code']).toBe('000005');
  });
  it('dates are written at offset 0', () => {
    expect(fireDate(new Date(Date.UTC(2026, 0, 2, 3, 4, 5)))).toBe('2026-01-02 03:04:05');
  });
});

describe('cookie encoding (sourcebuster-compatible)', () => {
  const text = pack([
    ['typ', 'utm'],
    ['src', "o'(b)!~*"],
    ['ep', 'https://shop.example.de/?a=1&b=ä ö'],
  ]);
  it.each([false, true])('round trip, base64 %s', (base64) => {
    const stored = encodeCookie(text, base64);
    expect(stored).not.toMatch(/[!~*'() ]/);
    if (base64) expect(stored).not.toMatch(/=$/);
    expect(decodeCookie(stored)).toBe(text);
    expect(readCookie(`a=b; sbjs_current=${stored}; c=d`, 'sbjs_current')).toBe(text);
  });
  it('reads a value written by sourcebuster (values URI-encoded inside the encoded container)', () => {
    // sourcebuster stores the raw query value, so `summer%20sale` is encoded twice in the cookie.
    const stored = 'typ%3Dutm%7C%7C%7Ccmp%3Dsummer%2520sale';
    expect(unpack(decodeCookie(stored))).toEqual({ typ: 'utm', cmp: 'summer sale' });
  });
  it('the eight cookies', () => {
    expect([...ALL_COOKIES].sort()).toEqual([
      'sbjs_current',
      'sbjs_current_add',
      'sbjs_first',
      'sbjs_first_add',
      'sbjs_migrations',
      'sbjs_promo',
      'sbjs_session',
      'sbjs_udata',
    ]);
  });
  it('missing cookie → null', () => {
    expect(readCookie('a=b', 'sbjs_current')).toBeNull();
  });
});

describe('attributionFields', () => {
  it('maps the containers to the 16 fields; all null when tracking is not allowed', () => {
    const jar = visitAll({}, [
      view({
        search: '?utm_source=nl&utm_medium=email',
        href: 'https://shop.example.de/?utm_source=nl&utm_medium=email',
        referrer: 'https://mail.example/',
      }),
    ]);
    const f = attributionFields(jar);
    expect(f).toMatchObject({
      source_type: 'utm',
      utm_source: 'nl',
      utm_medium: 'email',
      referrer: 'https://mail.example/',
      session_pages: '1',
      session_count: '1',
      user_agent: 'Mozilla/5.0 Test',
      session_entry: 'https://shop.example.de/?utm_source=nl&utm_medium=email',
    });
    expect(Object.keys(f)).toHaveLength(16);
    expect(Object.values(attributionFields(null)).every((v) => v === null)).toBe(true);
    expect(FIELDS.map((f) => f[0])).toEqual([...ATTRIBUTION_FIELDS]);
  });
});

describe('trackingAllowed', () => {
  it.each([
    [true, true, true, true],
    [true, true, false, false],
    [true, false, false, true],
    [false, false, true, false],
    [false, true, true, false],
  ] as const)('allow %s, needs marketing %s, marketing %s → %s', (allow, needs, marketing, want) => {
    expect(trackingAllowed(allow, needs, marketing)).toBe(want);
  });
});
