import { useState } from 'react';
import { formatDate, formatMoney } from '../../../lib/format/money';
import { t } from '../../../lib/i18n';
import { useApi } from '../components/useApi';
import { useLoad } from '../components/useLoad';
import { errorMessage } from '../model/errors';
import {
  attributionRows,
  feeGrossCents,
  lineGrossCents,
  mailKindLabel,
  mailStatusLabel,
  ORDER_STATUSES,
  orderStatusLabel,
  shippingGrossCents,
} from '../model/sales/orders';
import { ADMIN_PATHS } from '../model/routes';
import { OrderInvoices } from './OrderInvoices';
import { OrderRefunds } from './OrderRefunds';
import { cents, type WcAddress, type WcNote, type WcOrder } from '../model/types';
import { LoadStatus } from '../components/LoadStatus';
import { TableHead } from '../../../components/TableHead';
import { InputField, CheckField } from '../components/Field';
import { SectionPanel } from '../components/Panel';

function Address({ title, a }: { title: string; a: WcAddress }) {
  const lines = [
    `${a.first_name} ${a.last_name}`.trim(),
    a.company,
    a.address_1,
    a.address_2,
    `${a.postcode} ${a.city}`.trim(),
    a.country,
    a.email,
    a.phone,
  ].filter((l) => l && l.trim() !== '');
  return (
    <SectionPanel heading={title}>
      {lines.length === 0 ? (
        <p>{t('Same as billing address')}</p>
      ) : (
        <address>
          {lines.map((l, i) => (
            <span key={i}>
              {l}
              <br />
            </span>
          ))}
        </address>
      )}
    </SectionPanel>
  );
}

/** One order: items, addresses, totals, attribution, status and notes. */
export function OrderDetail({ id }: { id: number }) {
  const api = useApi();
  const [load, reload] = useLoad(() => Promise.all([api.orders.get(id), api.orders.notes(id)]), `order-${id}`);
  if (load.state !== 'ready') return <LoadStatus load={load} />;
  const [order, notes] = load.value;
  return (
    <>
      <p>
        <a href={ADMIN_PATHS.orders}>← {t('All orders')}</a>
      </p>
      <h1>
        {t('Order #%d', order.id)} <span className={`admin-status admin-status--${order.status}`}>{orderStatusLabel(order.status)}</span>
      </h1>
      <p>
        {t('Placed on %s', formatDate(order.date_created))} · {order.payment_method_title}
        {order.date_paid && <> · {t('Paid on %s', formatDate(order.date_paid))}</>}
        {order.date_completed && <> · {t('Completed on %s', formatDate(order.date_completed))}</>}
      </p>
      {order.laden_withdrawal && (
        <div className="notice notice--warning" role="status" data-testid="order-withdrawal">
          <strong>{t('The customer withdrew from the contract on %s.', formatDate(order.laden_withdrawal.date))}</strong>
          {order.laden_withdrawal.statement && <p>„{order.laden_withdrawal.statement}“</p>}
        </div>
      )}
      <StatusForm order={order} onSaved={reload} />
      <div className="admin-columns">
        <Address title={t('Billing address')} a={order.billing} />
        <Address title={t('Shipping address')} a={order.shipping} />
        <OriginPanel order={order} />
      </div>
      <ItemsPanel order={order} />
      <LegalPanel order={order} />
      <OrderInvoices orderId={order.id} invoices={order.laden_invoices ?? []} onIssued={reload} />
      <OrderRefunds order={order} onRefunded={reload} />
      <MailsPanel order={order} />
      <Notes orderId={order.id} notes={notes} onAdded={reload} />
    </>
  );
}

