/**
 * The page-level consent contract every feature may speak: the WP Consent
 * API's change event and window functions (installed by `features/consent`),
 * and the event that reopens our consent settings (the footer sends it).
 */

/** WP Consent API: `optin` or `optout`; empty when no type is set. */
export type ConsentType = 'optin' | 'optout' | '';

/** WP Consent API: dispatched by `wp_set_consent` with `detail = {category: value}`. */
export const CONSENT_CHANGE_EVENT = 'wp_listen_for_consent_change';

/** Asks the consent banner to open its settings. */
export const OPEN_CONSENT_SETTINGS_EVENT = 'laden:open-consent';

declare global {
  interface Window {
    wp_consent_type?: ConsentType;
    wp_has_consent?: (category: string) => boolean;
    wp_set_consent?: (category: string, value: 'allow' | 'deny') => void;
  }
}
