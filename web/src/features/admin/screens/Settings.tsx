import { useEffect, useState } from 'react';
import { ORDER_BUTTON_TEXT_MAX } from '../../../config/constants';
import { N_, t } from '../../../lib/i18n';
import { RestError } from '../../../lib/rest/client';
import { useApi } from '../AdminScreens';
import { Field } from '../components/Field';
import { useLoad } from '../components/useLoad';
import { errorMessage, fieldErrors } from '../model/errors';
import {
  emptyZone,
  formFromSettings,
  toSettingsPayload,
  type Settings as ServerSettings,
  type SettingsForm,
  type ZoneForm,
} from '../model/settingsForm';

interface WpPage {
  slug: string;
  title: { raw?: string; rendered: string };
}

const LEGAL: Array<[keyof SettingsForm['texts'], string]> = [
  ['laden_page_imprint', N_('Imprint')],
  ['laden_page_privacy', N_('Privacy policy')],
  ['laden_page_terms', N_('Terms and conditions')],
  ['laden_page_revocation', N_('Cancellation policy')],
  ['laden_page_shipping', N_('Shipping & payment')],
  // Optional: the shipping page may cover payment too.
  ['laden_page_payments', N_('Payment methods')],
];

const PAYMENT_METHODS: Array<[string, string]> = [
  ['bacs', N_('Direct bank transfer')],
  ['invoice', N_('Invoice')],
  ['cod', N_('Cash on delivery')],
];

