import { useState } from 'react';
import { formatDate, formatMoney } from '../../../lib/format/money';
import { useFirstInvalidFocus } from '../../../components/useFirstInvalidFocus';
import { t } from '../../../lib/i18n';
import { useApi } from '../AdminScreens';
import { Field } from '../components/Field';
import { Pager } from '../components/Pager';
import { useLoad } from '../components/useLoad';
import { couponPayload, EMPTY_COUPON, type CouponForm, type WcCoupon } from '../model/couponForm';
import { errorMessage, fieldErrors } from '../model/errors';
import { cents } from '../model/types';
import { LoadStatus } from '../components/LoadStatus';
import { TableHead } from '../../../components/TableHead';

function amountText(c: WcCoupon): string {
  return c.discount_type === 'percent' ? `${c.amount.replace(/\.?0+$/, '').replace('.', ',')} %` : formatMoney(cents(c.amount));
}

/** Coupons: the list with their use, a form for a new one, deleting. */
export function Coupons() {
  const api = useApi();
  const [page, setPage] = useState(1);
  const [form, setForm] = useState<CouponForm>(EMPTY_COUPON);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const { ref: formRef, focusFirstInvalid } = useFirstInvalidFocus<HTMLFormElement>();
  const [load, reload] = useLoad(() => api.coupons.page(`per_page=20&page=${page}`), `${page}`);
  const set = (patch: Partial<CouponForm>) => setForm({ ...form, ...patch });

  async function create(e: React.FormEvent) {
    e.preventDefault();
    setMessage(null);
    const payload = couponPayload(form);
    if ('errors' in payload) {
      setErrors(payload.errors);
      focusFirstInvalid();
      return;
    }
    setBusy(true);
    try {
      await api.coupons.create(payload.data);
      setErrors({});
      setMessage({ ok: true, text: t('Coupon %s created.', form.code.trim().toLowerCase()) });
      setForm(EMPTY_COUPON);
      reload();
    } catch (err) {
      setErrors(fieldErrors(err));
      focusFirstInvalid();
      setMessage({ ok: false, text: errorMessage(err) });
    } finally {
      setBusy(false);
    }
  }

  async function remove(c: WcCoupon) {
    setMessage(null);
    try {
      await api.coupons.remove(c.id, true);
      setMessage({ ok: true, text: t('Coupon %s deleted.', c.code) });
      reload();
    } catch (err) {
      setMessage({ ok: false, text: errorMessage(err) });
    }
  }

  return (
    <>
      <h1>{t('Coupons')}</h1>
      {message && (
        <p className={`notice${message.ok ? '' : ' notice--error'}`} role={message.ok ? 'status' : 'alert'}>
          {message.text}
        </p>
      )}
      <LoadStatus load={load} />
      {load.state === 'ready' && load.value.items.length === 0 && <p>{t('No coupons yet.')}</p>}
      {load.state === 'ready' && load.value.items.length > 0 && (
        <table className="admin-table">
          <TableHead
            columns={[
              t('Code'),
              t('Discount'),
              t('Minimum order value'),
              { label: t('Used'), num: true },
              t('Valid until'),
              { label: t('Actions'), hidden: true },
            ]}
          />
          <tbody>
            {load.value.items.map((c) => (
              <tr key={c.id}>
                <td>
                  <code>{c.code}</code>
                </td>
                <td>{amountText(c)}</td>
                <td>{cents(c.minimum_amount) > 0 ? formatMoney(cents(c.minimum_amount)) : '–'}</td>
                <td className="num">{c.usage_limit === null ? c.usage_count : t('%1$d of %2$d', c.usage_count, c.usage_limit)}</td>
                <td>{c.date_expires ? formatDate(c.date_expires) : t('no end')}</td>
                <td>
                  <button type="button" className="link-button" onClick={() => void remove(c)}>
                    {t('Delete coupon %s', c.code)}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {load.state === 'ready' && <Pager page={page} totalPages={load.value.totalPages} onPage={setPage} />}

      <h2>{t('New coupon')}</h2>
      <form ref={formRef} className="admin-form" onSubmit={(e) => void create(e)} noValidate>
        <Field label={t('Coupon code')} error={errors['code']}>
          {(p) => <input {...p} value={form.code} autoComplete="off" onChange={(e) => set({ code: e.target.value })} />}
        </Field>
        <Field label={t('Kind of discount')} error={errors['discount_type']}>
          {(p) => (
            <select {...p} value={form.type} onChange={(e) => set({ type: e.target.value === 'fixed_cart' ? 'fixed_cart' : 'percent' })}>
              <option value="percent">{t('Percentage of the goods')}</option>
              <option value="fixed_cart">{t('Fixed amount off the cart')}</option>
            </select>
          )}
        </Field>
        <Field label={form.type === 'percent' ? t('Discount in %') : t('Discount in €')} error={errors['amount']}>
          {(p) => <input {...p} inputMode="decimal" value={form.amount} onChange={(e) => set({ amount: e.target.value })} />}
        </Field>
        <Field label={t('Minimum order value in € (optional)')} error={errors['minimum_amount']}>
          {(p) => <input {...p} inputMode="decimal" value={form.minimum} onChange={(e) => set({ minimum: e.target.value })} />}
        </Field>
        <Field label={t('How often it may be used (empty: without limit)')} error={errors['usage_limit']}>
          {(p) => <input {...p} inputMode="numeric" value={form.usageLimit} onChange={(e) => set({ usageLimit: e.target.value })} />}
        </Field>
        <Field label={t('Valid until (optional)')} error={errors['date_expires']}>
          {(p) => <input {...p} type="date" value={form.expires} onChange={(e) => set({ expires: e.target.value })} />}
        </Field>
        <button type="submit" className="button button--primary" disabled={busy}>
          {t('Create coupon')}
        </button>
      </form>
    </>
  );
}
