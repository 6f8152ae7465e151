import { ORDER_NOTE_MAX } from '../../../config/constants';
import { useFirstInvalidFocus } from '../../../components/useFirstInvalidFocus';
import { checkoutCheckboxes, untickedMessage } from '../model/checkboxes';
import { useEffect, useRef, useState } from 'react';
import type { SiteData } from '../../../lib/types';
import { formatMoney } from '../../../lib/format/money';
import { PriceDetails } from '../../../components/Price';
import { DeliveryTime } from '../../../components/DeliveryTime';
import { SpecialNotices } from '../../../components/SpecialNotices';
import { t, tNodes } from '../../../lib/i18n';
import { CartTotals } from '../../../components/CartTotals';
import { ShippingChoice } from './ShippingChoice';
import { collects } from '../model/shipping';
import { CouponField } from '../../../components/CouponField';
import { clearCartState, lineTotal, loadCart, post, useCart, type Cart } from '../../../lib/cart/cart';

/**
 * Prices the cart for a delivery country (its shipping zone's methods) and, where given, a
 * business's VAT id (goods to a business in another EU country are priced without VAT).
 */
const setCartCountry = (country: string, vatId?: string): Promise<Cart> =>
  post('/cart/update-customer', {
    shipping_address: { country },
    ...(vatId === undefined ? {} : { extensions: { laden: { vat_id: vatId } } }),
  });
import { shopClient, storeApi } from '../../../lib/rest/store';
import { AttributionInputs, collectAttribution } from './AttributionInputs';
import { VatIdField } from './VatIdField';
import { parseVisitorSession, withSavedAddress } from '../model/savedAddress';
import { addressProblems, emptyAddress, type AddressForm, type PostcodeFormats } from '../../../lib/address/validate';
import type { StripeCheckout } from '../../../generated/wire';
import { PaymentChoice, submitFailure, usePayment } from './usePayment';
import { checkoutPath, parsePlaced, paymentData, type UnpaidOrder } from '../model/payment';

type Problems = Partial<Record<string, string>>;

const FIELDS: Array<{ key: keyof AddressForm; label: string; autoComplete: string; required: boolean; type?: string }> = [
  { key: 'first_name', label: 'First name', autoComplete: 'given-name', required: true },
  { key: 'last_name', label: 'Last name', autoComplete: 'family-name', required: true },
  { key: 'company', label: 'Company (optional)', autoComplete: 'organization', required: false },
  { key: 'address_1', label: 'Street and house number', autoComplete: 'address-line1', required: true },
  { key: 'address_2', label: 'Address supplement (optional)', autoComplete: 'address-line2', required: false },
  { key: 'postcode', label: 'Postcode', autoComplete: 'postal-code', required: true },
  { key: 'city', label: 'Town / City', autoComplete: 'address-level2', required: true },
];

