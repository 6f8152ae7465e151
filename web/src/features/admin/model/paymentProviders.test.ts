import { describe, expect, it } from 'vitest';
import type { ProviderStatusOut } from '../../../generated/wire';
import { providerWarnings } from './paymentProviders';

const stripe = (over: Partial<ProviderStatusOut>): ProviderStatusOut => ({
  configured: true,
  mode: 'test',
  methods: ['stripe', 'stripe_sepa'],
  webhook_url: 'https://shop.example.de/wp-json/laden/v1/payments/stripe/webhook',
  webhook_secret_set: true,
  last_webhook: null,
  ...over,
});

describe('providerWarnings', () => {
  it.each([
    ['set up, chosen', stripe({}), ['stripe'], 0],
    ['not set up, not chosen', stripe({ configured: false, mode: '', webhook_secret_set: false }), ['bacs'], 0],
    ['not set up, chosen', stripe({ configured: false, mode: '', webhook_secret_set: false }), ['bacs', 'stripe_sepa'], 1],
    ['set up without a webhook secret', stripe({ webhook_secret_set: false }), ['bacs'], 1],
  ] as const)('%s', (_, status, chosen, count) => {
    expect(providerWarnings(status, chosen)).toHaveLength(count);
  });

  it('says why a chosen method is missing at the checkout', () => {
    expect(providerWarnings(stripe({ configured: false }), ['stripe'])[0]).toContain('not offered at the checkout');
  });
});
