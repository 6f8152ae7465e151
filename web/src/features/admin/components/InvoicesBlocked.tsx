import { t } from '../../../lib/i18n';
import { ADMIN_PATHS } from '../model/routes';

/** Said where staff look for invoices while the shop issues none for want of a tax number or VAT ID. */
export function InvoicesBlocked() {
  return (
    <div className="notice notice--warning" data-testid="invoices-blocked">
      <p>{t('The shop issues no invoices: its tax number and VAT ID are missing (section 14 (4) UStG).')}</p>
      <p>
        <a href={ADMIN_PATHS.settings}>{t('Enter them in the settings')}</a>
      </p>
    </div>
  );
}
