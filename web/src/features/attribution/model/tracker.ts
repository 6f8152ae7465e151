/**
 * One page view through the tracker (spec §4 "Counters", §5 "Tracker
 * configuration"): from the cookies as they are and this visit, the cookies to
 * write. Pure, so every rule is tested as a table; `runTracker` applies it.
 */
import { classifyVisit, NONE, SOURCE_KEYS, type CustomParams, type SourceRecord } from './classify';
import {
  ATTRIBUTION_DAYS_PER_MONTH,
  ATTRIBUTION_LIFETIME_MONTHS,
  ATTRIBUTION_PROMO_MAX,
  ATTRIBUTION_PROMO_MIN,
  ATTRIBUTION_SESSION_MINUTES,
} from '../../../config/constants';
import { CONTAINERS, MIGRATION_DONE, MIGRATIONS_COOKIE, pack, unpack } from './cookies';
import type { AttributionField, AttributionValues } from '../../../lib/attribution/current';

export interface TrackerConfig {
  /** Cookie lifetime in minutes (months × 30 days); 0 means session cookies. */
  lifetimeMinutes: number;
  /** Session length in minutes. */
  sessionMinutes: number;
  base64: boolean;
  promo: { min: number; max: number } | null;
  custom: CustomParams;
}

const numberOr = (v: unknown, fallback: number): number => {
  const n = typeof v === 'number' ? v : typeof v === 'string' ? Number.parseFloat(v) : Number.NaN;
  return Number.isFinite(n) && n !== 0 ? n : fallback;
};

/**
 * The tracker's settings from the page; values that do not parse as numbers
 * fall back to the defaults (lifetime 6 months, session 30 minutes, promo
 * 100000–999999). A lifetime below a minute gives session cookies, as
 * WooCommerce's default does.
 */
export function trackerConfig(raw: {
  lifetime?: unknown;
  session?: unknown;
  base64?: unknown;
  promo?: unknown;
  custom?: CustomParams;
}): TrackerConfig {
  const months = numberOr(raw.lifetime, ATTRIBUTION_LIFETIME_MONTHS);
  const promo =
    raw.promo && typeof raw.promo === 'object' ? (raw.promo as { min?: unknown; max?: unknown }) : raw.promo === true ? {} : null;
  return {
    lifetimeMinutes: Math.trunc(months * ATTRIBUTION_DAYS_PER_MONTH * 24 * 60),
    sessionMinutes: Math.trunc(numberOr(raw.session, ATTRIBUTION_SESSION_MINUTES)),
    base64: raw.base64 === true,
    promo: promo
      ? { min: Math.trunc(numberOr(promo.min, ATTRIBUTION_PROMO_MIN)), max: Math.trunc(numberOr(promo.max, ATTRIBUTION_PROMO_MAX)) }
      : null,
    custom: raw.custom ?? {},
  };
}