/** Shop, shipping, legal pages, product page, header and tracking settings (administrators). */
export function Settings({ countries }: { countries: Array<[string, string]> }) {
  const api = useApi();
  const [load] = useLoad(
    () => Promise.all([api<ServerSettings>({ path: '/wp/v2/settings' }), api<WpPage[]>({ path: '/wp/v2/pages?per_page=-1&context=edit' })]),
    'settings',
  );
  const [form, setForm] = useState<SettingsForm | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [status, setStatus] = useState<{ error: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (load.state === 'ready') setForm(formFromSettings(load.value[0]));
  }, [load]);

  if (load.state === 'loading') return <p>{t('Loading…')}</p>;
  if (load.state === 'failed') return <p className="notice notice--error">{load.message}</p>;
  if (!form) return null;
  const pages = load.value[1];
  const flag = (k: keyof SettingsForm['flags'], label: string) => (
    <label className="admin-check">
      <input
        type="checkbox"
        checked={form.flags[k]}
        onChange={(e) => setForm({ ...form, flags: { ...form.flags, [k]: e.target.checked } })}
      />{' '}
      {label}
    </label>
  );
  const text = (k: keyof SettingsForm['texts']) => ({
    value: form.texts[k],
    onChange: (e: { target: { value: string } }) => setForm({ ...form, texts: { ...form.texts, [k]: e.target.value } }),
  });
  const raw = (k: 'shippingFlat' | 'shippingFreeFrom' | 'lowStock' | 'headerOffset' | 'headerBreakpoint' | 'quantityStepMax') => ({
    value: form[k],
    onChange: (e: { target: { value: string } }) => setForm({ ...form, [k]: e.target.value }),
  });

  const setZone = (i: number, change: Partial<ZoneForm>) =>
    setForm({ ...form, zones: form.zones.map((z, j) => (j === i ? { ...z, ...change } : z)) });

  async function save() {
    if (!form) return;
    setStatus(null);
    const { payload, errors: local } = toSettingsPayload(form);
    setErrors(local);
    if (Object.keys(local).length > 0) {
      setStatus({ error: true, text: t('Please correct the marked fields.') });
      return;
    }
    setBusy(true);
    try {
      const saved = await api<ServerSettings>({ path: '/wp/v2/settings', method: 'POST', data: payload });
      setForm(formFromSettings(saved));
      setStatus({ error: false, text: t('Settings saved.') });
    } catch (e) {
      // Everything typed stays; the field the server refused is marked.
      setErrors(e instanceof RestError ? fieldErrors(e) : {});
      setStatus({ error: true, text: errorMessage(e) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      className="admin-form admin-settings"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <h1>{t('Settings')}</h1>
      <fieldset className="admin-panel">
        <legend>{t('Shop')}</legend>
        <Field label={t('Shop name')} error={errors['title']}>
          {(p) => <input {...p} type="text" {...text('title')} />}
        </Field>
        <Field label={t('Tagline')} error={errors['description']}>
          {(p) => <input {...p} type="text" {...text('description')} />}
        </Field>
        <Field label={t('Shop address')} error={errors['laden_shop_address']}>
          {(p) => <textarea {...p} rows={3} {...text('laden_shop_address')} />}
        </Field>
        <Field label={t('VAT ID')} error={errors['laden_shop_vat_id']}>
          {(p) => <input {...p} type="text" {...text('laden_shop_vat_id')} />}
        </Field>
        <Field label={t("Shop e-mail address (sender of the shop's e-mails)")} error={errors['laden_shop_email']}>
          {(p) => <input {...p} type="email" {...text('laden_shop_email')} />}
        </Field>
        {flag('laden_small_business', t('Small business under §19 UStG: no VAT is charged or shown'))}
      </fieldset>
      <fieldset className="admin-panel">
        <legend>{t('Checkout')}</legend>
        <Field label={t('Order button text')} error={errors['laden_order_button_text']}>
          {(p) => <input {...p} type="text" maxLength={ORDER_BUTTON_TEXT_MAX} {...text('laden_order_button_text')} />}
        </Field>
        {flag('laden_guest_checkout', t('Guests may order without an account'))}
        <p className="admin-muted">{t('The terms checkbox (AGB and cancellation policy) is always shown and must be ticked.')}</p>
        {flag('laden_checkbox_parcel_delivery', t('Optional checkbox: pass the e-mail address to the parcel service'))}
        {flag('laden_checkbox_digital_waiver', t('Optional checkbox: waiver of the right of withdrawal for digital content'))}
      </fieldset>
      <fieldset className="admin-panel">
        <legend>{t('Bank details for bank transfer')}</legend>
        <div className="admin-row">
          <Field label={t('Account holder')} error={errors['laden_bank_account_holder']}>
            {(p) => <input {...p} type="text" {...text('laden_bank_account_holder')} />}
          </Field>
          <Field label={t('Bank')} error={errors['laden_bank_name']}>
            {(p) => <input {...p} type="text" {...text('laden_bank_name')} />}
          </Field>
          <Field label={t('IBAN')} error={errors['laden_bank_iban']}>
            {(p) => <input {...p} type="text" autoComplete="off" {...text('laden_bank_iban')} />}
          </Field>
          <Field label={t('BIC')} error={errors['laden_bank_bic']}>
            {(p) => <input {...p} type="text" autoComplete="off" {...text('laden_bank_bic')} />}
          </Field>
        </div>
      </fieldset>
      <fieldset className="admin-panel">
        <legend>{t('Payment methods')}</legend>
        {errors['laden_payment_methods'] && (
          <p className="admin-field__error" role="alert">
            {errors['laden_payment_methods']}
          </p>
        )}
        {PAYMENT_METHODS.map(([id, label]) => (
          <label key={id} className="admin-check">
            <input
              type="checkbox"
              checked={form.paymentMethods.includes(id)}
              onChange={(e) =>
                setForm({
                  ...form,
                  paymentMethods: e.target.checked ? [...form.paymentMethods, id] : form.paymentMethods.filter((m) => m !== id),
                })
              }
            />{' '}
            {t(label)}
          </label>
        ))}
      </fieldset>
      <fieldset className="admin-panel">
        <legend>{t('Shipping and stock')}</legend>
        <div className="admin-row">
          <Field
            label={t('Shipping flat rate (€)')}
            hint={t('For every delivery country without a zone of its own.')}
            error={errors['laden_shipping_flat']}
          >
            {(p) => <input {...p} type="text" inputMode="decimal" {...raw('shippingFlat')} />}
          </Field>
          <Field label={t('Free shipping from (€)')} hint={t('Empty: never free.')} error={errors['laden_shipping_free_from']}>
            {(p) => <input {...p} type="text" inputMode="decimal" {...raw('shippingFreeFrom')} />}
          </Field>
          <Field label={t('Low stock from')} error={errors['laden_low_stock_amount']}>
            {(p) => <input {...p} type="number" min={0} {...raw('lowStock')} />}
          </Field>
          <Field label={t('Default delivery time')} error={errors['laden_delivery_time']}>
            {(p) => <input {...p} type="text" maxLength={100} {...text('laden_delivery_time')} />}
          </Field>
        </div>
        {form.zones.map((z, i) => {
          const at = (field: string) => errors[`laden_shipping_zones.${i}.${field}`];
          return (
            <fieldset key={i} className="admin-zone" data-testid="shipping-zone">
              <legend>{z.name.trim() || t('Shipping zone %d', i + 1)}</legend>
              <div className="admin-row">
                <Field label={t('Zone name')} error={at('name')}>
                  {(p) => <input {...p} type="text" value={z.name} onChange={(e) => setZone(i, { name: e.target.value })} />}
                </Field>
                <Field label={t('Shipping flat rate (€)')} error={at('cost')}>
                  {(p) => (
                    <input {...p} type="text" inputMode="decimal" value={z.cost} onChange={(e) => setZone(i, { cost: e.target.value })} />
                  )}
                </Field>
                <Field label={t('Free shipping from (€)')} hint={t('Empty: never free.')} error={at('free_from')}>
                  {(p) => (
                    <input
                      {...p}
                      type="text"
                      inputMode="decimal"
                      value={z.freeFrom}
                      onChange={(e) => setZone(i, { freeFrom: e.target.value })}
                    />
                  )}
                </Field>
              </div>
              <fieldset className="admin-zone__countries" aria-invalid={Boolean(at('countries'))}>
                <legend>{t('Countries')}</legend>
                {countries.map(([code, name]) => (
                  <label key={code} className="admin-check">
                    <input
                      type="checkbox"
                      checked={z.countries.includes(code)}
                      onChange={(e) =>
                        setZone(i, { countries: e.target.checked ? [...z.countries, code] : z.countries.filter((c) => c !== code) })
                      }
                    />{' '}
                    {name}
                  </label>
                ))}
                {at('countries') && (
                  <p className="admin-field__error" role="alert">
                    {at('countries')}
                  </p>
                )}
              </fieldset>
              <button
                type="button"
                className="button button--small"
                onClick={() => setForm({ ...form, zones: form.zones.filter((_, j) => j !== i) })}
              >
                {t('Remove zone')}
              </button>
            </fieldset>
          );
        })}
        <button type="button" className="button" onClick={() => setForm({ ...form, zones: [...form.zones, emptyZone()] })}>
          {t('Add shipping zone')}
        </button>
      </fieldset>
      <fieldset className="admin-panel">
        <legend>{t('Legal pages')}</legend>
        <div className="admin-row">
          {LEGAL.map(([k, label]) => (
            <Field key={k} label={t(label)} error={errors[k]}>
              {(p) => (
                <select {...p} {...text(k)}>
                  {k === 'laden_page_payments' && <option value="">{t('None (the shipping page covers payment)')}</option>}
                  {pages.map((pg) => (
                    <option key={pg.slug} value={pg.slug}>
                      {pg.title.raw ?? pg.slug}
                    </option>
                  ))}
                </select>
              )}
            </Field>
          ))}
        </div>
      </fieldset>
      <fieldset className="admin-panel">
        <legend>{t('Product page')}</legend>
        {flag('laden_shop_lightbox', t('Open gallery images in a lightbox'))}
        {flag('laden_gallery_vertical', t('Gallery thumbnails in a column'))}
        {flag('laden_sticky_summary', t('Sticky product summary'))}
        <div className="admin-row">
          <Field label={t('Quantity field')}>
            {(p) => (
              <select
                {...p}
                value={form.quantityField}
                onChange={(e) =>
                  setForm({ ...form, quantityField: e.target.value === '1' ? '1' : e.target.value === '0' ? '0' : 'default' })
                }
              >
                <option value="default">{t('Theme default')}</option>
                <option value="1">{t('With + and − buttons')}</option>
                <option value="0">{t('Plain number field')}</option>
              </select>
            )}
          </Field>
          <Field label={t('Largest step of the + and − buttons')} hint={t('Empty: no limit.')} error={errors['laden_quantity_step_max']}>
            {(p) => <input {...p} type="number" min={1} {...raw('quantityStepMax')} />}
          </Field>
        </div>
      </fieldset>
      <fieldset className="admin-panel">
        <legend>{t('Header')}</legend>
        <div className="admin-row">
          <Field label={t('Header layout')} error={errors['laden_header_template']}>
            {(p) => (
              <select {...p} {...text('laden_header_template')}>
                <option value="default">{t('Standard')}</option>
                <option value="centered">{t('Centered')}</option>
                <option value="split">{t('Split')}</option>
              </select>
            )}
          </Field>
          <Field label={t('Layout while stuck')} error={errors['laden_header_sticky_template']}>
            {(p) => (
              <select {...p} {...text('laden_header_sticky_template')}>
                <option value="">{t('Same as the header')}</option>
                <option value="default">{t('Standard')}</option>
                <option value="centered">{t('Centered')}</option>
                <option value="compact">{t('Compact')}</option>
              </select>
            )}
          </Field>
          <Field label={t('Behaviour')} error={errors['laden_header_behavior']}>
            {(p) => (
              <select {...p} {...text('laden_header_behavior')}>
                <option value="">{t('Scrolls away')}</option>
                <option value="sticky">{t('Sticky')}</option>
                <option value="fixed">{t('Fixed')}</option>
              </select>
            )}
          </Field>
          <Field label={t('Position')} error={errors['laden_header_position']}>
            {(p) => (
              <select {...p} {...text('laden_header_position')}>
                <option value="top">{t('Top')}</option>
                <option value="bottom">{t('Bottom')}</option>
              </select>
            )}
          </Field>
          <Field label={t('Offset (px)')} error={errors['laden_header_offset']}>
            {(p) => <input {...p} type="number" min={0} {...raw('headerOffset')} />}
          </Field>
          <Field label={t('Mobile menu below (px)')} error={errors['laden_header_breakpoint']}>
            {(p) => <input {...p} type="number" min={0} {...raw('headerBreakpoint')} />}
          </Field>
        </div>
        <fieldset>
          <legend>{t('Header overlaps the content on')}</legend>
          {(['desktop', 'tablet', 'mobile'] as const).map((d) => (
            <label key={d} className="admin-check">
              <input
                type="checkbox"
                checked={form.overlap.includes(d)}
                onChange={(e) =>
                  setForm({ ...form, overlap: e.target.checked ? [...form.overlap, d] : form.overlap.filter((x) => x !== d) })
                }
              />{' '}
              {d === 'desktop' ? t('Desktop') : d === 'tablet' ? t('Tablet') : t('Mobile')}
            </label>
          ))}
        </fieldset>
        {flag('laden_header_behavior_tablet', t('Behaviour also on tablets'))}
        {flag('laden_header_behavior_mobile', t('Behaviour also on phones'))}
        {flag('laden_fixed_footer', t('Fixed footer'))}
        <div className="admin-row">
          <Field
            label={t('Cart link')}
            hint={t('# opens the mini cart; a path such as /warenkorb/ goes there.')}
            error={errors['laden_header_cart_link']}
          >
            {(p) => <input {...p} type="text" {...text('laden_header_cart_link')} />}
          </Field>
          <Field label={t('Smooth scrolling')}>
            {(p) => (
              <select
                {...p}
                value={form.smoothScroll}
                onChange={(e) =>
                  setForm({ ...form, smoothScroll: e.target.value === 'on' ? 'on' : e.target.value === 'off' ? 'off' : 'default' })
                }
              >
                <option value="default">{t('Theme default')}</option>
                <option value="on">{t('On')}</option>
                <option value="off">{t('Off')}</option>
              </select>
            )}
          </Field>
        </div>
      </fieldset>
      <fieldset className="admin-panel">
        <legend>{t('Tracking and consent')}</legend>
        {flag('laden_tracking_allow', t('Record the origin of orders (order attribution)'))}
        {flag('laden_tracking_needs_marketing_consent', t('Only with marketing consent'))}
        {flag('laden_tracking_promo', t('Recognise promotion codes in links'))}
        <div className="admin-row">
          <Field label={t('Campaign parameter')} error={errors['laden_tracking_campaign_param']}>
            {(p) => <input {...p} type="text" {...text('laden_tracking_campaign_param')} />}
          </Field>
          <Field label={t('Term parameter')} error={errors['laden_tracking_term_param']}>
            {(p) => <input {...p} type="text" {...text('laden_tracking_term_param')} />}
          </Field>
          <Field label={t('Content parameter')} error={errors['laden_tracking_content_param']}>
            {(p) => <input {...p} type="text" {...text('laden_tracking_content_param')} />}
          </Field>
        </div>
        <Field label={t('Analytics script (loaded with statistics consent)')} error={errors['laden_analytics_script']}>
          {(p) => <input {...p} type="text" {...text('laden_analytics_script')} />}
        </Field>
        <Field label={t('Analytics snippet (JavaScript, with statistics consent)')} error={errors['laden_analytics_snippet']}>
          {(p) => <textarea {...p} rows={4} {...text('laden_analytics_snippet')} />}
        </Field>
      </fieldset>
      <p>
        <button type="submit" className="button button--primary" disabled={busy}>
          {busy ? t('Saving…') : t('Save settings')}
        </button>
      </p>
      {status && (
        <p className={status.error ? 'admin-field__error' : 'admin-saved'} role={status.error ? 'alert' : 'status'}>
          {status.text}
        </p>
      )}
    </form>
  );
}
