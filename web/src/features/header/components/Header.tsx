import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState, type ComponentType, type FocusEvent } from 'react';
import type { MenuItemData, SiteData } from '../../../lib/types';
import { t } from '../../../lib/i18n';
import { windowWidth } from '../../../lib/windowWidth';
import { loadCart, useCart } from '../../../lib/cart/cart';
import { formatMoney } from '../../../lib/format/money';
import { headerOverlapsAt } from '../../../lib/viewport';
import {
  anchorScrollOffset,
  behaviorAt,
  collapsedAt,
  headerState,
  readHeaderConfig,
  scrollPadding,
  type HeaderConfig,
} from '../model/header';
import { useInPageNavigation } from '../hooks/useInPageNavigation';
import { useWindowScroll } from '../hooks/useWindowScroll';
import { HeaderSearch } from './HeaderSearch';

interface MenuState {
  current: string;
  active: string | null;
  open: ReadonlySet<number>;
  toggle: (id: number) => void;
  close: (id: number) => void;
}

function MenuItems({ items, depth, menu }: { items: MenuItemData[]; depth: number; menu: MenuState }) {
  return (
    <ul className={depth === 0 ? 'menu' : 'menu__sub'}>
      {items.map((item) => (
        <MenuEntry key={item.id} item={item} depth={depth} menu={menu} />
      ))}
    </ul>
  );
}

function MenuEntry({ item, depth, menu }: { item: MenuItemData; depth: number; menu: MenuState }) {
  const subId = useId();
  const open = menu.open.has(item.id);
  const hasChildren = item.children.length > 0;
  const hash = item.href.includes('#') ? item.href.slice(item.href.indexOf('#')) : null;
  const samePage = hash !== null && item.href.slice(0, item.href.indexOf('#')) === menu.current;
  const active = samePage && menu.active === hash;
  const current = !item.href.includes('#') && item.href === menu.current;
  return (
    <li
      className={`menu__item${hasChildren ? ' menu__item--parent' : ''}${open ? ' is-open' : ''}${active ? ' is-active' : ''}`}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && open) {
          menu.close(item.id);
          e.stopPropagation();
          (e.currentTarget.querySelector(':scope > .menu__toggle') as HTMLElement | null)?.focus();
        }
      }}
    >
      <a href={item.href} aria-current={current ? 'page' : active ? 'location' : undefined}>
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
            onClick={() => menu.toggle(item.id)}
          />
          <div id={subId} className="menu__dropdown">
            <MenuItems items={item.children} depth={depth + 1} menu={menu} />
          </div>
        </>
      )}
    </li>
  );
}

/** The overlay the cart link opens when its target is '#' (the app gives the cart's mini cart). */
export interface CartOverlay {
  View: ComponentType<{ open: boolean; onClose: () => void; shippingPage: string }>;
  /** Fetches the overlay's code on the first sign of intent. */
  prefetch: () => void;
}

