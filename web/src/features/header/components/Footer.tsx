import { useEffect, useRef, useState } from 'react';
import type { MenuItemData, SiteData } from '../../../lib/types';
import { OPEN_CONSENT_SETTINGS_EVENT } from '../../../lib/consent';
import { t } from '../../../lib/i18n';
import { footerLinks } from '../model/footerLinks';

/** The site footer; when fixed (theme setting), a spacer of its height follows it so nothing hides behind it. */
export function Footer({ site, menu }: { site: SiteData; menu: MenuItemData[] }) {
  const fixed = site.theme.fixedFooter === true;
  const ref = useRef<HTMLElement>(null);
  const [height, setHeight] = useState(0);
  useEffect(() => {
    const el = ref.current;
    if (!fixed || !el) return;
    const measure = () => setHeight(el.offsetHeight);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [fixed]);
  return (
    <>
      <footer ref={ref} className={`site-footer${fixed ? ' site-footer--fixed' : ''}`}>
        <nav aria-label={t('Legal')}>
          <ul className="footer-menu">
            {footerLinks(site, menu).map((m) => (
              <li key={m.href}>
                <a href={m.href} className={m.href === site.shop.withdrawalPage ? 'footer-menu__withdrawal' : undefined}>
                  {m.title}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <p>
          <button
            type="button"
            className="link-button link-button--inline"
            onClick={() => document.dispatchEvent(new CustomEvent(OPEN_CONSENT_SETTINGS_EVENT))}
          >
            {t('Cookie settings')}
          </button>
        </p>
        <p className="site-footer__note">
          {site.shop.smallBusiness
            ? t('All prices without VAT (small business, §19 UStG), plus shipping.')
            : t('All prices incl. VAT, plus shipping.')}
        </p>
        <p className="site-footer__copy">© {site.name}</p>
      </footer>
      {fixed && <div className="footer-spacer" aria-hidden="true" data-testid="footer-spacer" style={{ height }} />}
    </>
  );
}
