import type { MenuItemData, SiteData } from '../../../app/types';
import { t } from '../../../lib/i18n';

export function Footer({ site, menu }: { site: SiteData; menu: MenuItemData[] }) {
  return (
    <footer className="site-footer">
      <nav aria-label={t('Legal')}>
        <ul className="footer-menu">
          {menu.map((m) => (
            <li key={m.id}>
              <a href={m.href}>{m.title}</a>
            </li>
          ))}
        </ul>
      </nav>
      <p className="site-footer__note">{t('All prices incl. VAT, plus shipping.')}</p>
      <p className="site-footer__copy">© {site.name}</p>
    </footer>
  );
}