/** Where the order came from: the origin line and WooCommerce's order attribution. */
function OriginPanel({ order }: { order: WcOrder }) {
  const attribution = attributionRows(order.meta_data);
  return (
    <SectionPanel heading={t('Origin')}>
      <p data-testid="order-origin">{order.origin}</p>
      {attribution.length > 0 && (
        <dl className="admin-dl">
          {attribution.map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      )}
    </SectionPanel>
  );
}

/** The order's lines with their Grundpreis and delivery time, shipping, total and VAT, and the customer's note. */
function ItemsPanel({ order }: { order: WcOrder }) {
  return (
    <SectionPanel heading={t('Items')}>
      <table className="admin-table">
        <TableHead columns={[t('Product'), t('SKU'), { label: t('Quantity'), num: true }, { label: t('Total'), num: true }]} />
        <tbody>
          {order.line_items.map((i) => (
            <tr key={i.id}>
              <td>
                {i.name}
                {i.meta_data.length > 0 && (
                  <div className="admin-item-variation" data-testid="item-variation">
                    {i.meta_data.map((m) => `${m.display_key}: ${m.display_value}`).join(', ')}
                  </div>
                )}
                {(i.laden_unit_price || i.laden_delivery_time) && (
                  <small className="admin-muted admin-item-legal">
                    {i.laden_unit_price && `(${formatMoney(i.laden_unit_price.price)} / ${i.laden_unit_price.base}) `}
                    {i.laden_delivery_time && t('Delivery time: %s', i.laden_delivery_time)}
                  </small>
                )}
              </td>
              <td>{i.sku}</td>
              <td className="num">{i.quantity}</td>
              <td className="num">{formatMoney(lineGrossCents(i))}</td>
            </tr>
          ))}
          {order.fee_lines.map((f) => (
            <tr key={f.id} data-testid="fee-line">
              <td>{f.name}</td>
              <td />
              <td />
              <td className="num">{formatMoney(feeGrossCents(f))}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={3}>
              {t('Shipping')}
            </th>
            <td className="num">{formatMoney(shippingGrossCents(order))}</td>
          </tr>
          <tr>
            <th scope="row" colSpan={3}>
              {t('Total')}
            </th>
            <td className="num">
              <strong>{formatMoney(cents(order.total))}</strong>
            </td>
          </tr>
          <tr>
            <th scope="row" colSpan={3}>
              {t('Includes VAT')}
            </th>
            <td className="num">{formatMoney(cents(order.total_tax))}</td>
          </tr>
        </tfoot>
      </table>
      {order.customer_note && (
        <p>
          <strong>{t('Customer note')}:</strong> {order.customer_note}
        </p>
      )}
    </SectionPanel>
  );
}

/** What the customer accepted at checkout, with the legal pages' versions. */
function LegalPanel({ order }: { order: WcOrder }) {
  if (!order.laden_legal || order.laden_legal.length === 0) return null;
  return (
    <SectionPanel heading={t('Accepted at checkout')} testId="order-legal">
      <ul>
        {order.laden_legal.map((a) => (
          <li key={a.id}>
            {a.text}
            {a.pages.length > 0 && (
              <span className="admin-muted">
                {' '}
                ({a.pages.map((p) => t('%1$s, version %2$s', p.title || p.slug, p.revision === null ? '–' : String(p.revision))).join('; ')}
                )
              </span>
            )}
          </li>
        ))}
      </ul>
    </SectionPanel>
  );
}

/** The order's e-mails: kind, recipient, delivery state and date. */
function MailsPanel({ order }: { order: WcOrder }) {
  if (!order.laden_mails || order.laden_mails.length === 0) return null;
  return (
    <SectionPanel heading={t('E-mails')} testId="order-mails">
      <table className="admin-table">
        <tbody>
          {order.laden_mails.map((m) => (
            <tr key={m.id}>
              <td>{mailKindLabel(m.kind)}</td>
              <td>{m.recipient}</td>
              <td title={m.last_error || undefined}>{mailStatusLabel(m.status, m.attempts)}</td>
              <td>{formatDate(m.date_sent ?? m.date_created)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </SectionPanel>
  );
}

function StatusForm({ order, onSaved }: { order: WcOrder; onSaved: () => void }) {
  const api = useApi();
  const [status, setStatus] = useState(order.status);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [saved, setSaved] = useState(false);
  return (
    <form
      className="admin-inline-form"
      onSubmit={async (e) => {
        e.preventDefault();
        setBusy(true);
        setError('');
        setSaved(false);
        try {
          await api.orders.update(order.id, { status });
          setSaved(true);
          onSaved();
        } catch (err) {
          // The choice stays as made, so it can be tried again.
          setError(errorMessage(err));
        } finally {
          setBusy(false);
        }
      }}
    >
      <label htmlFor="order-status">{t('Status')}</label>
      <select
        id="order-status"
        value={status}
        onChange={(e) => setStatus(e.target.value)}
        aria-invalid={Boolean(error)}
        aria-describedby={error ? 'order-status-error' : undefined}
      >
        {ORDER_STATUSES.map((s) => (
          <option key={s} value={s}>
            {orderStatusLabel(s)}
          </option>
        ))}
      </select>
      <button type="submit" className="button button--small" disabled={busy}>
        {t('Change status')}
      </button>
      {error && (
        <p className="admin-field__error" id="order-status-error" role="alert">
          {error}
        </p>
      )}
      {saved && (
        <p className="admin-saved" role="status">
          {t('Saved.')}
        </p>
      )}
    </form>
  );
}

function Notes({ orderId, notes, onAdded }: { orderId: number; notes: WcNote[]; onAdded: () => void }) {
  const api = useApi();
  const [text, setText] = useState('');
  const [forCustomer, setForCustomer] = useState(false);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  return (
    <SectionPanel heading={t('Order notes')}>
      <ul className="admin-notes">
        {notes.map((n) => (
          <li key={n.id} className={n.customer_note ? 'admin-note admin-note--customer' : 'admin-note'}>
            <p>{n.note}</p>
            <p className="admin-note__meta">
              {formatDate(n.date_created)} · {n.author === 'system' ? t('Shop') : n.author}
              {n.customer_note ? ` · ${t('Note to customer')}` : ''}
            </p>
          </li>
        ))}
      </ul>
      <form
        onSubmit={async (e) => {
          e.preventDefault();
          if (text.trim() === '') {
            setError(t('Please enter a note.'));
            return;
          }
          setBusy(true);
          setError('');
          try {
            await api.orders.addNote(orderId, text, forCustomer);
            setText('');
            onAdded();
          } catch (err) {
            setError(errorMessage(err));
          } finally {
            setBusy(false);
          }
        }}
      >
        <InputField label={t('Add note')} rows={3} value={text} onChange={setText} error={error} />
        <CheckField label={t('Note to customer')} checked={forCustomer} onChange={(checked) => setForCustomer(checked)} />
        <button type="submit" className="button button--small" disabled={busy}>
          {t('Add note')}
        </button>
      </form>
    </SectionPanel>
  );
}
