import { useEffect, useId, useState } from 'react';
import type { MenuItemData, SiteData } from '../../../app/types';
import { t } from '../../../lib/i18n';
import { loadCart, useCart } from '../../../lib/cart/cart';
import { MiniCart } from '../../cart/components/MiniCart';
import { formatMoney } from '../../../lib/format/money';

function MenuItems({ items, depth, current }: { items: MenuItemData[]; depth: number; current: string }) {
  return (
    <ul className={depth === 0 ? 'menu' : 'menu__sub'}>
      {items.map((item) => (
        <MenuEntry key={item.id} item={item} depth={depth} current={current} />
      ))}
    </ul>
  );
}

function MenuEntry({ item, depth, current }: { item: MenuItemData; depth: number; current: string }) {
  const [open, setOpen] = useState(false);
  const subId = useId();
  const hasChildren = item.children.length > 0;
  const active = item.href === current;
  return (
    <li
      className={`menu__item${hasChildren ? ' menu__item--parent' : ''}${open ? ' is-open' : ''}`}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && open) {
          setOpen(false);
          e.stopPropagation();
        }
      }}
    >
      <a href={item.href} aria-current={active ? 'page' : undefined}>
        {item.title}
      </a>
      {hasChildren && (
        <>
          <button
            type="button"
            className="menu__toggle"
            aria-expanded={open}
            aria-controls={subId}
            aria-label={t('Show submenu for %s', item.title)}
            onClick={() => setOpen(!open)}
          />
          <div id={subId} className="menu__dropdown">
            <MenuItems items={item.children} depth={depth + 1} current={current} />
          </div>
        </>
      )}
    </li>
  );
}

function CartLink({ target }: { target: string }) {
  const { cart } = useCart();
  const [overlay, setOverlay] = useState(false);
  useEffect(() => {
    loadCart().catch(() => undefined);
  }, []);
  const count = cart?.items_count ?? 0;
  const opensOverlay = target === '#';
  return (
    <>
    <a
      className="header-cart"
      href={opensOverlay ? '#' : target || '/warenkorb/'}
      aria-label={t('Cart: %d items', count)}
      aria-haspopup={opensOverlay ? 'dialog' : undefined}
      onClick={
        opensOverlay
          ? (e) => {
              e.preventDefault();
              setOverlay(true);
            }
          : undefined
      }
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" width="22" height="22">
        <path d="M7 6h14l-2 8H8L6 3H3" fill="none" stroke="currentColor" strokeWidth="2" />
        <circle cx="9" cy="19" r="1.6" fill="currentColor" />
        <circle cx="17" cy="19" r="1.6" fill="currentColor" />
      </svg>
      <span className="header-cart__count" data-testid="cart-count">
        {count}
      </span>
      {cart && cart.items_count > 0 && <span className="header-cart__total">{formatMoney(cart.totals.total_price)}</span>}
    </a>
    {opensOverlay && <MiniCart open={overlay} onClose={() => setOverlay(false)} />}
    </>
  );
}

export function Header({ site, menu, current }: { site: SiteData; menu: MenuItemData[]; current: string }) {
  const [mobileOpen, setMobileOpen] = useState(false);
  const navId = useId();
  const h = site.header;
  return (
    <header
      className="site-header"
      data-breakpoint={h.breakpoint}
      data-template={h.template}
      data-sticky-template={h.stickyTemplate}
      data-behavior={h.behavior}
      data-position={h.position}
      data-offset={h.offset}
      data-overlap={h.overlap}
    >
      <div className="top-bar">
        <p>{site.shop.freeShippingFrom !== null ? t('Free shipping within Germany from %s', formatMoney(site.shop.freeShippingFrom)) : site.description}</p>
      </div>
      <div className="site-header__main">
        <a className="site-title" href="/">
          {site.name}
        </a>
        <button
          type="button"
          className="menu-toggle"
          aria-expanded={mobileOpen}
          aria-controls={navId}
          onClick={() => setMobileOpen(!mobileOpen)}
        >
          {t('Menu')}
        </button>
        <nav id={navId} className={`primary-nav${mobileOpen ? ' is-open' : ''}`} aria-label={t('Main menu')}>
          <MenuItems items={menu} depth={0} current={current} />
        </nav>
        <CartLink target={h.cartLink} />
      </div>
    </header>
  );
}