/** `YYYY-MM-DD HH:MM:SS` at timezone offset 0. */
export function fireDate(now: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${now.getUTCFullYear()}-${p(now.getUTCMonth() + 1)}-${p(now.getUTCDate())} ${p(now.getUTCHours())}:${p(now.getUTCMinutes())}:${p(now.getUTCSeconds())}`;
}

export interface PageView {
  href: string;
  search: string;
  hostname: string;
  referrer: string;
  userAgent: string;
  now: Date;
  /** In [0, 1), for the promo code. */
  random: number;
}

export interface CookieWrite {
  name: string;
  /** The container's text (before encoding). */
  text: string;
  /** 0: a session cookie. */
  minutes: number;
}

/** The container texts present now, by cookie name. */
export type Jar = Partial<Record<string, string | null>>;

const packRecord = (r: SourceRecord) => pack(SOURCE_KEYS.map((k) => [k, r[k]] as const));

export function trackPageView(jar: Jar, view: PageView, config: TrackerConfig): CookieWrite[] {
  const writes: CookieWrite[] = [];
  const life = config.lifetimeMinutes;
  const has = (name: string) => !!jar[name];
  const set = (name: string, text: string, minutes = life) => {
    writes.push({ name, text, minutes });
    jar[name] = text;
  };

  if (!has(CONTAINERS.first) && !has(MIGRATIONS_COOKIE)) set(MIGRATIONS_COOKIE, MIGRATION_DONE);

  const source = classifyVisit({
    search: view.search,
    referrer: view.referrer,
    hostname: view.hostname,
    inSession: has(CONTAINERS.session),
    hasRecord: has(CONTAINERS.first) || has(CONTAINERS.current),
    custom: config.custom,
  });
  if (source) {
    const extra = pack([
      ['fd', fireDate(view.now)],
      ['ep', view.href],
      ['rf', view.referrer || NONE],
    ]);
    set(CONTAINERS.currentAdd, extra);
    if (!has(CONTAINERS.firstAdd)) set(CONTAINERS.firstAdd, extra);
  }
  set(CONTAINERS.current, source ? packRecord(source) : jar[CONTAINERS.current]!);
  if (!has(CONTAINERS.first)) set(CONTAINERS.first, jar[CONTAINERS.current]!);

  const inSession = has(CONTAINERS.session);
  const visitsBefore = Number.parseInt(unpack(jar[CONTAINERS.udata] ?? null)['vst'] ?? '', 10) || 1;
  const visits = !has(CONTAINERS.udata) ? 1 : inSession ? visitsBefore : visitsBefore + 1;
  set(
    CONTAINERS.udata,
    pack([
      ['vst', String(visits)],
      ['uip', NONE],
      ['uag', view.userAgent],
    ]),
  );

  const pagesBefore = Number.parseInt(unpack(jar[CONTAINERS.session] ?? null)['pgs'] ?? '', 10) || 1;
  const pages = inSession ? pagesBefore + 1 : 1;
  set(
    CONTAINERS.session,
    pack([
      ['pgs', String(pages)],
      ['cpg', view.href],
    ]),
    config.sessionMinutes,
  );

  if (config.promo && !has(CONTAINERS.promo)) {
    const { min, max } = config.promo;
    const code = Math.floor(view.random * (max - min + 1)) + min;
    set(CONTAINERS.promo, pack([['code', String(code).padStart(String(max).length, '0')]]));
  }
  return writes;
}

/** The order-attribution fields WooCommerce sends, each from its container and key. */
export const FIELDS = [
  ['source_type', CONTAINERS.current, 'typ'],
  ['referrer', CONTAINERS.currentAdd, 'rf'],
  ['utm_campaign', CONTAINERS.current, 'cmp'],
  ['utm_source', CONTAINERS.current, 'src'],
  ['utm_medium', CONTAINERS.current, 'mdm'],
  ['utm_content', CONTAINERS.current, 'cnt'],
  ['utm_id', CONTAINERS.current, 'id'],
  ['utm_term', CONTAINERS.current, 'trm'],
  ['utm_source_platform', CONTAINERS.current, 'plt'],
  ['utm_creative_format', CONTAINERS.current, 'fmt'],
  ['utm_marketing_tactic', CONTAINERS.current, 'tct'],
  ['session_entry', CONTAINERS.currentAdd, 'ep'],
  ['session_start_time', CONTAINERS.currentAdd, 'fd'],
  ['session_pages', CONTAINERS.session, 'pgs'],
  ['session_count', CONTAINERS.udata, 'vst'],
  ['user_agent', CONTAINERS.udata, 'uag'],
] as const satisfies ReadonlyArray<readonly [AttributionField, string, string]>;

/** The field values from the containers; all `null` when tracking is not allowed. */
export function attributionFields(jar: Jar | null): AttributionValues {
  const out = {} as AttributionValues;
  for (const [field, container, key] of FIELDS) {
    out[field] = jar ? (unpack(jar[container] ?? null)[key] ?? null) : null;
  }
  return out;
}

/** Whether order attribution may run: the shop allows it and, when the shop asks for it, marketing consent is given. */
export const trackingAllowed = (allowTracking: boolean, needsMarketing: boolean, marketing: boolean): boolean =>
  allowTracking && (!needsMarketing || marketing);
