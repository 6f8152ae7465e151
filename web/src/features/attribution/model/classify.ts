/**
 * Where a visit comes from (spec §4 "Source classification", first match
 * wins), as sourcebuster.js decides it, so both trackers agree.
 */
export type TrafficType = 'utm' | 'organic' | 'referral' | 'typein';

/** A source record with sourcebuster's ten keys. */
export interface SourceRecord {
  typ: TrafficType;
  src: string;
  mdm: string;
  cmp: string;
  cnt: string;
  trm: string;
  id: string;
  plt: string;
  fmt: string;
  tct: string;
}

export const NONE = '(none)';
export const SOURCE_KEYS = ['typ', 'src', 'mdm', 'cmp', 'cnt', 'trm', 'id', 'plt', 'fmt', 'tct'] as const;

/** Configured extra parameters (AdWords-style links) standing in for utm_campaign, utm_term and utm_content. */
export interface CustomParams {
  campaign?: string;
  term?: string;
  content?: string;
}

const CAMPAIGN_PARAMS = [
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_content',
  'utm_term',
  'utm_id',
  'utm_source_platform',
  'utm_creative_format',
  'utm_marketing_tactic',
  'gclid',
  'yclid',
];

/** Search engines after Google and Yandex: host, query parameter, name shown. */
const ORGANIC = [
  ['bing.com', 'q', 'bing'],
  ['yahoo.com', 'p', 'yahoo'],
  ['about.com', 'q', 'about'],
  ['aol.com', 'q', 'aol'],
  ['ask.com', 'q', 'ask'],
  ['globososo.com', 'q', 'globo'],
  ['go.mail.ru', 'q', 'go.mail.ru'],
  ['rambler.ru', 'query', 'rambler'],
  ['tut.by', 'query', 'tut.by'],
] as const;

/** Referrers shown under another name. */
const REFERRAL_ALIASES = [
  ['t.co', 'twitter.com'],
  ['plus.url.google.com', 'plus.google.com'],
] as const;

const escape = (s: string) => s.replace(/[-[\]/{}()*+?.\\^$|]/g, '\\$&');
const underHost = (host: string, name: string) => new RegExp(`^(?:.*\\.)?${escape(name)}$`, 'i').test(host);

/**
 * Query parameters as sourcebuster reads them: values stay as written (not
 * decoded); a name without `=` counts as absent; repeated names join with a comma.
 */
export function queryParams(search: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const pair of search.replace(/^\?/, '').split('&')) {
    const at = pair.indexOf('=');
    if (at < 0) continue;
    const name = pair.slice(0, at);
    const value = pair.slice(at + 1);
    out.set(name, out.has(name) ? `${out.get(name)},${value}` : value);
  }
  return out;
}

interface ParsedUrl {
  host: string;
  path: string;
  query: string;
}

function parseUrl(url: string): ParsedUrl | null {
  try {
    const u = new URL(url);
    return { host: u.hostname, path: u.pathname, query: u.search.replace(/^\?/, '') };
  } catch {
    return null;
  }
}

/** A host without its first `www.`, as sourcebuster compares hosts. */
export const bareHost = (host: string): string => host.replace('www.', '');

function organicSource(ref: ParsedUrl): string | null {
  if (ref.query && /^(?:.*\.)?yandex\..{2,9}$/.test(ref.host) && /.*text=.*/.test(ref.query)) return 'yandex';
  if (/^(?:www\.)?google\..{2,9}$/.test(ref.host)) return 'google';
  if (!ref.query) return null;
  for (const [host, param, display] of ORGANIC) {
    if (underHost(ref.host, host) && new RegExp(`.*${escape(param)}=.*`, 'i').test(ref.query)) return display;
  }
  return null;
}

function referralSource(ref: ParsedUrl): string {
  for (const [host, display] of REFERRAL_ALIASES) if (underHost(ref.host, host)) return display;
  return bareHost(ref.host);
}

export interface Visit {
  /** The page's query string. */
  search: string;
  /** `document.referrer`, empty when none. */
  referrer: string;
  /** The shop's own host name. */
  hostname: string;
  /** A session cookie exists (the visit is running). */
  inSession: boolean;
  /** A first or current record exists. */
  hasRecord: boolean;
  custom?: CustomParams;
}

/** The new source of this visit, or `null` when the stored current source stays (rule 5). */
export function classifyVisit(v: Visit): SourceRecord | null {
  const q = queryParams(v.search);
  const custom = v.custom ?? {};
  const customNames = [custom.campaign, custom.term, custom.content].filter((n): n is string => !!n);
  const none = (x: string | undefined) => (x ? x : NONE);
  const empty: Omit<SourceRecord, 'typ' | 'src' | 'mdm'> = { cmp: NONE, cnt: NONE, trm: NONE, id: NONE, plt: NONE, fmt: NONE, tct: NONE };

  if (CAMPAIGN_PARAMS.some((n) => q.has(n)) || customNames.some((n) => q.has(n))) {
    const gclid = q.has('gclid');
    const yclid = q.has('yclid');
    const ref = v.referrer ? parseUrl(v.referrer) : null;
    const yandexText = ref && /^(?:.*\.)?yandex\..{2,9}$/i.test(ref.host) ? queryParams(ref.query).get('text') : undefined;
    const pick = (...names: Array<string | undefined>) => {
      for (const n of names) if (n && q.has(n)) return q.get(n)!;
      return undefined;
    };
    return {
      typ: 'utm',
      src: pick('utm_source') ?? (gclid ? 'google' : yclid ? 'yandex' : NONE),
      mdm: pick('utm_medium') ?? (gclid || yclid ? 'cpc' : NONE),
      cmp: pick('utm_campaign', custom.campaign) ?? (gclid ? 'google_cpc' : yclid ? 'yandex_cpc' : NONE),
      cnt: pick('utm_content', custom.content) ?? NONE,
      trm: pick('utm_term', custom.term) ?? none(yandexText),
      id: none(q.get('utm_id')),
      plt: none(q.get('utm_source_platform')),
      fmt: none(q.get('utm_creative_format')),
      tct: none(q.get('utm_marketing_tactic')),
    };
  }

  const ref = v.referrer ? parseUrl(v.referrer) : null;
  const external = ref !== null && !underHost(bareHost(ref.host), bareHost(v.hostname));
  if (ref && external) {
    const engine = organicSource(ref);
    if (engine) return { typ: 'organic', src: engine, mdm: 'organic', ...empty };
    if (!v.inSession) return { typ: 'referral', src: referralSource(ref), mdm: 'referral', ...empty, cnt: ref.path };
  }
  if (!v.hasRecord) return { typ: 'typein', src: '(direct)', mdm: NONE, ...empty };
  return null;
}
