import { useEffect } from 'react';
import type { SiteData } from '../../../app/types';
import { trackerConfig, trackingAllowed } from '../model/tracker';
import { applyTracking } from '../runtime';

/**
 * Starts order attribution after hydration (spec §4 "Order-attribution
 * tracking"): allowed by the shop's setting and, when the shop asks for it,
 * by `marketing` consent through the WP Consent API; re-decided whenever
 * consent changes.
 */
export function AttributionTracker({ tracking }: { tracking: SiteData['tracking'] }) {
  useEffect(() => {
    const config = trackerConfig({
      lifetime: tracking.lifetime,
      session: tracking.session,
      base64: tracking.base64,
      promo: tracking.promo === true,
      custom: { campaign: tracking.campaignParam || undefined, term: tracking.termParam || undefined, content: tracking.contentParam || undefined },
    });
    const decide = () => applyTracking(trackingAllowed(tracking.allowTracking, tracking.needsMarketingConsent !== false, window.wp_has_consent?.('marketing') ?? true), config);
    decide();
    document.addEventListener('wp_listen_for_consent_change', decide);
    return () => document.removeEventListener('wp_listen_for_consent_change', decide);
  }, [tracking]);
  return null;
}
