import { ORDER_BUTTON_TEXT_MAX } from '../../../../config/constants';
import { t } from '../../../../lib/i18n';
import type { PaymentProvidersOut, ProviderStatusOut, WpPage } from '../../../../generated/wire';
import { formatDateTime } from '../../../../lib/format/money';
import { providerWarnings } from '../../model/paymentProviders';
import { Field, FieldError, InputField, SelectField, CheckList } from '../../components/Field';
import type { Binding } from './binding';
import { INVOICE_MOMENTS, LEGAL_PAGES, PAYMENT_METHODS } from '../../model/choices';
import { FieldPanel } from '../../components/Panel';

/** The shop: name, tagline, address, VAT id, sender address, §19 UStG. */
export function ShopPanel({ b }: { b: Binding }) {
  const { flag, bind } = b;
  return (
    <FieldPanel legend={t('Shop')}>
      <InputField label={t('Shop name')} {...bind('title')} />
      <InputField label={t('Tagline')} {...bind('description')} />
      <InputField label={t('Shop address')} rows={3} {...bind('laden_shop_address')} />
      <InputField label={t('VAT ID')} {...bind('laden_shop_vat_id')} />
      <InputField label={t("Shop e-mail address (sender of the shop's e-mails)")} type="email" {...bind('laden_shop_email')} />
      {flag('laden_small_business', t('Small business under §19 UStG: no VAT is charged or shown'))}
      {flag(
        'laden_reverse_charge',
        t('Reverse charge: businesses from other EU countries with a VAT ID pay no VAT (needs the shop’s VAT ID)'),
      )}
      {flag(
        'laden_oss',
        t('Take part in the One-Stop-Shop (OSS): consumers in other EU countries pay their country’s VAT from the first sale'),
      )}
      {flag(
        'laden_oss_fixed_gross_prices',
        t(
          'Fixed gross prices: a price is the same in every EU country (off: the net price stays and the gross follows each country’s VAT)',
        ),
      )}
      {flag('laden_discourage_search_engines', t('Discourage search engines from indexing this site (while the shop is being set up)'))}
    </FieldPanel>
  );
}

/** Invoices: when they are issued, their numbers, the tax number, the days to pay. */
export function InvoicePanel({ b }: { b: Binding }) {
  const { bind, bindRaw } = b;
  return (
    <FieldPanel legend={t('Invoices')}>
      <SelectField label={t('Issue invoices')} options={INVOICE_MOMENTS} {...bind('laden_invoice_moment')} />
      <InputField
        label={t('Invoice numbers')}
        hint={t('{YYYY} year, {YY} short year, {MM} month, {00000} counter with its digits')}
        {...bind('laden_invoice_number_format')}
      />
      <InputField label={t('Cancellation invoice numbers')} {...bind('laden_cancellation_number_format')} />
      <div className="admin-row">
        <InputField label={t('Tax number')} {...bind('laden_shop_tax_number')} />
        <InputField label={t('Days to pay')} inputMode="numeric" {...bindRaw('invoiceDueDays', 'laden_invoice_due_days')} />
      </div>
    </FieldPanel>
  );
}

/** The checkout: order button, guest orders, optional checkboxes. */
export function CheckoutPanel({ b }: { b: Binding }) {
  const { flag, bind } = b;
  return (
    <FieldPanel legend={t('Checkout')}>
      <InputField label={t('Order button text')} maxLength={ORDER_BUTTON_TEXT_MAX} {...bind('laden_order_button_text')} />
      {flag('laden_guest_checkout', t('Guests may order without an account'))}
      <p className="admin-muted">{t('The terms checkbox (AGB and cancellation policy) is always shown and must be ticked.')}</p>
      {flag('laden_checkbox_parcel_delivery', t('Optional checkbox: pass the e-mail address to the parcel service'))}
      {flag('laden_checkbox_digital_waiver', t('Optional checkbox: waiver of the right of withdrawal for digital content'))}
    </FieldPanel>
  );
}

/** The bank details printed for bank transfer (Vorkasse). */
export function BankPanel({ b }: { b: Binding }) {
  const { bind } = b;
  return (
    <FieldPanel legend={t('Bank details for bank transfer')}>
      <div className="admin-row">
        <InputField label={t('Account holder')} {...bind('laden_bank_account_holder')} />
        <InputField label={t('Bank')} {...bind('laden_bank_name')} />
        <InputField label={t('IBAN')} autoComplete="off" {...bind('laden_bank_iban')} />
        <InputField label={t('BIC')} autoComplete="off" {...bind('laden_bank_bic')} />
      </div>
    </FieldPanel>
  );
}

/** The payment methods offered, and how each online provider is set up on the server. */
export function PaymentPanel({ b, providers }: { b: Binding; providers: PaymentProvidersOut }) {
  const { form, setForm, errors } = b;
  return (
    <FieldPanel legend={t('Payment methods')}>
      <FieldError message={errors['laden_payment_methods']} />
      <CheckList
        options={PAYMENT_METHODS.map(([id, label]) => [id, t(label)] as const)}
        chosen={form.paymentMethods}
        onChange={(paymentMethods) => setForm({ ...form, paymentMethods })}
      />
      <ProviderStatus name="Stripe" status={providers.stripe} chosen={form.paymentMethods} />
    </FieldPanel>
  );
}

/** A provider's set-up: mode, the webhook address to give it, when it was last heard. */
function ProviderStatus({ name, status, chosen }: { name: string; status: ProviderStatusOut; chosen: string[] }) {
  const headingId = `provider-${name.toLowerCase()}`;
  return (
    <section className="admin-provider" aria-labelledby={headingId} data-testid={headingId}>
      <h2 id={headingId}>{name}</h2>
      <dl className="admin-dl">
        <div>
          <dt>{t('Status')}</dt>
          <dd>
            {!status.configured
              ? t('Not set up on this server (LADEN_STRIPE_SECRET_KEY, LADEN_STRIPE_PUBLISHABLE_KEY, LADEN_STRIPE_WEBHOOK_SECRET).')
              : status.mode === 'live'
                ? t('Live mode: real payments')
                : t('Test mode: no money moves')}
          </dd>
        </div>
        <div>
          <dt>{t('Webhook address')}</dt>
          <dd>
            <code>{status.webhook_url}</code>
          </dd>
        </div>
        <div>
          <dt>{t('Last webhook received')}</dt>
          <dd>{status.last_webhook ? formatDateTime(status.last_webhook) : t('None yet')}</dd>
        </div>
      </dl>
      {providerWarnings(status, chosen).map((w) => (
        <p key={w} className="notice notice--warning">
          {t(w)}
        </p>
      ))}
    </section>
  );
}

/** Which page is the imprint, privacy policy, terms, cancellation policy, shipping and payment page. */
export function LegalPagesPanel({ b, pages }: { b: Binding; pages: WpPage[] }) {
  const { errors, text } = b;
  return (
    <FieldPanel legend={t('Legal pages')}>
      <div className="admin-row">
        {LEGAL_PAGES.map(([k, label]) => (
          <Field key={k} label={t(label)} error={errors[k]}>
            {(p) => (
              <select {...p} {...text(k)}>
                {k === 'laden_page_payments' && <option value="">{t('None (the shipping page covers payment)')}</option>}
                {k === 'laden_page_accessibility' && <option value="">{t('None (not linked in the footer)')}</option>}
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
    </FieldPanel>
  );
}
