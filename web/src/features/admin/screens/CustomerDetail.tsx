import { formatDate, formatMoney } from '../../../lib/format/money';
import { N_, t, tn } from '../../../lib/i18n';
import { useApi } from '../components/useApi';
import { Field, InputField } from '../components/Field';
import { useLoad, useLoadedForm } from '../components/useLoad';
import { ADDRESS_KEYS, formFromCustomer, toCustomerPayload } from '../model/sales/customerForm';
import { orderStatusLabel } from '../model/sales/orders';
import { ADMIN_PATHS, orderPath } from '../model/routes';
import { cents, type WcAddress } from '../model/types';
import { LoadStatus } from '../components/LoadStatus';
import { TableHead } from '../../../components/TableHead';
import { StatusLine, useSave } from '../components/useSave';
import { FieldPanel, SectionPanel } from '../components/Panel';

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
    <FieldPanel legend={legend}>
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
    </FieldPanel>
  );
}

/** One customer: contact data and addresses (editable), and their orders. */
export function CustomerDetail({
  id,
  countries,
  postcodes,
}: {
  id: number;
  countries: Array<[string, string]>;
  postcodes: Record<string, string | null>;
}) {
  const api = useApi();
  const [load] = useLoad(() => Promise.all([api.customers.get(id), api.orders.list(`customer=${id}&per_page=20`)]), `customer-${id}`);
  const [form, setForm] = useLoadedForm(load, ([customer]) => formFromCustomer(customer));
  const { status, busy, errors, formRef, save, onSubmit } = useSave();

  if (load.state !== 'ready') return <LoadStatus load={load} />;
  if (!form) return null;
  const [customer, orders] = load.value;
  // A contact field's value, change and error (under the API's name for it).
  const contact = (key: 'firstName' | 'lastName' | 'email', server: string) => ({
    value: form[key],
    onChange: (value: string) => setForm({ ...form, [key]: value }),
    error: errors[server],
  });

  async function submit() {
    if (!form) return;
    const { payload, errors: local } = toCustomerPayload(form, postcodes);
    await save(local, async () => {
      setForm(formFromCustomer(await api.customers.update(id, payload)));
      return t('Customer saved.');
    });
  }

  return (
    <form ref={formRef} className="admin-form" noValidate onSubmit={onSubmit(submit)}>
      <p>
        <a href={ADMIN_PATHS.customers}>← {t('All customers')}</a>
      </p>
      <h1>{`${customer.first_name} ${customer.last_name}`.trim() || customer.email}</h1>
      <p>
        {t('Customer since %s', formatDate(customer.date_created))} · {tn('%d order', '%d orders', customer.orders_count)} ·{' '}
        {t('Total spent')}: {formatMoney(cents(customer.total_spent))}
      </p>
      <FieldPanel legend={t('Contact')}>
        <div className="admin-row">
          <InputField label={t('First name')} {...contact('firstName', 'first_name')} />
          <InputField label={t('Last name')} {...contact('lastName', 'last_name')} />
          <InputField label={t('Email')} type="email" {...contact('email', 'email')} />
        </div>
      </FieldPanel>
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
      <StatusLine status={status} />
      <SectionPanel heading={t('Orders')}>
        {orders.length === 0 ? (
          <p>{t('No orders yet.')}</p>
        ) : (
          <table className="admin-table">
            <TableHead columns={[t('Order'), t('Date'), t('Status'), { label: t('Total'), num: true }]} />
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
      </SectionPanel>
    </form>
  );
}
