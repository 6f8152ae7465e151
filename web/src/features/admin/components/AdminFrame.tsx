import { LazyPart } from '../../../components/LazyPart';
import { N_, t } from '../../../lib/i18n';
import { ADMIN_PATHS } from '../model/routes';

export interface AdminData {
  nonce: string;
  user: { id: number; name: string; role: string };
  logout: string;
  /** The shop's delivery countries as [code, German name]. */
  countries: Array<[string, string]>;
  /** Their postcode formats (a pattern; '' any; null none). */
  postcodes: Record<string, string | null>;
  /** Every country of ISO 3166-1 as [code, German name], in German order. */
  allCountries: Array<[string, string]>;
}

const loadScreens = () => import('../AdminScreens');

const NAV: Array<[string, string]> = [
  [ADMIN_PATHS.dashboard, N_('Dashboard')],
  [ADMIN_PATHS.orders, N_('Orders')],
  [ADMIN_PATHS.invoices, N_('Invoices')],
  [ADMIN_PATHS.products, N_('Products')],
  [ADMIN_PATHS.customers, N_('Customers')],
  [ADMIN_PATHS.coupons, N_('Coupons')],
  [ADMIN_PATHS.reviews, N_('Reviews')],
  [ADMIN_PATHS.categories, N_('Categories')],
  [ADMIN_PATHS.media, N_('Media')],
  [ADMIN_PATHS.pages, N_('Pages')],
  [ADMIN_PATHS.menus, N_('Menus')],
  [ADMIN_PATHS.settings, N_('Settings')],
  [ADMIN_PATHS.import, N_('Import & export')],
];

/** The administration's frame (rendered on the server); the screens load as their own chunk. */
export function AdminFrame({ siteName, path, admin }: { siteName: string; path: string; admin: AdminData }) {
  const current = (href: string) => (href === ADMIN_PATHS.dashboard ? path === href : path.startsWith(href));
  return (
    <div className="admin">
      <a className="skip-link" href="#admin-main">
        {t('Skip to content')}
      </a>
      <header className="admin-bar-top">
        <a className="admin-bar-top__site" href="/">
          {siteName} – {t('View shop')}
        </a>
        <span className="admin-bar-top__user">
          {admin.user.name} · <a href={admin.logout}>{t('Log out')}</a>
        </span>
      </header>
      <div className="admin__body">
        <nav className="admin-nav" aria-label={t('Administration')}>
          <ul>
            {NAV.map(([href, label]) => (
              <li key={href}>
                <a href={href} aria-current={current(href) ? 'page' : undefined}>
                  {t(label)}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <main id="admin-main" className="admin-main">
          <LazyPart
            load={loadScreens}
            fallback={<p className="admin-loading">{t('Loading…')}</p>}
            render={(m) => <m.default path={path} admin={admin} />}
          />
        </main>
      </div>
    </div>
  );
}
