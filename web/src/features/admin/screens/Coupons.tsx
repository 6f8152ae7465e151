import { useState } from 'react';
import { formatDate, formatMoney } from '../../../lib/format/money';
import { t } from '../../../lib/i18n';
import { useApi } from '../components/useApi';
import { CheckField, InputField, SelectField } from '../components/Field';
import { COUPON_TYPES } from '../model/choices';
import { Pager } from '../components/Pager';
import { useLoad } from '../components/useLoad';
import { couponPayload, EMPTY_COUPON, type CouponForm, type WcCoupon } from '../model/sales/couponForm';
import { StatusLine, useSave, type FormErrors } from '../components/useSave';
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
  const { status, busy, errors, formRef, save, onSubmit } = useSave();
  const [load, reload] = useLoad(() => api.coupons.page(`per_page=20&page=${page}`), `${page}`);
  const set = (patch: Partial<CouponForm>) => setForm({ ...form, ...patch });

  const create = () => {
    const payload = couponPayload(form);
    // Refused by the form's own check: `save` marks the fields and sends nothing.
    if ('errors' in payload) return save(payload.errors, async () => null);
    return save({}, async () => {
      await api.coupons.create(payload.data);
      setForm(EMPTY_COUPON);
      reload();
      return t('Coupon %s created.', form.code.trim().toLowerCase());
    });
  };

  const remove = (c: WcCoupon) =>
    save({}, async () => {
      await api.coupons.remove(c.id, true);
      reload();
      return t('Coupon %s deleted.', c.code);
    });

  return (
    <>
      <h1>{t('Coupons')}</h1>
      <StatusLine status={status} />
      <LoadStatus load={load} />
      {load.state === 'ready' && load.value.items.length === 0 && <p>{t('No coupons yet.')}</p>}
      {load.state === 'ready' && load.value.items.length > 0 && <CouponTable coupons={load.value.items} onDelete={(c) => void remove(c)} />}
      {load.state === 'ready' && <Pager page={page} totalPages={load.value.totalPages} onPage={setPage} />}

      <h2>{t('New coupon')}</h2>
      <form ref={formRef} className="admin-form" onSubmit={onSubmit(create)} noValidate>
        <CouponFields form={form} set={set} errors={errors} />
        <button type="submit" className="button button--primary" disabled={busy}>
          {t('Create coupon')}
        </button>
      </form>
    </>
  );
}

/** The coupons of one page: code, discount, minimum, use and end, each with its delete button. */
function CouponTable({ coupons, onDelete }: { coupons: WcCoupon[]; onDelete: (c: WcCoupon) => void }) {
  return (
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
        {coupons.map((c) => (
          <tr key={c.id}>
            <td>
              <code>{c.code}</code>
            </td>
            <td>
              {amountText(c)}
              {c.free_shipping && ` · ${t('free shipping')}`}
            </td>
            <td>{cents(c.minimum_amount) > 0 ? formatMoney(cents(c.minimum_amount)) : '–'}</td>
            <td className="num">{c.usage_limit === null ? c.usage_count : t('%1$d of %2$d', c.usage_count, c.usage_limit)}</td>
            <td>{c.date_expires ? formatDate(c.date_expires) : t('no end')}</td>
            <td>
              <button type="button" className="link-button" onClick={() => onDelete(c)}>
                {t('Delete coupon %s', c.code)}
              </button>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** A new coupon's fields, each bound to the form with the API's name for its error. */
function CouponFields({ form, set, errors }: { form: CouponForm; set: (patch: Partial<CouponForm>) => void; errors: FormErrors }) {
  const bind = <K extends keyof CouponForm>(key: K, server: string) => ({
    value: form[key],
    onChange: (value: CouponForm[K]) => set({ [key]: value } as Partial<CouponForm>),
    error: errors[server],
  });
  return (
    <>
      <InputField label={t('Coupon code')} autoComplete="off" {...bind('code', 'code')} />
      <SelectField label={t('Kind of discount')} options={COUPON_TYPES} {...bind('type', 'discount_type')} />
      <InputField
        label={form.type === 'percent' ? t('Discount in %') : t('Discount in €')}
        inputMode="decimal"
        {...bind('amount', 'amount')}
      />
      <InputField label={t('Minimum order value in € (optional)')} inputMode="decimal" {...bind('minimum', 'minimum_amount')} />
      <InputField label={t('How often it may be used (empty: without limit)')} inputMode="numeric" {...bind('usageLimit', 'usage_limit')} />
      <InputField label={t('Valid until (optional)')} type="date" {...bind('expires', 'date_expires')} />
      <CheckField label={t('Allow free shipping')} checked={form.freeShipping} onChange={(freeShipping) => set({ freeShipping })} />
    </>
  );
}
