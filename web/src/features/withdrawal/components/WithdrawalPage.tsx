import { useEffect, useRef, useState } from 'react';
import { useFirstInvalidFocus } from '../../../components/useFirstInvalidFocus';
import { WITHDRAWAL_STATEMENT_MAX } from '../../../config/constants';
import { formatMoney } from '../../../lib/format/money';
import { t } from '../../../lib/i18n';
import { RestError, shopClient } from '../../../lib/rest/store';
import { identifyProblems, parseWithdrawalOrder, type IdentifyForm, type WithdrawalOrder } from '../model/withdrawal';

type Step = { name: 'identify' } | { name: 'confirm'; order: WithdrawalOrder } | { name: 'done'; order: WithdrawalOrder };

/** The withdrawal button (§356a BGB) in two steps: name the order, then confirm. Guests need no account. */
export function WithdrawalPage() {
  const [form, setForm] = useState<IdentifyForm>({ order: '', email: '' });
  const [statement, setStatement] = useState('');
  const [step, setStep] = useState<Step>({ name: 'identify' });
  const [problems, setProblems] = useState<Partial<Record<string, string>>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { ref: identifyForm, focusFirstInvalid } = useFirstInvalidFocus<HTMLFormElement>();
  // Each step replaces the form that had the focus: its heading takes it, so the shopper reads on from there.
  const stepHeading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (step.name !== 'identify') stepHeading.current?.focus();
  }, [step.name]);

  async function call(path: string, data: unknown): Promise<WithdrawalOrder | null> {
    setBusy(true);
    setError(null);
    try {
      return parseWithdrawalOrder(await shopClient()({ path, method: 'POST', data }));
    } catch (err) {
      if (err instanceof RestError) {
        const params = typeof err.data === 'object' && err.data !== null ? (err.data as Record<string, unknown>)['params'] : undefined;
        if (params && typeof params === 'object') setProblems(params as Record<string, string>);
        setError(err.message);
      } else {
        setError(t('An unknown error occurred.'));
      }
      return null;
    } finally {
      setBusy(false);
    }
  }

  async function identify(e: React.FormEvent) {
    e.preventDefault();
    const found = identifyProblems(form);
    setProblems(found);
    if (Object.keys(found).length > 0) {
      focusFirstInvalid();
      return;
    }
    const order = await call('/laden/v1/withdrawal/lookup', form);
    if (order) setStep({ name: 'confirm', order });
    else focusFirstInvalid();
  }

  async function confirm(e: React.FormEvent) {
    e.preventDefault();
    const order = await call('/laden/v1/withdrawal', { ...form, statement, confirm: true });
    if (order) setStep({ name: 'done', order });
  }

  const field = (key: keyof IdentifyForm, label: string, type: string, autoComplete: string) => (
    <div className="field">
      <label htmlFor={`withdrawal-${key}`}>
        {label}
        <abbr title={t('required')}> *</abbr>
      </label>
      <input
        id={`withdrawal-${key}`}
        type={type}
        inputMode={key === 'order' ? 'numeric' : undefined}
        autoComplete={autoComplete}
        value={form[key]}
        required
        aria-invalid={problems[key] ? true : undefined}
        aria-describedby={problems[key] ? `withdrawal-${key}-error` : undefined}
        onChange={(e) => setForm({ ...form, [key]: e.target.value })}
      />
      {problems[key] && (
        <span id={`withdrawal-${key}-error`} className="field__error">
          {problems[key]}
        </span>
      )}
    </div>
  );

  return (
    <div className="withdrawal">
      <h1>{t('Withdraw from contract')}</h1>
      {error && (
        <p className="notice notice--error" role="alert">
          {error}
        </p>
      )}
      {step.name === 'identify' && (
        <form onSubmit={identify} noValidate aria-label={t('Withdraw from contract')} ref={identifyForm}>
          <p>
            {t(
              'Here you can withdraw from a contract you concluded in our shop. Please enter the order number and the e-mail address you ordered with.',
            )}
          </p>
          {field('order', t('Order number'), 'text', 'off')}
          {field('email', t('Email address'), 'email', 'email')}
          <button type="submit" className="button button--primary" disabled={busy}>
            {t('Continue')}
          </button>
        </form>
      )}
      {step.name === 'confirm' && (
        <form onSubmit={confirm} aria-label={t('Confirm withdrawal')}>
          <h2 ref={stepHeading} tabIndex={-1}>
            {t('Confirm withdrawal')}
          </h2>
          <p>
            {t(
              'You are withdrawing from the contract for order no. %1$s of %2$s (%3$s):',
              step.order.order_number,
              step.order.date_label,
              formatMoney(step.order.total),
            )}
          </p>
          <ul className="withdrawal__items">
            {step.order.items.map((i, n) => (
              <li key={n}>
                {i.quantity} × {i.name}
              </li>
            ))}
          </ul>
          <div className="field">
            <label htmlFor="withdrawal-statement">{t('Your statement (optional)')}</label>
            <textarea
              id="withdrawal-statement"
              maxLength={WITHDRAWAL_STATEMENT_MAX}
              value={statement}
              onChange={(e) => setStatement(e.target.value)}
            />
          </div>
          <p className="withdrawal__actions">
            <button type="submit" className="button button--primary" disabled={busy}>
              {t('Confirm withdrawal')}
            </button>{' '}
            <button type="button" className="link-button" onClick={() => setStep({ name: 'identify' })}>
              {t('Back')}
            </button>
          </p>
        </form>
      )}
      {step.name === 'done' && (
        <div className="withdrawal__done" role="status">
          <h2 ref={stepHeading} tabIndex={-1}>
            {t('Withdrawal received')}
          </h2>
          <p>{step.order.message}</p>
          <p>
            {t(
              'Order no. %1$s, received on %2$s.',
              step.order.order_number,
              step.order.withdrawn_at
                ? new Date(step.order.withdrawn_at + 'Z').toLocaleString('de-DE', {
                    dateStyle: 'long',
                    timeStyle: 'short',
                    timeZone: 'Europe/Berlin',
                  })
                : '',
            )}
          </p>
        </div>
      )}
    </div>
  );
}