function AddressFields({
  prefix,
  value,
  onChange,
  problems,
  countries,
  postcodes,
  billing,
}: {
  prefix: string;
  value: AddressForm;
  onChange: (a: AddressForm) => void;
  problems: Problems;
  countries: Array<[string, string]>;
  postcodes: PostcodeFormats;
  billing: boolean;
}) {
  // A country without postcodes (Hong Kong, for one) asks for none.
  const withoutPostcode = (country: string) => postcodes[country] === null;
  const field = (key: keyof AddressForm, label: string, autoComplete: string, required: boolean, type = 'text') => {
    const id = `${prefix}-${key}`;
    const problem = problems[`${prefix}.${key}`];
    return (
      <div className={`field field--${key}`} key={key}>
        <label htmlFor={id}>
          {t(label)}
          {required && <abbr title={t('required')}> *</abbr>}
        </label>
        <input
          id={id}
          name={`${prefix}[${key}]`}
          type={type}
          autoComplete={`${prefix === 'shipping_address' ? 'shipping ' : 'billing '}${autoComplete}`}
          value={value[key]}
          required={required}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-error` : undefined}
          onChange={(e) => onChange({ ...value, [key]: e.target.value })}
        />
        {problem && (
          <span id={`${id}-error`} className="field__error">
            {problem}
          </span>
        )}
      </div>
    );
  };
  const countryId = `${prefix}-country`;
  const countryProblem = problems[`${prefix}.country`];
  return (
    <div className="address-fields">
      {FIELDS.filter((f) => f.key !== 'postcode' || !withoutPostcode(value.country)).map((f) =>
        field(f.key, f.label, f.autoComplete, f.required),
      )}
      <div className="field field--country">
        <label htmlFor={countryId}>
          {t('Country')}
          <abbr title={t('required')}> *</abbr>
        </label>
        <select
          id={countryId}
          value={value.country}
          onChange={(e) => onChange({ ...value, country: e.target.value, postcode: withoutPostcode(e.target.value) ? '' : value.postcode })}
          autoComplete="country"
          aria-invalid={countryProblem ? true : undefined}
          aria-describedby={countryProblem ? `${countryId}-error` : undefined}
        >
          {countries.map(([code, name]) => (
            <option key={code} value={code}>
              {name}
            </option>
          ))}
        </select>
        {countryProblem && (
          <span id={`${countryId}-error`} className="field__error">
            {countryProblem}
          </span>
        )}
      </div>
      {billing && field('email', 'Email address', 'email', true, 'email')}
      {billing && field('phone', 'Phone (optional)', 'tel', false, 'tel')}
    </div>
  );
}

/** A checkbox's text, with links to the legal pages it names; the server records the same text. */
function CheckboxText({ id, site }: { id: string; site: SiteData }) {
  if (id === 'terms')
    return (
      <>
        {tNodes('I have read and accept the %1$s and the %2$s.', [
          <a key="terms" href={site.shop.termsPage}>
            {t('terms and conditions')}
          </a>,
          <a key="revocation" href={site.shop.revocationPage}>
            {t('cancellation policy')}
          </a>,
        ])}
      </>
    );
  if (id === 'parcel_delivery')
    return (
      <>
        {t(
          'Yes, my e-mail address may be passed to the parcel service so that it can tell me about the delivery. It is passed on for this purpose only; I can withdraw this consent at any time.',
        )}
      </>
    );
  return (
    <>
      {t(
        'For digital content: I expressly agree that you begin performing the contract before the withdrawal period ends. I know that I thereby lose my right of withdrawal.',
      )}
    </>
  );
}

export function CheckoutPage({
  site,
  countries,
  postcodes,
  paymentMethods,
  stripe: stripeView,
}: {
  site: SiteData;
  countries: Array<[string, string]>;
  postcodes: PostcodeFormats;
  paymentMethods: Array<{ id: string; title: string }>;
  stripe: StripeCheckout | null;
}) {
  const { cart } = useCart();
  const checkboxes = checkoutCheckboxes(
    site.shop.checkboxes,
    (cart?.items ?? []).map((i) => ({ name: i.name, downloadable: i.extensions.laden.downloadable, special: i.extensions.laden.special })),
  );
  // The form starts in Germany, or in the shop's first country where it does not deliver there.
  const start = (): AddressForm => {
    const a = emptyAddress();
    return countries.some(([code]) => code === a.country) ? a : { ...a, country: countries[0]?.[0] ?? a.country };
  };
  const [billing, setBilling] = useState<AddressForm>(start);
  const [shipToDifferent, setShipToDifferent] = useState(false);
  const [shipping, setShipping] = useState<AddressForm>(start);
  const [note, setNote] = useState('');
  const [vatId, setVatId] = useState('');
  // Ticked checkboxes by id (`terms` must be, the optional ones may be).
  const [ticked, setTicked] = useState<Record<string, boolean>>({});
  const [problems, setProblems] = useState<Problems>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // The method and its provider's fields; the order a failed payment left (the next try pays
  // it, not a new one).
  const pay = usePayment(paymentMethods, stripeView);
  const payment = pay.payment;
  const [unpaid, setUnpaid] = useState<UnpaidOrder | null>(null);
  const attributionInputs = useRef<HTMLDivElement>(null);
  const { ref: form, focusFirstInvalid } = useFirstInvalidFocus<HTMLFormElement>();
  const prefix = site.tracking.prefix;

  useEffect(() => {
    loadCart().catch(() => undefined);
  }, []);

  // The cached page cannot know who is logged in: without guest checkout only logged-in customers
  // order, and a customer's form starts with the addresses of their last order.
  const [loggedIn, setLoggedIn] = useState<boolean | null>(null);
  useEffect(() => {
    shopClient()({ path: '/laden/v1/session' })
      .then((raw) => {
        const session = parseVisitorSession(raw);
        setLoggedIn(session.logged_in);
        setBilling((form) => withSavedAddress(form, session.billing));
        setShipping((form) => withSavedAddress(form, session.shipping));
      })
      .catch(() => setLoggedIn(false));
  }, []);

  // Shipping depends on the delivery country: price the cart for it as soon as it is chosen.
  // Goods collected at the shop need no delivery address.
  const pickup = cart ? collects(cart) : false;
  const shipsElsewhere = shipToDifferent && cart?.needs_shipping !== false && !pickup;
  const deliveryCountry = shipsElsewhere ? shipping.country : billing.country;
  const cartCountry = cart?.shipping_address?.country;
  useEffect(() => {
    if (cartCountry !== undefined && deliveryCountry && deliveryCountry !== cartCountry)
      setCartCountry(deliveryCountry).catch(() => undefined);
  }, [deliveryCountry, cartCountry]);
  // With the shop's reverse charge, the VAT id prices the cart too (a business in another EU
  // country buys the goods without VAT): told once the field is left, not at every key.
  const [pricedVatId, setPricedVatId] = useState('');
  function vatIdLeft() {
    const id = vatId.trim();
    if (!site.shop.reverseCharge || !deliveryCountry || id === pricedVatId) return;
    setPricedVatId(id);
    setCartCountry(deliveryCountry, id).catch(() => undefined);
  }

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    setError(null);
    const found: Problems = {};
    for (const [k, v] of Object.entries(addressProblems(billing, true, postcodes))) found[`billing_address.${k}`] = v;
    if (shipsElsewhere)
      for (const [k, v] of Object.entries(addressProblems(shipping, false, postcodes))) found[`shipping_address.${k}`] = v;
    for (const c of checkboxes) {
      if (c.required && !ticked[c.id]) found[c.id] = untickedMessage(c.id);
    }
    const read = await pay.read(Object.keys(found).length === 0);
    Object.assign(found, read.problems);
    const cardToken = read.cardToken;
    setProblems(found);
    if (Object.keys(found).length > 0) {
      setError(t('Please correct the marked fields.'));
      focusFirstInvalid();
      return;
    }
    setBusy(true);
    const ticks = checkboxes.filter((c) => ticked[c.id]).map((c) => c.id);
    ticks.push(...pay.mandateTicks);
    const laden = { checkboxes: ticks, vat_id: vatId.trim() };
    try {
      const body = unpaid
        ? {
            key: unpaid.key,
            billing_email: billing.email,
            payment_method: payment,
            payment_data: paymentData(payment, cardToken),
            extensions: { laden },
          }
        : {
            billing_address: billing,
            shipping_address: shipsElsewhere ? { ...shipping, email: '', phone: '' } : { ...billing, email: '', phone: '' },
            payment_method: payment,
            payment_data: paymentData(payment, cardToken),
            customer_note: note,
            extensions: {
              'woocommerce/order-attribution': collectAttribution(attributionInputs.current, prefix),
              laden,
            },
          };
      const placed = await storeApi(checkoutPath(unpaid), parsePlaced, { method: 'POST', body });
      const order = { id: placed.order_id, key: placed.order_key || (unpaid?.key ?? '') };
      setUnpaid(order);
      const redirect = await pay.complete(placed, order, {
        name: `${billing.first_name} ${billing.last_name}`.trim(),
        email: billing.email,
      });
      clearCartState();
      window.location.assign(redirect);
    } catch (err) {
      const failed = submitFailure(err);
      if (failed.problems) setProblems(failed.problems);
      if (failed.unpaid) setUnpaid(failed.unpaid);
      setError(failed.message);
      focusFirstInvalid();
      setBusy(false);
    }
  }

  if (cart && cart.items.length === 0) {
    return (
      <div className="checkout empty">
        <h1>{t('Checkout')}</h1>
        <p>{t('Your cart is currently empty.')}</p>
        <a className="button" href="/shop/">
          {t('Return to shop')}
        </a>
      </div>
    );
  }

  if (site.shop.guestCheckout === false && loggedIn === false) {
    return (
      <div className="checkout checkout--login">
        <h1>{t('Checkout')}</h1>
        <p className="notice" role="status">
          {t('Please log in or create an account to order.')}
        </p>
        <p>
          <a className="button button--primary" href="/wp-login.php?redirect_to=%2Fkasse%2F">
            {t('Log in')}
          </a>{' '}
          <a className="button" href="/mein-konto/#registrieren">
            {t('Create an account')}
          </a>
        </p>
      </div>
    );
  }

  return (
    <form className="checkout" onSubmit={submit} noValidate ref={form}>
      <h1>{t('Checkout')}</h1>
      <AttributionInputs prefix={prefix} inputs={attributionInputs} />
      {error && (
        <p className="notice notice--error" role="alert">
          {error}
        </p>
      )}
      <div className="checkout__columns">
        <div>
          <fieldset>
            <legend>{t('Billing details')}</legend>
            <AddressFields
              prefix="billing_address"
              value={billing}
              onChange={setBilling}
              problems={problems}
              countries={countries}
              postcodes={postcodes}
              billing
            />
            <VatIdField
              value={vatId}
              onChange={setVatId}
              onBlur={vatIdLeft}
              problem={problems['vat_id']}
              reverseCharge={site.shop.reverseCharge}
            />
          </fieldset>
          {/* A cart of only virtual goods ships nothing: no shipping address to ask for. */}
          {cart?.needs_shipping !== false && !pickup && (
            <label className="checkbox">
              <input type="checkbox" checked={shipToDifferent} onChange={(e) => setShipToDifferent(e.target.checked)} />{' '}
              {t('Ship to a different address?')}
            </label>
          )}
          {shipsElsewhere && (
            <fieldset>
              <legend>{t('Shipping address')}</legend>
              <AddressFields
                prefix="shipping_address"
                value={shipping}
                onChange={setShipping}
                problems={problems}
                countries={countries}
                postcodes={postcodes}
                billing={false}
              />
            </fieldset>
          )}
          <div className="field">
            <label htmlFor="customer_note">{t('Order notes (optional)')}</label>
            <textarea id="customer_note" value={note} maxLength={ORDER_NOTE_MAX} onChange={(e) => setNote(e.target.value)} />
          </div>
        </div>
        <div className="checkout__review">
          {cart && <ShippingChoice cart={cart} address={site.shop.address} />}
          <PaymentChoice choice={pay.choice} problems={problems} />
          {checkboxes.map((c) => (
            <div key={c.id} className={`field checkout__checkbox checkout__checkbox--${c.id}${problems[c.id] ? ' has-error' : ''}`}>
              <label className="checkbox">
                <input
                  type="checkbox"
                  name={c.id}
                  checked={ticked[c.id] === true}
                  required={c.required}
                  aria-invalid={problems[c.id] ? true : undefined}
                  aria-describedby={problems[c.id] ? `checkout-${c.id}-error` : undefined}
                  onChange={(e) => setTicked({ ...ticked, [c.id]: e.target.checked })}
                />{' '}
                <span>
                  {c.text ?? <CheckboxText id={c.id} site={site} />}
                  {c.required && <abbr title={t('required')}> *</abbr>}
                </span>
              </label>
              {problems[c.id] && (
                <span id={`checkout-${c.id}-error`} className="field__error">
                  {problems[c.id]}
                </span>
              )}
            </div>
          ))}
          {cart && cart.items.length > 0 && <CouponField />}
          {/* The essential information directly above the order button (§312j Abs. 2 BGB). */}
          <section className="checkout__summary" aria-labelledby="checkout-summary-title" data-testid="order-summary">
            <h2 id="checkout-summary-title">{t('Your order')}</h2>
            {!cart ? (
              <p aria-busy="true">{t('Loading cart …')}</p>
            ) : (
              <>
                <ul className="checkout__items">
                  {cart.items.map((i) => (
                    <li key={i.key}>
                      <span>
                        {i.quantity} × {i.name}
                        <PriceDetails facts={i.extensions.laden} />
                        <DeliveryTime own={i.extensions.laden?.delivery_time} fallback={site.shop.deliveryTime} />
                        <SpecialNotices special={i.extensions.laden?.special} />
                      </span>
                      <span>{formatMoney(lineTotal(i))}</span>
                    </li>
                  ))}
                </ul>
                <CartTotals cart={cart} shippingPage={site.shop.shippingPage} />
                <p className="checkout__payment-chosen">
                  {t('Payment method')}: {paymentMethods.find((m) => m.id === payment)?.title}
                </p>
              </>
            )}
          </section>
          <button type="submit" className="button button--primary button--order" disabled={busy || !cart}>
            {site.shop.orderButtonText}
          </button>
        </div>
      </div>
    </form>
  );
}
