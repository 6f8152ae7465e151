import { describe, expect, it } from 'vitest';
import { classifyVisit, queryParams, type Visit } from './classify';

const visit = (v: Partial<Visit>): Visit => ({
  search: '',
  referrer: '',
  hostname: 'shop.example.de',
  inSession: false,
  hasRecord: false,
  ...v,
});
const pick = (v: Partial<Visit>) => {
  const r = classifyVisit(visit(v));
  return r && [r.typ, r.src, r.mdm, r.cmp, r.cnt, r.trm];
};

describe('classifyVisit: campaign parameters (rule 1)', () => {
  it.each([
    [
      '?utm_source=newsletter&utm_medium=email&utm_campaign=herbst&utm_content=banner&utm_term=kaffee',
      ['utm', 'newsletter', 'email', 'herbst', 'banner', 'kaffee'],
    ],
    ['?utm_source=fb', ['utm', 'fb', '(none)', '(none)', '(none)', '(none)']],
    ['?gclid=abc', ['utm', 'google', 'cpc', 'google_cpc', '(none)', '(none)']],
    ['?gclid=abc&utm_source=bing', ['utm', 'bing', 'cpc', 'google_cpc', '(none)', '(none)']],
    ['?yclid=1', ['utm', 'yandex', 'cpc', 'yandex_cpc', '(none)', '(none)']],
    ['?yclid=1&utm_source=x&utm_medium=y&utm_campaign=z', ['utm', 'x', 'y', 'z', '(none)', '(none)']],
    ['?utm_id=42', ['utm', '(none)', '(none)', '(none)', '(none)', '(none)']],
    ['?utm_campaign=summer%20sale', ['utm', '(none)', '(none)', 'summer%20sale', '(none)', '(none)']],
    // A name without a value does not count (sourcebuster reads it as absent): a direct visit.
    ['?utm_source', ['typein', '(direct)', '(none)', '(none)', '(none)', '(none)']],
  ] as const)('%s', (search, want) => {
    expect(pick({ search })).toEqual(want);
  });
  it('keeps id, platform, format and tactic', () => {
    const r = classifyVisit(
      visit({ search: '?utm_source=a&utm_id=7&utm_source_platform=dv360&utm_creative_format=video&utm_marketing_tactic=remarketing' }),
    )!;
    expect([r.id, r.plt, r.fmt, r.tct]).toEqual(['7', 'dv360', 'video', 'remarketing']);
  });
  it('configured custom parameters mark a campaign and fill campaign, term and content', () => {
    const custom = { campaign: 'cmp', term: 'kw', content: 'ad' };
    expect(pick({ search: '?cmp=winter&kw=tee&ad=a1', custom })).toEqual(['utm', '(none)', '(none)', 'winter', 'a1', 'tee']);
    expect(pick({ search: '?kw=tee', custom })).toEqual(['utm', '(none)', '(none)', '(none)', '(none)', 'tee']);
    expect(pick({ search: '?cmp=winter' })).toEqual(['typein', '(direct)', '(none)', '(none)', '(none)', '(none)']);
  });
  it('takes the term from a Yandex referrer when the link has none', () => {
    expect(pick({ search: '?utm_source=ya', referrer: 'https://yandex.ru/search/?text=kaffee' })![5]).toBe('kaffee');
  });
  it('wins over a search engine referrer and a running session', () => {
    expect(pick({ search: '?utm_source=x', referrer: 'https://www.google.de/', inSession: true, hasRecord: true })![0]).toBe('utm');
  });
});

describe('classifyVisit: search engines (rule 2)', () => {
  it.each([
    ['https://www.google.de/', 'google'],
    ['https://google.com/search?q=kaffee', 'google'],
    ['https://news.google.com/', null],
    ['https://yandex.ru/search/?text=tee', 'yandex'],
    ['https://yandex.ru/', null],
    ['https://www.bing.com/search?q=tee', 'bing'],
    ['https://de.search.yahoo.com/search?p=tee', 'yahoo'],
    ['https://search.yahoo.com/search?q=tee', null],
    ['https://www.about.com/?q=x', 'about'],
    ['https://search.aol.com/aol/search?q=x', 'aol'],
    ['https://www.ask.com/web?q=x', 'ask'],
    ['https://www.globososo.com/?q=x', 'globo'],
    ['https://go.mail.ru/search?q=x', 'go.mail.ru'],
    ['https://nova.rambler.ru/search?query=x', 'rambler'],
    ['https://search.tut.by/?query=x', 'tut.by'],
    ['https://www.bing.com/', null],
  ] as const)('%s → %s', (referrer, engine) => {
    const r = classifyVisit(visit({ referrer, inSession: true, hasRecord: true }));
    if (engine) expect([r?.typ, r?.src, r?.mdm]).toEqual(['organic', engine, 'organic']);
    else expect(r?.typ).not.toBe('organic');
  });
});

describe('classifyVisit: referral (rule 3), direct (rule 4), kept (rule 5)', () => {
  it('an external referrer without a running session: its host (www. dropped) and path', () => {
    expect(pick({ referrer: 'https://www.kaffee-blog.de/beste-bohnen/?x=1' })).toEqual([
      'referral',
      'kaffee-blog.de',
      'referral',
      '(none)',
      '/beste-bohnen/',
      '(none)',
    ]);
  });
  it('t.co counts as twitter.com', () => {
    expect(pick({ referrer: 'https://t.co/abc' })!.slice(0, 3)).toEqual(['referral', 'twitter.com', 'referral']);
  });
  it('during a running session an external referrer changes nothing', () => {
    expect(classifyVisit(visit({ referrer: 'https://kaffee-blog.de/', inSession: true, hasRecord: true }))).toBeNull();
  });
  it('the shop itself and its subdomains are not referrers', () => {
    expect(pick({ referrer: 'https://shop.example.de/shop/' })![0]).toBe('typein');
    expect(pick({ referrer: 'https://www.shop.example.de/' })![0]).toBe('typein');
    expect(classifyVisit(visit({ referrer: 'https://shop.example.de/', hasRecord: true }))).toBeNull();
  });
  it('no referrer and no record: direct', () => {
    expect(pick({})).toEqual(['typein', '(direct)', '(none)', '(none)', '(none)', '(none)']);
  });
  it('no referrer with a record: the stored source stays', () => {
    expect(classifyVisit(visit({ hasRecord: true }))).toBeNull();
  });
  it('an unparsable referrer counts as none', () => {
    expect(pick({ referrer: 'not a url' })![0]).toBe('typein');
  });
});

describe('queryParams (as sourcebuster reads them)', () => {
  it('keeps values encoded, skips names without =, joins repeats', () => {
    expect([...queryParams('?a=1&b&c=x%20y&a=2&d=')]).toEqual([
      ['a', '1,2'],
      ['c', 'x%20y'],
      ['d', ''],
    ]);
  });
});
