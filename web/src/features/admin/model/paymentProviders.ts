import type { ProviderStatusOut } from '../../../generated/wire';
import { N_ } from '../../../lib/i18n';

/**
 * What staff must know of a provider beside the chosen methods (catalogue ids): its methods are
 * chosen but the server lacks its keys (the checkout leaves them out), or it takes no webhooks
 * (a payment confirmed later, as SEPA debit always is, would never reach the order).
 */
export function providerWarnings(status: ProviderStatusOut, chosen: readonly string[]): string[] {
  const used = status.methods.some((m) => chosen.includes(m));
  if (!status.configured) {
    return used ? [N_('These methods are not offered at the checkout until the provider is set up on the server.')] : [];
  }
  return status.webhook_secret_set
    ? []
    : [N_('Without the webhook signing secret no webhook is accepted: payments confirmed later never reach their orders.')];
}
