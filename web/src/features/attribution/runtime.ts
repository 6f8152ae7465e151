/**
 * The tracker in the browser: reads the `sbjs_*` cookies, runs one page view
 * through the pure model and writes the result; deletes all eight cookies
 * when tracking is not allowed. A landing page's source waits in the tab's
 * session storage (entry URL and referrer only) until tracking is allowed,
 * so consent given a few pages later still records where the visit came from.
 */
import { emptyAttribution, setAttribution } from '../../lib/attribution/current';
import { ALL_COOKIES, CONTAINERS, encodeCookie, encodeValue, readCookie } from './model/cookies';
import { attributionFields, trackPageView, type Jar, type PageView, type TrackerConfig } from './model/tracker';

const LANDING_KEY = 'laden_attribution_landing';

interface Landing {
  href: string;
  search: string;
  referrer: string;
}

function cookieDomain(): string {
  const host = window.location.hostname.replace('www.', '');
  // IP addresses and single-label hosts take no domain attribute.
  return /^[\d.]+$|^\[|^[^.]+$/.test(host) ? '' : `; domain=.${host}`;
}

function readJar(): Jar {
  const jar: Jar = {};
  for (const name of ALL_COOKIES) jar[name] = readCookie(document.cookie, name);
  return jar;
}

export function deleteTrackerCookies(): void {
  const domain = cookieDomain();
  for (const name of ALL_COOKIES) {
    document.cookie = `${encodeValue(name)}=; path=/; max-age=-999`;
    if (domain) document.cookie = `${encodeValue(name)}=; path=/; max-age=-999${domain}`;
  }
}

function write(name: string, text: string, minutes: number, base64: boolean): void {
  const expires = minutes > 0 ? `; expires=${new Date(Date.now() + minutes * 60_000).toUTCString()}` : '';
  document.cookie = `${encodeValue(name)}=${encodeCookie(text, base64)}${expires}${cookieDomain()}; path=/; SameSite=Lax`;
}

function pageView(landing: Landing | null): PageView {
  return {
    href: landing?.href ?? window.location.href,
    search: landing?.search ?? window.location.search,
    hostname: window.location.hostname,
    referrer: landing ? landing.referrer : document.referrer,
    userAgent: navigator.userAgent,
    now: new Date(),
    random: Math.random(),
  };
}

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/** Whether the remembered landing page is this very page load. */
let landingIsThisPage = false;

/** Notes where this visit began, while tracking is not allowed yet. */
function rememberLanding(): void {
  const s = storage();
  if (!s || s.getItem(LANDING_KEY)) return;
  landingIsThisPage = true;
  s.setItem(
    LANDING_KEY,
    JSON.stringify({ href: window.location.href, search: window.location.search, referrer: document.referrer } satisfies Landing),
  );
}

function takeLanding(): Landing | null {
  const s = storage();
  const raw = s?.getItem(LANDING_KEY);
  s?.removeItem(LANDING_KEY);
  if (!raw) return null;
  try {
    const v = JSON.parse(raw) as Partial<Landing>;
    return typeof v.href === 'string' && typeof v.search === 'string' && typeof v.referrer === 'string' ? (v as Landing) : null;
  } catch {
    return null;
  }
}

let ranThisPage = false;

/**
 * Applies the decision for this page: allowed, the tracker runs once (first
 * for a remembered landing page when no session is running yet); not allowed,
 * the cookies go and every field is empty.
 */
export function applyTracking(allowed: boolean, config: TrackerConfig): void {
  if (!allowed) {
    deleteTrackerCookies();
    rememberLanding();
    ranThisPage = false;
    setAttribution(emptyAttribution());
    return;
  }
  if (!ranThisPage) {
    ranThisPage = true;
    const jar = readJar();
    const writes = [];
    const landing = takeLanding();
    if (landing && !landingIsThisPage && !jar[CONTAINERS.session]) writes.push(...trackPageView(jar, pageView(landing), config));
    writes.push(...trackPageView(jar, pageView(null), config));
    // The last write of each cookie wins.
    const last = new Map(writes.map((w) => [w.name, w]));
    for (const w of last.values()) write(w.name, w.text, w.minutes, config.base64);
  }
  setAttribution(attributionFields(readJar()));
}
