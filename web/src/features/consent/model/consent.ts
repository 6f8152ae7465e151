/**
 * The WP Consent API contract (consent categories in cookies
 * `wp_consent_<category>`, values `allow` / `deny`), as pure functions of the
 * cookie string; `api.ts` installs the browser functions on top.
 */
import type { ConsentType } from '../../../lib/consent';

export const CATEGORIES = ['functional', 'preferences', 'statistics', 'statistics-anonymous', 'marketing'] as const;
export type Category = (typeof CATEGORIES)[number];

export const consentCookie = (category: string): string => `wp_consent_${category}`;

export function consentValue(cookieString: string, category: string): string | null {
  const name = `${consentCookie(category)}=`;
  for (const part of cookieString.split(';')) {
    const c = part.trim();
    if (c.startsWith(name)) return c.slice(name.length);
  }
  return null;
}

/**
 * Whether a category may be used: `functional` always; without a consent type
 * every category counts as allowed; under opt-out a missing cookie counts as
 * allowed; under opt-in only `allow` does.
 */
export function hasConsent(cookieString: string, category: string, type: ConsentType): boolean {
  if (category === 'functional' || type === '') return true;
  const v = consentValue(cookieString, category);
  if (type === 'optout') return v !== 'deny';
  return v === 'allow';
}

/** Whether the visitor has decided at all (the banner shows until then). */
export const hasDecided = (cookieString: string): boolean =>
  consentValue(cookieString, 'statistics') !== null || consentValue(cookieString, 'marketing') !== null;
