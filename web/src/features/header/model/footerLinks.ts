import type { MenuItemData, SiteData } from '../../../lib/types';
import { t } from '../../../lib/i18n';

/**
 * The footer's links: the footer menu as the shop arranged it, then every legal
 * page the settings name that the menu lacks, then "Vertrag widerrufen" (the
 * withdrawal button, §356a BGB) — so the legal pages and the button are on every
 * page whatever the menu holds.
 */
export function footerLinks(site: SiteData, menu: MenuItemData[]): Array<{ title: string; href: string }> {
  const shop = site.shop;
  const legal: Array<[string, string]> = [
    [t('Imprint'), shop.imprintPage],
    [t('Privacy policy'), shop.privacyPage],
    [t('Terms and conditions'), shop.termsPage],
    [t('Cancellation policy'), shop.revocationPage],
    [t('Shipping & payment'), shop.shippingPage],
    [t('Payment methods'), shop.paymentsPage],
    [t('Accessibility statement'), shop.accessibilityPage],
    [t('Withdraw from contract'), shop.withdrawalPage],
  ];
  const out = menu.map((m) => ({ title: m.title, href: m.href }));
  for (const [title, href] of legal) {
    if (href && !out.some((l) => l.href === href)) out.push({ title, href });
  }
  return out;
}
