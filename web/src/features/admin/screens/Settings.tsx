import { t } from '../../../lib/i18n';
import { useApi } from '../components/useApi';
import { useLoad, useLoadedForm } from '../components/useLoad';
import { formFromSettings, toSettingsPayload } from '../model/settingsForm';
import { binding } from './settings/binding';
import { HeaderPanel, ProductPagePanel, TrackingPanel } from './settings/PagePanels';
import { DepositTypesPanel } from './settings/DepositTypesPanel';
import { ManufacturersPanel } from './settings/ManufacturersPanel';
import { PriceLabelsPanel } from './settings/PriceLabelsPanel';
import { ShippingPanel } from './settings/ShippingPanel';
import { ShippingClassesPanel } from './settings/ShippingClassesPanel';
import { BankPanel, CheckoutPanel, InvoicePanel, LegalPagesPanel, PaymentPanel, ShopPanel } from './settings/ShopPanels';
import { LoadStatus } from '../components/LoadStatus';
import { StatusLine, useSave } from '../components/useSave';

/** Shop, delivery countries and shipping, legal pages, product page, header and tracking settings (administrators). */
export function Settings({ allCountries }: { allCountries: Array<[string, string]> }) {
  const api = useApi();
  const [load] = useLoad(() => Promise.all([api.settings.get(), api.pages.list('per_page=-1&context=edit'), api.payments()]), 'settings');
  const [form, setForm] = useLoadedForm(load, ([settings]) => formFromSettings(settings));
  const { status, busy, errors, formRef, save, onSubmit } = useSave();

  if (load.state !== 'ready') return <LoadStatus load={load} />;
  if (!form) return null;
  const [, pages, providers] = load.value;
  const b = binding(form, setForm, errors);

  async function submit() {
    if (!form) return;
    const { payload, errors: local } = toSettingsPayload(form);
    await save(local, async () => {
      setForm(formFromSettings(await api.settings.update(payload)));
      return t('Settings saved.');
    });
  }

  return (
    <form ref={formRef} className="admin-form admin-settings" noValidate onSubmit={onSubmit(submit)}>
      <h1>{t('Settings')}</h1>
      <ShopPanel b={b} />
      <CheckoutPanel b={b} />
      <BankPanel b={b} />
      <InvoicePanel b={b} />
      <PaymentPanel b={b} providers={providers} />
      <ShippingPanel b={b} all={allCountries} />
      <ShippingClassesPanel b={b} />
      <ManufacturersPanel b={b} />
      <DepositTypesPanel b={b} />
      <PriceLabelsPanel b={b} />
      <LegalPagesPanel b={b} pages={pages} />
      <ProductPagePanel b={b} />
      <HeaderPanel b={b} />
      <TrackingPanel b={b} />
      <p>
        <button type="submit" className="button button--primary" disabled={busy}>
          {busy ? t('Saving…') : t('Save settings')}
        </button>
      </p>
      <StatusLine status={status} />
    </form>
  );
}
