import type { SiteData } from '../../lib/types';
import { CONSENT_CHANGE_EVENT } from '../../lib/consent';
import { trackerConfig, trackingAllowed } from './model/tracker';
import { applyTracking } from './runtime';

/**
 * Runs order attribution for this page (spec §4 "Order-attribution tracking"): allowed by the
 * shop's setting and, when the shop asks for it, by `marketing` consent through the WP Consent
 * API; decided again whenever consent changes. Returns what stops listening.
 */
export function startTracking(tracking: SiteData['tracking']): () => void {
  const config = trackerConfig({
    lifetime: tracking.lifetime,
    session: tracking.session,
    base64: tracking.base64,
    promo: tracking.promo === true,
    custom: {
      campaign: tracking.campaignParam || undefined,
      term: tracking.termParam || undefined,
      content: tracking.contentParam || undefined,
    },
  });
  const decide = () =>
    applyTracking(
      trackingAllowed(tracking.allowTracking, tracking.needsMarketingConsent !== false, window.wp_has_consent?.('marketing') ?? true),
      config,
    );
  decide();
  document.addEventListener(CONSENT_CHANGE_EVENT, decide);
  return () => document.removeEventListener(CONSENT_CHANGE_EVENT, decide);
}
