import { useCallback, useRef, useState } from 'react';
import type { StripeCheckout } from '../../../generated/wire';
import { t } from '../../../lib/i18n';
import { RestError, shopClient } from '../../../lib/rest/store';
import { nextStep, parsePlaced, unpaidOrder, type Placed, type UnpaidOrder } from '../model/payment';
import type { StripeCardElement, StripeJs } from '../model/stripeJs';
import { StripeFields } from './StripeFields';

type Problems = Partial<Record<string, string>>;

/** A payment step that did not go through; its message is German. */
export class PaymentStepError extends Error {}

/** The payment's return: the server reads the payment from the provider. */
async function checkPayment(order: UnpaidOrder): Promise<Placed> {
  const raw = await shopClient()({ path: `/laden/v1/orders/${order.id}/payment`, method: 'POST', data: { key: order.key } });
  return parsePlaced(raw);
}

/** What a failed order or payment shows: the German message, the refused fields (the first of
 * them to focus), and the order a failed payment left for the next try. */
export function submitFailure(err: unknown): { message: string; problems: Problems | null; unpaid: UnpaidOrder | null } {
  if (err instanceof RestError) {
    const params = typeof err.data === 'object' && err.data !== null ? (err.data as Record<string, unknown>)['params'] : undefined;
    return {
      message: err.message,
      problems: params && typeof params === 'object' ? (params as Problems) : null,
      unpaid: unpaidOrder(err.data),
    };
  }
  if (err instanceof PaymentStepError) return { message: err.message, problems: null, unpaid: null };
  return { message: t('An unknown error occurred.'), problems: null, unpaid: null };
}

/** Who pays: the name and e-mail a direct debit's mandate carries. */
export interface Payer {
  name: string;
  email: string;
}

/**
 * The payment part of the checkout and of the order-pay page: the chosen method, Stripe.js and
 * its card field once a Stripe method is chosen, the IBAN and mandate of a debit, and the steps
 * after the server began the payment (3-D Secure, the mandate, then the server asks Stripe).
 */
export function usePayment(methods: ReadonlyArray<{ id: string; title: string }>, stripeView: StripeCheckout | null, initial?: string) {
  const [payment, setPayment] = useState(initial && methods.some((m) => m.id === initial) ? initial : (methods[0]?.id ?? 'bacs'));
  const stripeJs = useRef<{ stripe: StripeJs | null; card: StripeCardElement | null }>({ stripe: null, card: null });
  const onReady = useCallback((stripe: StripeJs | null, card: StripeCardElement | null) => {
    stripeJs.current = { stripe, card };
  }, []);
  const [iban, setIban] = useState('');
  const [mandate, setMandate] = useState(false);
  const stripeMethod = stripeView && (payment === 'stripe' || payment === 'stripe_sepa') ? payment : null;

  /**
   * The payment fields' problems, and the card's Stripe.js token: asked of Stripe only when
   * nothing else on the form is wrong (`othersOk`), so a card is not tokenised for nothing.
   */
  async function read(othersOk: boolean): Promise<{ problems: Problems; cardToken: string | null }> {
    const problems: Problems = {};
    if (stripeMethod === 'stripe_sepa' && stripeView) {
      if (iban.replace(/\s/g, '').length < 15) problems['iban'] = t('Please enter a valid IBAN.');
      if (!mandate) problems[stripeView.mandateId] = t('Please accept the SEPA direct debit mandate.');
    }
    let cardToken: string | null = null;
    if (stripeMethod === 'stripe' && othersOk && Object.keys(problems).length === 0) {
      const { stripe, card } = stripeJs.current;
      // Stripe.js answers a card it cannot read with an error (or, some versions, by throwing).
      const made = stripe && card ? await stripe.createToken(card).catch(() => null) : null;
      if (made?.token) cardToken = made.token.id;
      else problems['payment_data'] = t('Please enter your card details.');
    }
    return { problems, cardToken };
  }

  /** The mandate's checkbox id, sent among the ticked checkboxes once the debit's mandate is given. */
  const mandateTicks = stripeMethod === 'stripe_sepa' && stripeView && mandate ? [stripeView.mandateId] : [];

  /**
   * After the server began the order's payment: Stripe's step in the page if it asks one, then
   * the server reads the payment from Stripe. The order's page once the shopper's part is done;
   * a `PaymentStepError` (German) when it did not go through.
   */
  async function complete(placed: Placed, order: UnpaidOrder, payer: Payer): Promise<string> {
    let step = nextStep(placed.payment_result);
    if (step.kind !== 'done') {
      const { stripe } = stripeJs.current;
      if (step.kind === 'authenticate' && stripe) {
        // Whatever Stripe.js reports, the server asks Stripe itself.
        await stripe.confirmCardPayment(step.clientSecret);
      } else if (step.kind === 'mandate' && stripe) {
        const given = await stripe.confirmSepaDebitSetup(step.setupSecret, {
          payment_method: {
            sepa_debit: { iban: iban.replace(/\s/g, '').toUpperCase() },
            billing_details: { name: payer.name, email: payer.email },
          },
        });
        if (given.error)
          throw new PaymentStepError(t('The direct debit mandate was not confirmed. Please enter your IBAN and accept the mandate.'));
      }
      step = nextStep((await checkPayment(order)).payment_result);
    }
    if (step.kind !== 'done') throw new PaymentStepError(t('The payment was declined. Please try again or choose another payment method.'));
    return step.redirect;
  }

  const choice: ChoiceProps = { methods, payment, setPayment, stripeView, stripeMethod, onReady, iban, setIban, mandate, setMandate };
  return { payment, read, mandateTicks, complete, choice };
}

interface ChoiceProps {
  methods: ReadonlyArray<{ id: string; title: string }>;
  payment: string;
  setPayment: (id: string) => void;
  stripeView: StripeCheckout | null;
  stripeMethod: 'stripe' | 'stripe_sepa' | null;
  onReady: (stripe: StripeJs | null, card: StripeCardElement | null) => void;
  iban: string;
  setIban: (iban: string) => void;
  mandate: boolean;
  setMandate: (ticked: boolean) => void;
}

/** The method's radio buttons, with the chosen Stripe method's fields under them (`usePayment`'s `choice`). */
export function PaymentChoice({ choice, problems }: { choice: ChoiceProps; problems: Problems }) {
  const { methods, payment, setPayment, stripeView, stripeMethod } = choice;
  return (
    <fieldset className="payment-methods">
      <legend>{t('Payment method')}</legend>
      {methods.map((m) => (
        <label key={m.id} className="radio">
          <input type="radio" name="payment_method" value={m.id} checked={payment === m.id} onChange={() => setPayment(m.id)} /> {m.title}
        </label>
      ))}
      {stripeMethod && stripeView && (
        <StripeFields
          view={stripeView}
          method={stripeMethod}
          onReady={choice.onReady}
          iban={choice.iban}
          onIban={choice.setIban}
          mandate={choice.mandate}
          onMandate={choice.setMandate}
          problems={problems}
        />
      )}
    </fieldset>
  );
}
