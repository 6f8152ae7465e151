import { ORDER_BUTTON_TEXT_MAX } from '../../../../config/constants';
import { N_, t } from '../../../../lib/i18n';
import type { WpPage } from '../../../../generated/wire';
import { Field } from '../../components/Field';
import type { Binding } from './binding';

const LEGAL: Array<[keyof Binding['form']['texts'], string]> = [
  ['laden_page_imprint', N_('Imprint')],
  ['laden_page_privacy', N_('Privacy policy')],
  ['laden_page_terms', N_('Terms and conditions')],
  ['laden_page_revocation', N_('Cancellation policy')],
  ['laden_page_shipping', N_('Shipping & payment')],
  // Optional: the shipping page may cover payment too.
  ['laden_page_payments', N_('Payment methods')],
  // Optional: the Barrierefreiheitserklärung (BFSG § 14; micro-enterprises are exempt).
  ['laden_page_accessibility', N_('Accessibility statement')],
];

const PAYMENT_METHODS: Array<[string, string]> = [
  ['bacs', N_('Direct bank transfer')],
  ['invoice', N_('Invoice')],
  ['cod', N_('Cash on delivery')],
];

/** The shop: name, tagline, address, VAT id, sender address, §19 UStG. */
export function ShopPanel({ b }: { b: Binding }) {
  const { errors, flag, text } = b;
  return (
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
      {flag('laden_reverse_charge', t('Reverse charge: businesses from other EU countries with a VAT ID pay no VAT'))}
    </fieldset>
  );
}

const INVOICE_MOMENTS: Array<[string, string]> = [
  ['order', N_('With the order')],
  ['paid', N_('When the payment has arrived')],
  ['completed', N_('When the order is completed')],
  ['never', N_('Never (only by hand in the order)')],
];

/** Invoices: when they are issued, their numbers, the tax number, the days to pay. */
export function InvoicePanel({ b }: { b: Binding }) {
  const { errors, raw, text } = b;
  return (
    <fieldset className="admin-panel">
      <legend>{t('Invoices')}</legend>
      <Field label={t('Issue invoices')} error={errors['laden_invoice_moment']}>
        {(p) => (
          <select {...p} {...text('laden_invoice_moment')}>
            {INVOICE_MOMENTS.map(([value, label]) => (
              <option key={value} value={value}>
                {t(label)}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field
        label={t('Invoice numbers')}
        hint={t('{YYYY} year, {YY} short year, {MM} month, {00000} counter with its digits')}
        error={errors['laden_invoice_number_format']}
      >
        {(p) => <input {...p} type="text" {...text('laden_invoice_number_format')} />}
      </Field>
      <Field label={t('Cancellation invoice numbers')} error={errors['laden_cancellation_number_format']}>
        {(p) => <input {...p} type="text" {...text('laden_cancellation_number_format')} />}
      </Field>
      <div className="admin-row">
        <Field label={t('Tax number')} error={errors['laden_shop_tax_number']}>
          {(p) => <input {...p} type="text" {...text('laden_shop_tax_number')} />}
        </Field>
        <Field label={t('Days to pay')} error={errors['laden_invoice_due_days']}>
          {(p) => <input {...p} type="text" inputMode="numeric" {...raw('invoiceDueDays')} />}
        </Field>
      </div>
    </fieldset>
  );
}

/** The checkout: order button, guest orders, optional checkboxes. */
export function CheckoutPanel({ b }: { b: Binding }) {
  const { errors, flag, text } = b;
  return (
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
  );
}

/** The bank details printed for bank transfer (Vorkasse). */
export function BankPanel({ b }: { b: Binding }) {
  const { errors, text } = b;
  return (
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
  );
}

/** The payment methods offered. */
export function PaymentPanel({ b }: { b: Binding }) {
  const { form, setForm, errors } = b;
  return (
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
  );
}

/** Which page is the imprint, privacy policy, terms, cancellation policy, shipping and payment page. */
export function LegalPagesPanel({ b, pages }: { b: Binding; pages: WpPage[] }) {
  const { errors, text } = b;
  return (
    <fieldset className="admin-panel">
      <legend>{t('Legal pages')}</legend>
      <div className="admin-row">
        {LEGAL.map(([k, label]) => (
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
    </fieldset>
  );
}
