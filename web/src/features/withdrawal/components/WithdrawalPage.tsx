import { useEffect, useRef, useState } from 'react';
import { useFirstInvalidFocus } from '../../../components/useFirstInvalidFocus';
import { WITHDRAWAL_STATEMENT_MAX } from '../../../config/constants';
import { formatMoney } from '../../../lib/format/money';
import { N_, t } from '../../../lib/i18n';
import { RestError, shopClient } from '../../../lib/rest/store';
import { identifyProblems, parseWithdrawalOrder, type IdentifyForm, type WithdrawalOrder } from '../model/withdrawal';

/** The fields that name the order: key, label, input type and autocomplete. */
const IDENTIFY_FIELDS: ReadonlyArray<[keyof IdentifyForm, string, string, string]> = [
  ['order', N_('Order number'), 'text', 'off'],
  ['email', N_('Email address'), 'email', 'email'],
];

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
          {IDENTIFY_FIELDS.map(([name, label, type, autoComplete]) => (
            <IdentifyField
              key={name}
              name={name}
              label={t(label)}
              type={type}
              autoComplete={autoComplete}
              form={form}
              setForm={setForm}
              problem={problems[name]}
            />
          ))}
          <button type="submit" className="button button--primary" disabled={busy}>
            {t('Continue')}
          </button>
        </form>
      )}
      {step.name === 'confirm' && (
        <ConfirmStep
          order={step.order}
          statement={statement}
          setStatement={setStatement}
          busy={busy}
          headingRef={stepHeading}
          onSubmit={confirm}
          onBack={() => setStep({ name: 'identify' })}
        />
      )}
      {step.name === 'done' && <DoneStep order={step.order} headingRef={stepHeading} />}
    </div>
  );
}

/** One of the identifying fields (order number, e-mail address), required, with its problem below. */
function IdentifyField({
  name,
  label,
  type,
  autoComplete,
  form,
  setForm,
  problem,
}: {
  name: keyof IdentifyForm;
  label: string;
  type: string;
  autoComplete: string;
  form: IdentifyForm;
  setForm: (form: IdentifyForm) => void;
  problem: string | undefined;
}) {
  return (
    <div className="field">
      <label htmlFor={`withdrawal-${name}`}>
        {label}
        <abbr title={t('required')}> *</abbr>
      </label>
      <input
        id={`withdrawal-${name}`}
        type={type}
        inputMode={name === 'order' ? 'numeric' : undefined}
        autoComplete={autoComplete}
        value={form[name]}
        required
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `withdrawal-${name}-error` : undefined}
        onChange={(e) => setForm({ ...form, [name]: e.target.value })}
      />
      {problem && (
        <span id={`withdrawal-${name}-error`} className="field__error">
          {problem}
        </span>
      )}
    </div>
  );
}

/** The second step: the order named, its items listed, an optional statement, then the confirmation. */
function ConfirmStep({
  order,
  statement,
  setStatement,
  busy,
  headingRef,
  onSubmit,
  onBack,
}: {
  order: WithdrawalOrder;
  statement: string;
  setStatement: (s: string) => void;
  busy: boolean;
  headingRef: React.RefObject<HTMLHeadingElement | null>;
  onSubmit: (e: React.FormEvent) => void;
  onBack: () => void;
}) {
  return (
    <form onSubmit={onSubmit} aria-label={t('Confirm withdrawal')}>
      <h2 ref={headingRef} tabIndex={-1}>
        {t('Confirm withdrawal')}
      </h2>
      <p>
        {t(
          'You are withdrawing from the contract for order no. %1$s of %2$s (%3$s):',
          order.order_number,
          order.date_label,
          formatMoney(order.total),
        )}
      </p>
      <ul className="withdrawal__items">
        {order.items.map((i, n) => (
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
        <button type="button" className="link-button" onClick={onBack}>
          {t('Back')}
        </button>
      </p>
    </form>
  );
}

/** The receipt: the shop's message and when the withdrawal arrived. */
function DoneStep({ order, headingRef }: { order: WithdrawalOrder; headingRef: React.RefObject<HTMLHeadingElement | null> }) {
  return (
    <div className="withdrawal__done" role="status">
      <h2 ref={headingRef} tabIndex={-1}>
        {t('Withdrawal received')}
      </h2>
      <p>{order.message}</p>
      <p>
        {t(
          'Order no. %1$s, received on %2$s.',
          order.order_number,
          order.withdrawn_at
            ? new Date(order.withdrawn_at + 'Z').toLocaleString('de-DE', {
                dateStyle: 'long',
                timeStyle: 'short',
                timeZone: 'Europe/Berlin',
              })
            : '',
        )}
      </p>
    </div>
  );
}
