import { useEffect, useState } from 'react';
import { useFirstInvalidFocus } from '../../../components/useFirstInvalidFocus';
import { formatDate, formatMoney } from '../../../lib/format/money';
import { N_, t, tn } from '../../../lib/i18n';
import { RestError } from '../../../lib/rest/client';
import { useApi } from '../AdminScreens';
import { Field } from '../components/Field';
import { useLoad } from '../components/useLoad';
import { ADDRESS_KEYS, formFromCustomer, toCustomerPayload, type CustomerForm, type WcCustomer } from '../model/customerForm';
import { errorMessage, fieldErrors } from '../model/errors';
import { orderStatusLabel } from '../model/orders';
import { ADMIN_PATHS, orderPath } from '../model/routes';
import { cents, type WcAddress, type WcOrder } from '../model/types';

const LABELS: Record<(typeof ADDRESS_KEYS)[number], string> = {
  first_name: N_('First name'),
  last_name: N_('Last name'),
  company: N_('Company'),
  address_1: N_('Street and house number'),
  address_2: N_('Address supplement'),
  postcode: N_('Postcode'),
  city: N_('Town / City'),
  country: N_('Country'),
  email: N_('Email'),
  phone: N_('Phone'),
};

function AddressFieldset({
  legend,
  prefix,
  value,
  onChange,
  errors,
  countries,
}: {
  legend: string;
  prefix: 'billing' | 'shipping';
  value: WcAddress;
  onChange: (a: WcAddress) => void;
  errors: Record<string, string>;
  countries: Array<[string, string]>;
}) {
  const keys = prefix === 'billing' ? ADDRESS_KEYS : ADDRESS_KEYS.filter((k) => k !== 'email');
  return (
    <fieldset className="admin-panel">
      <legend>{legend}</legend>
      <div className="admin-row">
        {keys.map((k) => (
          <Field key={k} label={t(LABELS[k])} error={errors[`${prefix}.${k}`]}>
            {(p) =>
              k === 'country' ? (
                <select {...p} value={value.country} onChange={(e) => onChange({ ...value, country: e.target.value })}>
                  <option value="">{t('None')}</option>
                  {countries.map(([code, name]) => (
                    <option key={code} value={code}>
                      {name}
                    </option>
                  ))}
                </select>
              ) : (
                <input
                  {...p}
                  type={k === 'email' ? 'email' : k === 'phone' ? 'tel' : 'text'}
                  value={value[k]}
                  onChange={(e) => onChange({ ...value, [k]: e.target.value })}
                />
              )
            }
          </Field>
        ))}
      </div>
    </fieldset>
  );
}

/** One customer: contact data and addresses (editable), and their orders. */
export function CustomerDetail({ id, countries }: { id: number; countries: Array<[string, string]> }) {
  const api = useApi();
  const [load] = useLoad(() => Promise.all([api.customers.get(id), api.orders.list(`customer=${id}&per_page=20`)]), `customer-${id}`);
  const [form, setForm] = useState<CustomerForm | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [status, setStatus] = useState<{ error: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const { ref: formRef, focusFirstInvalid } = useFirstInvalidFocus<HTMLFormElement>();
  useEffect(() => {
    if (load.state === 'ready') setForm(formFromCustomer(load.value[0]));
  }, [load]);

  if (load.state === 'loading') return <p>{t('Loading…')}</p>;
  if (load.state === 'failed') return <p className="notice notice--error">{load.message}</p>;
  if (!form) return null;
  const [customer, orders] = load.value;

  async function save() {
    if (!form) return;
    setStatus(null);
    const { payload, errors: local } = toCustomerPayload(form);
    setErrors(local);
    if (Object.keys(local).length > 0) {
      setStatus({ error: true, text: t('Please correct the marked fields.') });
      focusFirstInvalid();
      return;
    }
    setBusy(true);
    try {
      const saved = await api.customers.update(id, payload);
      setForm(formFromCustomer(saved));
      setStatus({ error: false, text: t('Customer saved.') });
    } catch (e) {
      // What was typed stays; the fields the server refused are marked.
      setErrors(e instanceof RestError ? fieldErrors(e) : {});
      focusFirstInvalid();
      setStatus({ error: true, text: errorMessage(e) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      ref={formRef}
      className="admin-form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <p>
        <a href={ADMIN_PATHS.customers}>← {t('All customers')}</a>
      </p>
      <h1>{`${customer.first_name} ${customer.last_name}`.trim() || customer.email}</h1>
      <p>
        {t('Customer since %s', formatDate(customer.date_created))} · {tn('%d order', '%d orders', customer.orders_count)} ·{' '}
        {t('Total spent')}: {formatMoney(cents(customer.total_spent))}
      </p>
      <fieldset className="admin-panel">
        <legend>{t('Contact')}</legend>
        <div className="admin-row">
          <Field label={t('First name')} error={errors['first_name']}>
            {(p) => <input {...p} type="text" value={form.firstName} onChange={(e) => setForm({ ...form, firstName: e.target.value })} />}
          </Field>
          <Field label={t('Last name')} error={errors['last_name']}>
            {(p) => <input {...p} type="text" value={form.lastName} onChange={(e) => setForm({ ...form, lastName: e.target.value })} />}
          </Field>
          <Field label={t('Email')} error={errors['email']}>
            {(p) => <input {...p} type="email" value={form.email} onChange={(e) => setForm({ ...form, email: e.target.value })} />}
          </Field>
        </div>
      </fieldset>
      <AddressFieldset
        legend={t('Billing address')}
        prefix="billing"
        value={form.billing}
        onChange={(billing) => setForm({ ...form, billing })}
        errors={errors}
        countries={countries}
      />
      <AddressFieldset
        legend={t('Shipping address')}
        prefix="shipping"
        value={form.shipping}
        onChange={(shipping) => setForm({ ...form, shipping })}
        errors={errors}
        countries={countries}
      />
      <p>
        <button type="submit" className="button button--primary" disabled={busy}>
          {t('Save')}
        </button>
      </p>
      {status && (
        <p className={status.error ? 'admin-field__error' : 'admin-saved'} role={status.error ? 'alert' : 'status'}>
          {status.text}
        </p>
      )}
      <section className="admin-panel">
        <h2>{t('Orders')}</h2>
        {orders.length === 0 ? (
          <p>{t('No orders yet.')}</p>
        ) : (
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">{t('Order')}</th>
                <th scope="col">{t('Date')}</th>
                <th scope="col">{t('Status')}</th>
                <th scope="col" className="num">
                  {t('Total')}
                </th>
              </tr>
            </thead>
            <tbody>
              {orders.map((o) => (
                <tr key={o.id}>
                  <td>
                    <a href={orderPath(o.id)}>{t('Order #%d', o.id)}</a>
                  </td>
                  <td>{formatDate(o.date_created)}</td>
                  <td>{orderStatusLabel(o.status)}</td>
                  <td className="num">{formatMoney(cents(o.total))}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </form>
  );
}
