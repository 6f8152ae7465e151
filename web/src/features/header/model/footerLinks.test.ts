import { describe, expect, it } from 'vitest';
import type { MenuItemData, SiteData } from '../../../lib/types';
import { footerLinks } from './footerLinks';

const shop = {
  imprintPage: '/impressum/',
  privacyPage: '/datenschutz/',
  termsPage: '/agb/',
  revocationPage: '/widerrufsbelehrung/',
  shippingPage: '/versand-und-zahlung/',
  paymentsPage: '/zahlungsarten/',
  withdrawalPage: '/vertrag-widerrufen/',
} as SiteData['shop'];
const site = { shop } as SiteData;
const item = (title: string, href: string): MenuItemData => ({ id: href.length, title, kind: 'page', href, children: [] });

describe('footerLinks', () => {
  it('adds every legal page and the withdrawal button to an empty menu', () => {
    expect(footerLinks(site, []).map((l) => l.href)).toEqual([
      '/impressum/',
      '/datenschutz/',
      '/agb/',
      '/widerrufsbelehrung/',
      '/versand-und-zahlung/',
      '/zahlungsarten/',
      '/vertrag-widerrufen/',
    ]);
    expect(footerLinks(site, []).at(-1)?.title).toBe('Vertrag widerrufen');
  });
  it('keeps the menu first, with its own titles, and adds only what it lacks', () => {
    const links = footerLinks(site, [item('Impressum & Kontakt', '/impressum/'), item('Blog', '/blog/'), item('AGB', '/agb/')]);
    expect(links.slice(0, 3).map((l) => l.title)).toEqual(['Impressum & Kontakt', 'Blog', 'AGB']);
    expect(links.filter((l) => l.href === '/agb/')).toHaveLength(1);
    expect(links.map((l) => l.href)).toContain('/vertrag-widerrufen/');
  });
});

describe('footerLinks without a Zahlungsarten page', () => {
  it('leaves it out (the shipping page covers payment) and keeps the withdrawal button', () => {
    const links = footerLinks({ shop: { ...shop, paymentsPage: '' } } as SiteData, []);
    expect(links.map((l) => l.title)).not.toContain('Zahlungsarten');
    expect(links.some((l) => l.href === '')).toBe(false);
    expect(links.at(-1)).toEqual({ title: 'Vertrag widerrufen', href: '/vertrag-widerrufen/' });
  });
});

describe('footerLinks with an accessibility statement', () => {
  it('links it among the legal pages, before the withdrawal button', () => {
    const links = footerLinks({ shop: { ...shop, accessibilityPage: '/barrierefreiheit/' } } as SiteData, []);
    expect(links.slice(-2)).toEqual([
      { title: 'Barrierefreiheitserklärung', href: '/barrierefreiheit/' },
      { title: 'Vertrag widerrufen', href: '/vertrag-widerrufen/' },
    ]);
  });
  it('is left out while the shop has none', () => {
    expect(footerLinks({ shop: { ...shop, accessibilityPage: '' } } as SiteData, []).map((l) => l.title)).not.toContain(
      'Barrierefreiheitserklärung',
    );
  });
});