function CartLink({ target, shippingPage, overlayView }: { target: string; shippingPage: string; overlayView: CartOverlay }) {
  const { cart } = useCart();
  const [overlay, setOverlay] = useState(false);
  // Mounted on the first opening and kept: its code is fetched then, or earlier on intent.
  const [opened, setOpened] = useState(false);
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
        aria-haspopup={opensOverlay ? 'dialog' : undefined}
        onPointerEnter={opensOverlay ? overlayView.prefetch : undefined}
        onFocus={opensOverlay ? overlayView.prefetch : undefined}
        onClick={
          opensOverlay
            ? (e) => {
                e.preventDefault();
                setOpened(true);
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
        {/* The name is read from the content (its visible parts in it: WCAG 2.5.3), the count said in words. */}
        <span className="visually-hidden">{t('Cart: %d items', count)}</span>
        <span className="header-cart__count" data-testid="cart-count" aria-hidden="true">
          {count}
        </span>
        {cart && cart.items_count > 0 && (
          <>
            {' '}
            <span className="header-cart__total">{formatMoney(cart.totals.total_price)}</span>
          </>
        )}
      </a>
      {opensOverlay && opened && <overlayView.View open={overlay} onClose={() => setOverlay(false)} shippingPage={shippingPage} />}
    </>
  );
}

/** Natural sizes, measured while the header is in the page's flow. */
interface Sizes {
  header: number;
  topBar: number;
  /** The header holds its own sticky element (the split template's menu row): sticky handling is skipped. */
  ownSticky: boolean;
  /** How far the own sticky element sits below the header's top. */
  ownStickyTop: number;
}

export function Header({
  site,
  menu,
  current,
  cartOverlay,
}: {
  site: SiteData;
  menu: MenuItemData[];
  current: string;
  cartOverlay: CartOverlay;
}) {
  const h = site.header;
  const ref = useRef<HTMLElement>(null);
  const navRef = useRef<HTMLElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const navId = useId();
  // The settings as the server rendered them; read back from the element's data once in the browser.
  const [config, setConfig] = useState<HeaderConfig>(() =>
    readHeaderConfig({
      ...h,
      breakpoint: String(h.breakpoint),
      offset: String(h.offset),
      behaviorTablet: String(h.behaviorTablet),
      behaviorMobile: String(h.behaviorMobile),
    }),
  );
  const [sizes, setSizes] = useState<Sizes>({ header: 0, topBar: 0, ownSticky: false, ownStickyTop: 0 });
  const [mobileOpen, setMobileOpen] = useState(false);
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set());
  const [active, setActive] = useState<string | null>(null);
  const { y, width, direction } = useWindowScroll();

  const behavior = width > 0 ? behaviorAt(config, width) : config.behavior;
  const overlapping = width > 0 && headerOverlapsAt(config.overlap, width);
  const collapsed = width > 0 && collapsedAt(config, width);
  const { stick, sticked } = headerState({
    scrollY: y,
    headerHeight: sizes.header,
    topBarHeight: sizes.topBar,
    offset: config.offset,
    behavior,
    ownSticky: sizes.ownSticky,
  });

  useLayoutEffect(() => {
    if (ref.current) setConfig(readHeaderConfig({ ...ref.current.dataset }));
  }, []);

  // The header's own size changes without the window's too (the editor's panel narrows the
  // page, a menu wraps): counted here, so the natural sizes are measured again.
  const [resized, setResized] = useState(0);
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => setResized((n) => n + 1));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  // Measure the natural sizes whenever the width or the header's size changes (never while stuck).
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el || stick || width === 0) return;
    const own = el.querySelector<HTMLElement>('[data-header-sticky]');
    const next = {
      header: el.offsetHeight,
      topBar: el.querySelector<HTMLElement>('.top-bar')?.offsetHeight ?? 0,
      ownSticky: own !== null,
      ownStickyTop: own?.offsetTop ?? 0,
    };
    setSizes((s) =>
      s.header === next.header && s.topBar === next.topBar && s.ownSticky === next.ownSticky && s.ownStickyTop === next.ownStickyTop
        ? s
        : next,
    );
  }, [width, stick, resized]);

  // Page spacing while the header is out of the flow: stuck, or fixed at the bottom. Before the
  // paint, in the same frame the header leaves the flow, so the content never jumps.
  useLayoutEffect(() => {
    const body = document.body.style;
    const top = stick && config.position === 'top' && !overlapping ? sizes.header : 0;
    const bottom = (behavior === 'fixed' || stick) && config.position === 'bottom' ? (ref.current?.offsetHeight ?? 0) : 0;
    body.paddingTop = top ? `${top}px` : '';
    body.paddingBottom = bottom ? `${bottom}px` : '';
  }, [stick, behavior, overlapping, config.position, sizes.header]);

  // What Tab or an anchor scrolls into view stops clear of a header that stays on screen (2.4.11).
  useLayoutEffect(() => {
    const pad = scrollPadding({
      behavior,
      position: config.position,
      headerHeight: sizes.header,
      ownSticky: sizes.ownSticky,
      ownStickyTop: sizes.ownStickyTop,
    });
    // Read by the html rule of styles/header.css, which adds what else covers the window's ends.
    const html = document.documentElement.style;
    for (const side of ['top', 'bottom'] as const) html.setProperty(`--scroll-pad-${side}`, `${pad[side]}px`);
  }, [behavior, config.position, sizes]);

  // Above the breakpoint no dropdown stays open, and the mobile menu is closed.
  useEffect(() => {
    if (width > 0 && !collapsed) {
      setOpen((o) => (o.size === 0 ? o : new Set()));
      setMobileOpen(false);
    }
  }, [collapsed, width]);

  const offset = useCallback(() => {
    const adminBar = document.getElementById('wpadminbar')?.offsetHeight ?? 0;
    const w = windowWidth();
    return anchorScrollOffset({
      headerHeight: ref.current?.offsetHeight ?? 0,
      adminBarHeight: adminBar,
      topBarHeight: sizes.topBar,
      behavior: behaviorAt(config, w),
      position: config.position,
      overlaps: headerOverlapsAt(config.overlap, w),
      sticked: window.scrollY > config.offset + sizes.topBar,
    });
  }, [config, sizes.topBar]);

  useInPageNavigation({
    offset,
    smooth: site.theme.smoothScroll !== false,
    nav: () => navRef.current,
    onNavigate: () => {
      if (collapsedAt(config, windowWidth())) setMobileOpen(false);
    },
    onActive: setActive,
  });

  const menuState: MenuState = {
    current,
    active,
    open,
    toggle: (id) =>
      setOpen((o) => {
        const next = new Set(o);
        if (!next.delete(id)) next.add(id);
        return next;
      }),
    close: (id) =>
      setOpen((o) => {
        const next = new Set(o);
        next.delete(id);
        return next;
      }),
  };

  /** The mobile menu closes when focus leaves its last focusable element for somewhere outside it. */
  function onNavBlur(e: FocusEvent<HTMLElement>) {
    if (!mobileOpen) return;
    const nav = e.currentTarget;
    // Only what can take focus now: links inside closed dropdowns are not rendered.
    const focusables = [...nav.querySelectorAll<HTMLElement>('a[href], button:not([disabled])')].filter(
      (el) => el.getClientRects().length > 0,
    );
    const last = focusables[focusables.length - 1];
    const to = e.relatedTarget as Node | null;
    if (e.target === last && (!to || !nav.contains(to)) && to !== toggleRef.current) setMobileOpen(false);
  }

  const template = stick && config.stickyTemplate ? config.stickyTemplate : config.template;
  const classes = [
    'site-header',
    `site-header--${template}`,
    behavior ? `site-header--${behavior}` : 'site-header--static',
    stick && 'stick',
    sticked && 'sticked',
    direction && `scroll-${direction}`,
    overlapping && 'is-overlapping',
    mobileOpen && 'menu-open',
  ];
  const title = (
    <a className="site-title" href="/">
      {site.name}
    </a>
  );
  const nav = (
    <nav
      ref={navRef}
      id={navId}
      className={`primary-nav${mobileOpen ? ' is-open' : ''}`}
      aria-label={t('Main menu')}
      onBlur={onNavBlur}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && mobileOpen) {
          setMobileOpen(false);
          toggleRef.current?.focus();
        }
      }}
    >
      <MenuItems items={menu} depth={0} menu={menuState} />
    </nav>
  );
  const toggle = (
    <button
      ref={toggleRef}
      type="button"
      className="menu-toggle"
      aria-expanded={mobileOpen}
      aria-controls={navId}
      onClick={() => setMobileOpen(!mobileOpen)}
    >
      {t('Menu')}
    </button>
  );
  return (
    <header
      ref={ref}
      className={classes.filter(Boolean).join(' ')}
      data-breakpoint={h.breakpoint}
      data-template={h.template}
      data-sticky-template={h.stickyTemplate}
      data-behavior={h.behavior}
      data-position={h.position}
      data-offset={h.offset}
      data-overlap={h.overlap}
      data-behavior-tablet={String(h.behaviorTablet)}
      data-behavior-mobile={String(h.behaviorMobile)}
      data-scroll-direction=""
      // The own sticky element stays in view: the header sticks with everything above it scrolled away.
      style={sizes.ownSticky ? { top: `calc(var(--admin-bar-height, 0px) - ${sizes.ownStickyTop}px)` } : undefined}
    >
      <div className="top-bar">
        <p>
          {site.shop.freeShippingFrom !== null
            ? t('Free shipping within Germany from %s', formatMoney(site.shop.freeShippingFrom))
            : site.description}
        </p>
      </div>
      {config.template === 'split' ? (
        <>
          <div className="site-header__main">
            {title}
            {toggle}
            <HeaderSearch />
            <CartLink target={h.cartLink} shippingPage={site.shop.shippingPage} overlayView={cartOverlay} />
          </div>
          <div className="site-header__nav-row" data-header-sticky="">
            {nav}
          </div>
        </>
      ) : (
        <div className="site-header__main">
          {title}
          {toggle}
          <HeaderSearch />
          {nav}
          <CartLink target={h.cartLink} shippingPage={site.shop.shippingPage} overlayView={cartOverlay} />
        </div>
      )}
    </header>
  );
}
