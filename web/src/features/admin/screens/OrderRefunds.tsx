import { useState } from 'react';
import type { WcOrder } from '../../../generated/wire';
import { formatMoney } from '../../../lib/format/money';
import { t } from '../../../lib/i18n';
import { useApi } from '../components/useApi';
import { FieldError, InputField, CheckField } from '../components/Field';
import { errorMessage, fieldErrors } from '../model/errors';
import { paidBackByProvider, refundableCents, refundedCents, refundLines, refundRequest, type RefundForm } from '../model/sales/refunds';
import { cents } from '../model/types';
import { SectionPanel } from '../components/Panel';

const EMPTY: RefundForm = { quantities: {}, amount: '', reason: '', restock: true };

/** Server fields (`line_items.0.quantity`) → the form's (`line-<id>`), so a refusal shows at its input. */
function serverErrors(err: unknown, asked: Array<{ id: number }>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [field, message] of Object.entries(fieldErrors(err))) {
    const m = /^line_items\.(\d+)\./.exec(field);
    const line = m ? asked[Number(m[1])] : undefined;
    out[line ? `line-${line.id}` : 'amount'] = message;
  }
  return out;
}

/** An order's refunds, and the form that records one (units back per line, an amount, a reason). */
export function OrderRefunds({ order, onRefunded }: { order: WcOrder; onRefunded: () => void }) {
  const api = useApi();
  const [form, setForm] = useState<RefundForm>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState('');
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);
  const left = refundableCents(order);
  const byProvider = paidBackByProvider(order);
  if (order.refunds.length === 0 && left === 0) return null;
  const set = (change: Partial<RefundForm>) => {
    setForm({ ...form, ...change });
    setDone(false);
  };
  return (
    <SectionPanel heading={t('Refunds')} region testId="order-refunds">
      {order.refunds.length > 0 && (
        <>
          <ul>
            {order.refunds.map((r) => (
              <li key={r.id}>
                {formatMoney(cents(r.total))}
                {r.reason && ` · ${r.reason}`}
              </li>
            ))}
          </ul>
          <p>{t('Refunded so far: %s', formatMoney(refundedCents(order)))}</p>
        </>
      )}
      {left > 0 && (
        <form
          noValidate
          onSubmit={async (e) => {
            e.preventDefault();
            setError('');
            setDone(false);
            const asked = refundRequest(form, refundLines(order), byProvider);
            if (!asked.ok) {
              setErrors({ [asked.field]: asked.message });
              return;
            }
            setErrors({});
            setBusy(true);
            try {
              await api.orders.refund(order.id, asked.request);
              setForm(EMPTY);
              setDone(true);
              onRefunded();
            } catch (err) {
              const byField = serverErrors(err, asked.request.line_items);
              setErrors(byField);
              if (Object.keys(byField).length === 0) setError(errorMessage(err));
            } finally {
              setBusy(false);
            }
          }}
        >
          <h3>{t('Record a refund')}</h3>
          <p className="admin-muted">
            {byProvider
              ? t(
                  'The refund is paid back through %s to the customer. A partial cancellation invoice goes to the customer.',
                  order.payment_method_title,
                )
              : t(
                  'Laden pays nothing back by itself: transfer the money to the customer, then record the refund here. A partial cancellation invoice goes to the customer.',
                )}
          </p>
          <p>{t('Still to refund: %s', formatMoney(left))}</p>
          {refundLines(order).map((line) => (
            <InputField
              key={line.id}
              label={t('Units back: %s', line.name)}
              inputMode="numeric"
              value={form.quantities[line.id] ?? ''}
              error={errors[`line-${line.id}`]}
              onChange={(v) => set({ quantities: { ...form.quantities, [line.id]: v } })}
            />
          ))}
          <InputField
            label={t('Amount (empty: what the units were paid)')}
            inputMode="decimal"
            value={form.amount}
            error={errors.amount}
            onChange={(amount) => set({ amount })}
          />
          <InputField label={t('Reason')} value={form.reason} onChange={(reason) => set({ reason })} />
          <CheckField label={t('Put the units back in stock')} checked={form.restock} onChange={(checked) => set({ restock: checked })} />
          <FieldError message={error} />
          {done && <p role="status">{t('Refund recorded.')}</p>}
          <button type="submit" className="button button--small" disabled={busy}>
            {t('Record a refund')}
          </button>
        </form>
      )}
    </SectionPanel>
  );
}
