import { useId, useState } from 'react';
import { post, useCart, type Cart } from '../lib/cart/cart';

const applyCoupon = (code: string): Promise<Cart> => post('/cart/apply-coupon', { code });
const removeCoupon = (code: string): Promise<Cart> => post('/cart/remove-coupon', { code });
import { t } from '../lib/i18n';
import { RestError } from '../lib/rest/store';

/**
 * "Gutscheincode": apply a code, see the applied ones, take one off. Not a form of its own, so it
 * can sit inside the checkout's form; Enter in the field applies the code.
 */
export function CouponField() {
  const { cart, busy } = useCart();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const id = useId();
  const run = (op: Promise<unknown>, done: string): void => {
    setError(null);
    setNotice(null);
    op.then(
      () => setNotice(done),
      (e: unknown) => setError(e instanceof RestError ? e.message : t('An unknown error occurred.')),
    );
  };
  const apply = (): void => {
    const wanted = code.trim();
    if (!wanted) {
      setError(t('Please enter a coupon code.'));
      return;
    }
    run(
      applyCoupon(wanted).then(() => setCode('')),
      t('The coupon has been applied.'),
    );
  };
  return (
    <div className="coupon" role="group" aria-labelledby={`${id}-label`}>
      <label id={`${id}-label`} htmlFor={`${id}-code`}>
        {t('Coupon code')}
      </label>
      <div className="coupon__row">
        <input
          id={`${id}-code`}
          name="coupon_code"
          value={code}
          autoComplete="off"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => setCode(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              apply();
            }
          }}
        />
        <button type="button" className="button" disabled={busy} onClick={apply}>
          {t('Apply coupon')}
        </button>
      </div>
      {error && (
        <p id={`${id}-error`} className="field__error" role="alert">
          {error}
        </p>
      )}
      {notice && !error && (
        <p className="coupon__notice" role="status">
          {notice}
        </p>
      )}
      {(cart?.coupons ?? []).length > 0 && (
        <ul className="coupon__applied">
          {(cart?.coupons ?? []).map((c) => (
            <li key={c.code}>
              <span>{t('Coupon: %s', c.code)}</span>{' '}
              <button
                type="button"
                className="link-button"
                disabled={busy}
                onClick={() => run(removeCoupon(c.code), t('The coupon has been removed.'))}
              >
                {t('Remove coupon %s', c.code)}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
