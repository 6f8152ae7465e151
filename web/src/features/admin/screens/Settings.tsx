import { useEffect, useState } from 'react';
import { useFirstInvalidFocus } from '../../../components/useFirstInvalidFocus';
import { t } from '../../../lib/i18n';
import { RestError } from '../../../lib/rest/client';
import { useApi } from '../AdminScreens';
import { useLoad } from '../components/useLoad';
import { errorMessage, fieldErrors } from '../model/errors';
import { formFromSettings, toSettingsPayload, type SettingsForm } from '../model/settingsForm';
import { binding } from './settings/binding';
import { HeaderPanel, ProductPagePanel, TrackingPanel } from './settings/PagePanels';
import { ShippingPanel } from './settings/ShippingPanel';
import { BankPanel, CheckoutPanel, InvoicePanel, LegalPagesPanel, PaymentPanel, ShopPanel } from './settings/ShopPanels';

/** Shop, shipping, legal pages, product page, header and tracking settings (administrators). */
export function Settings({ countries }: { countries: Array<[string, string]> }) {
  const api = useApi();
  const [load] = useLoad(() => Promise.all([api.settings.get(), api.pages.list('per_page=-1&context=edit')]), 'settings');
  const [form, setForm] = useState<SettingsForm | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [status, setStatus] = useState<{ error: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const { ref: formRef, focusFirstInvalid } = useFirstInvalidFocus<HTMLFormElement>();
  useEffect(() => {
    if (load.state === 'ready') setForm(formFromSettings(load.value[0]));
  }, [load]);

  if (load.state === 'loading') return <p>{t('Loading…')}</p>;
  if (load.state === 'failed') return <p className="notice notice--error">{load.message}</p>;
  if (!form) return null;
  const pages = load.value[1];
  const b = binding(form, setForm, errors);

  async function save() {
    if (!form) return;
    setStatus(null);
    const { payload, errors: local } = toSettingsPayload(form);
    setErrors(local);
    if (Object.keys(local).length > 0) {
      setStatus({ error: true, text: t('Please correct the marked fields.') });
      focusFirstInvalid();
      return;
    }
    setBusy(true);
    try {
      const saved = await api.settings.update(payload);
      setForm(formFromSettings(saved));
      setStatus({ error: false, text: t('Settings saved.') });
    } catch (e) {
      // Everything typed stays; the field the server refused is marked.
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
      className="admin-form admin-settings"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <h1>{t('Settings')}</h1>
      <ShopPanel b={b} />
      <CheckoutPanel b={b} />
      <BankPanel b={b} />
      <InvoicePanel b={b} />
      <PaymentPanel b={b} />
      <ShippingPanel b={b} countries={countries} />
      <LegalPagesPanel b={b} pages={pages} />
      <ProductPagePanel b={b} />
      <HeaderPanel b={b} />
      <TrackingPanel b={b} />
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
