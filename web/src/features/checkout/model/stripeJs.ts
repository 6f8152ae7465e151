/**
 * Stripe.js, loaded only on the checkout and only once a Stripe method is chosen (the page's
 * CSP allows Stripe's hosts there alone). The card field is Stripe's own, so no card number
 * passes through the shop (PCI DSS SAQ A). Only the calls the checkout makes are typed.
 */

export interface StripeError {
  message?: string;
}

export interface StripeCardElement {
  mount(target: HTMLElement): void;
  destroy(): void;
}

export interface StripeJs {
  elements(): { create(type: 'card', options?: Record<string, unknown>): StripeCardElement };
  createToken(card: StripeCardElement): Promise<{ token?: { id: string }; error?: StripeError }>;
  confirmCardPayment(clientSecret: string): Promise<{ error?: StripeError }>;
  confirmSepaDebitSetup(
    clientSecret: string,
    data: { payment_method: { sepa_debit: { iban: string }; billing_details: { name: string; email: string } } },
  ): Promise<{ error?: StripeError }>;
}

type StripeFactory = (publishableKey: string) => StripeJs;

const loading = new Map<string, Promise<StripeFactory>>();

/** Stripe.js from `url` (once per page), and its `Stripe` for the shop's key. */
export function loadStripe(url: string, publishableKey: string): Promise<StripeJs> {
  let factory = loading.get(url);
  if (!factory) {
    factory = new Promise<StripeFactory>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = url;
      script.async = true;
      script.onload = () => {
        const found = (window as unknown as { Stripe?: StripeFactory }).Stripe;
        if (found) resolve(found);
        else reject(new Error('Stripe.js did not define Stripe'));
      };
      script.onerror = () => reject(new Error('Stripe.js did not load'));
      document.head.appendChild(script);
    });
    factory.catch(() => loading.delete(url));
    loading.set(url, factory);
  }
  return factory.then((make) => make(publishableKey));
}
