/**
 * The WP Consent API in the browser (`wp_has_consent`, `wp_set_consent`,
 * `wp_consent_type`, the `wp_listen_for_consent_change` event), so analytics
 * and plugins written for WordPress work unchanged. Installed once at start,
 * never at module load.
 */
import { CONSENT_CHANGE_EVENT } from '../../lib/consent';
import { consentCookie, hasConsent } from './model/consent';

/** A consent decision lives a year. */
const CONSENT_DAYS = 365;

export function installConsentApi(): void {
  if (window.wp_has_consent) return;
  window.wp_consent_type = 'optin';
  window.wp_has_consent = (category) => hasConsent(document.cookie, category, window.wp_consent_type ?? 'optin');
  window.wp_set_consent = (category, value) => {
    const secure = window.location.protocol === 'https:' ? '; Secure' : '';
    document.cookie = `${consentCookie(category)}=${value}; path=/; max-age=${CONSENT_DAYS * 86400}; SameSite=Lax${secure}`;
    document.dispatchEvent(new CustomEvent(CONSENT_CHANGE_EVENT, { detail: { [category]: value } }));
  };
  document.dispatchEvent(new CustomEvent('wp_consent_type_defined'));
}

/** Calls `fn` now and whenever consent changes; returns the unsubscribe. */
export function onConsentChange(fn: () => void): () => void {
  document.addEventListener(CONSENT_CHANGE_EVENT, fn);
  return () => document.removeEventListener(CONSENT_CHANGE_EVENT, fn);
}

/**
 * Loads the shop's analytics once, the moment `statistics` consent exists: its
 * script address, or else its first-party snippet (code an administrator entered).
 */
export function loadAnalyticsOnce(src: string, snippet = ''): void {
  if ((!src && !snippet) || document.querySelector('script[data-laden-analytics]')) return;
  const s = document.createElement('script');
  s.dataset['ladenAnalytics'] = '';
  if (src) {
    s.src = src;
    s.async = true;
  } else {
    s.textContent = snippet;
  }
  document.head.appendChild(s);
}
