import { useEffect, useRef, useState } from 'react';
import type { StripeCheckout } from '../../../generated/wire';
import { t } from '../../../lib/i18n';
import { loadStripe, type StripeCardElement, type StripeJs } from '../model/stripeJs';

/**
 * The fields of a Stripe method, shown under it once it is chosen: Stripe's own card field, or
 * the IBAN and the SEPA direct debit mandate. Stripe.js is loaded here, not before.
 */
export function StripeFields({
  view,
  method,
  onReady,
  iban,
  onIban,
  mandate,
  onMandate,
  problems,
}: {
  view: StripeCheckout;
  method: 'stripe' | 'stripe_sepa';
  onReady: (stripe: StripeJs | null, card: StripeCardElement | null) => void;
  iban: string;
  onIban: (iban: string) => void;
  mandate: boolean;
  onMandate: (ticked: boolean) => void;
  problems: Partial<Record<string, string>>;
}) {
  const mount = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');

  useEffect(() => {
    let cancelled = false;
    let card: StripeCardElement | null = null;
    setState('loading');
    loadStripe(view.jsUrl, view.publishableKey)
      .then((stripe) => {
        if (cancelled) return;
        if (method === 'stripe' && mount.current) {
          card = stripe.elements().create('card', { hidePostalCode: true });
          card.mount(mount.current);
        }
        onReady(stripe, card);
        setState('ready');
      })
      .catch(() => {
        if (!cancelled) setState('failed');
      });
    return () => {
      cancelled = true;
      card?.destroy();
      onReady(null, null);
    };
  }, [view, method, onReady]);

  if (state === 'failed')
    return (
      <p className="notice notice--error" role="alert">
        {t('This payment method is not available at the moment. Please choose another one.')}
      </p>
    );

  if (method === 'stripe')
    return (
      <div className={`field stripe-card${problems['payment_data'] ? ' has-error' : ''}`}>
        <span id="stripe-card-label" className="field__label">
          {t('Card details')}
          <abbr title={t('required')}> *</abbr>
        </span>
        <div
          ref={mount}
          className="stripe-card__field"
          role="group"
          aria-labelledby="stripe-card-label"
          aria-describedby={problems['payment_data'] ? 'stripe-card-error' : undefined}
          aria-busy={state === 'loading'}
          data-testid="stripe-card"
        />
        {problems['payment_data'] && (
          <span id="stripe-card-error" className="field__error">
            {problems['payment_data']}
          </span>
        )}
      </div>
    );

  return (
    <div className="stripe-sepa">
      <div className="field field--iban">
        <label htmlFor="sepa-iban">
          {t('IBAN')}
          <abbr title={t('required')}> *</abbr>
        </label>
        <input
          id="sepa-iban"
          name="iban"
          type="text"
          autoComplete="off"
          spellCheck={false}
          value={iban}
          required
          aria-invalid={problems['iban'] ? true : undefined}
          aria-describedby={problems['iban'] ? 'sepa-iban-error' : undefined}
          onChange={(e) => onIban(e.target.value)}
        />
        {problems['iban'] && (
          <span id="sepa-iban-error" className="field__error">
            {problems['iban']}
          </span>
        )}
      </div>
      <div className={`field checkout__checkbox checkout__checkbox--${view.mandateId}${problems[view.mandateId] ? ' has-error' : ''}`}>
        <label className="checkbox">
          <input
            type="checkbox"
            name={view.mandateId}
            checked={mandate}
            required
            aria-invalid={problems[view.mandateId] ? true : undefined}
            aria-describedby={problems[view.mandateId] ? 'sepa-mandate-error' : undefined}
            onChange={(e) => onMandate(e.target.checked)}
          />{' '}
          <span>
            {view.mandateText}
            <abbr title={t('required')}> *</abbr>
          </span>
        </label>
        {problems[view.mandateId] && (
          <span id="sepa-mandate-error" className="field__error">
            {problems[view.mandateId]}
          </span>
        )}
      </div>
    </div>
  );
}
