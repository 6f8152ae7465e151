import { describe, expect, it } from 'vitest';
import { consentValue, hasConsent, hasDecided } from './consent';

describe('hasConsent (WP Consent API rules)', () => {
  it.each([
    ['', 'statistics', 'optin', false],
    ['wp_consent_statistics=allow', 'statistics', 'optin', true],
    ['wp_consent_statistics=deny', 'statistics', 'optin', false],
    ['a=1; wp_consent_marketing=allow', 'marketing', 'optin', true],
    ['wp_consent_marketing=allow', 'statistics', 'optin', false],
    ['', 'functional', 'optin', true],
    ['', 'statistics', 'optout', true],
    ['wp_consent_statistics=deny', 'statistics', 'optout', false],
    ['wp_consent_statistics=deny', 'statistics', '', true],
  ] as const)('%j %s under %j → %s', (cookie, category, type, want) => {
    expect(hasConsent(cookie, category, type)).toBe(want);
  });
  it('reads values and whether a decision exists', () => {
    expect(consentValue('wp_consent_statistics=allow; x=y', 'statistics')).toBe('allow');
    expect(consentValue('xwp_consent_statistics=allow', 'statistics')).toBeNull();
    expect(hasDecided('')).toBe(false);
    expect(hasDecided('wp_consent_marketing=deny')).toBe(true);
  });
});
