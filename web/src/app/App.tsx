import { Breadcrumbs } from '../components/Breadcrumbs';
import { CartPage } from '../features/cart/components/CartPage';
import { Listing } from '../features/catalog/components/Listing';
import { QuickViewHost } from '../features/catalog/quick-view/QuickViewHost';
import { CheckoutPage } from '../features/checkout/components/CheckoutPage';
import { OrderReceived } from '../features/checkout/components/OrderReceived';
import { WithdrawalPage } from '../features/withdrawal/components/WithdrawalPage';
import { SmallBusinessContext } from '../components/taxNotice';
import { Footer } from '../features/header/components/Footer';
import { Header } from '../features/header/components/Header';
import { PageContent } from '../features/page-builder/components/PageContent';
import { ProductPage } from '../features/product/components/ProductPage';
import { useEffect, useState, type ReactNode } from 'react';
import { BackToTop } from '../features/header/components/BackToTop';
import { AttributionTracker } from '../features/attribution/components/AttributionTracker';
import { ConsentBanner } from '../features/consent/components/ConsentBanner';
import { hasStaffHint } from '../features/editor/model/staff';
import { previewModeIn } from '../features/page-builder/model/preview';
import { LazyPart } from '../components/LazyPart';
import { SidebarTree, type SidebarTreeNode } from '../components/SidebarTree';
import { t } from '../lib/i18n';
import { AdminFrame } from '../features/admin/components/AdminFrame';
import type { MenuItemData, PageData } from './types';

const loadStaffBar = () => import('../features/editor/components/StaffBar');

/** The admin bar and editor tools, fetched only for visitors carrying the staff hint (cached HTML holds no per-visitor state). */
function StaffTools({ siteName }: { siteName: string }) {
  const [staff, setStaff] = useState(false);
  // Inside the editor's preview frame the page is shown as a visitor sees it: no admin bar.
  useEffect(() => setStaff(hasStaffHint(document.cookie) && !previewModeIn(window.location.search)), []);
  return staff ? <LazyPart load={loadStaffBar} errorClassName="chunk-error--floating" render={(m) => <m.default siteName={siteName} />} /> : null;
}

const menuTree = (items: MenuItemData[]): SidebarTreeNode[] => items.map((i) => ({ id: i.id, title: i.title, href: i.href, children: menuTree(i.children) }));

/** Content pages: the page navigation (the main menu as an expandable tree) beside the content. */
function PageWithSidebar({ data, children }: { data: PageData; children: ReactNode }) {
  return (
    <div className="page-layout">
      <aside className="page-layout__sidebar">
        <nav aria-label={t('Page navigation')}>
          <SidebarTree nodes={menuTree(data.menus.primary)} isCurrent={(n) => n.href === data.path} />
        </nav>
      </aside>
      <div className="page-layout__content">{children}</div>
    </div>
  );
}

function Main({ data }: { data: PageData }) {
  const shippingPage = data.site.shop.shippingPage;
  switch (data.route) {
    case 'home':
      return <PageContent sections={data.page.content.sections} media={data.media} shippingPage={shippingPage} pageId={data.page.id} />;
    case 'page':
      return (
        <PageWithSidebar data={data}>
          <h1 className="page-title">{data.page.title}</h1>
          <PageContent sections={data.page.content.sections} media={data.media} shippingPage={shippingPage} pageId={data.page.id} />
        </PageWithSidebar>
      );
    case 'shop':
    case 'category':
      return (
        <Listing
          title={data.title}
          description={data.category?.description ?? ''}
          products={data.products}
          pagination={data.pagination}
          categories={data.categories}
          current={data.category?.slug ?? null}
          orderby={data.orderby}
          shippingPage={shippingPage}
        />
      );
    case 'product':
      return (
        <ProductPage
          site={data.site}
          product={data.product}
          gallery={data.gallery}
          variations={data.variations}
          reviews={data.reviews}
          attributeParams={data.attributeParams}
          initialChoice={data.initialChoice}
        />
      );
    case 'cart':
      return <CartPage site={data.site} />;
    case 'checkout':
      return <CheckoutPage site={data.site} countries={data.countries} paymentMethods={data.paymentMethods} />;
    case 'order':
      return <OrderReceived order={data.order} bank={data.bank} />;
    case 'withdrawal':
      return <WithdrawalPage />;
    case 'admin':
      return null;
    case 'notFound':
      return (
        <div className="not-found">
          <h1>{t('Page not found')}</h1>
          <p>{t('The page you are looking for does not exist (any more).')}</p>
          <a className="button" href="/">
            {t('Back to the home page')}
          </a>
        </div>
      );
  }
}

export function App({ data }: { data: PageData }) {
  // The administration has its own frame: no shop header, consent banner or attribution.
  if (data.route === 'admin') return <AdminFrame siteName={data.site.name} path={data.path} admin={data.admin} />;
  return (
    <SmallBusinessContext.Provider value={data.site.shop.smallBusiness === true}>
      <a className="skip-link" href="#main">
        {t('Skip to content')}
      </a>
      <Header site={data.site} menu={data.menus.primary} current={data.path} />
      <main id="main" className={`site-main site-main--${data.route}`}>
        {data.route !== 'home' && <Breadcrumbs items={data.breadcrumbs} />}
        <QuickViewHost site={data.site}>
          <Main data={data} />
        </QuickViewHost>
      </main>
      <Footer site={data.site} menu={data.menus.footer} />
      <BackToTop smooth={data.site.theme.smoothScroll !== false} />
      <StaffTools siteName={data.site.name} />
      <ConsentBanner analyticsScript={data.site.tracking.analyticsScript ?? ''} analyticsSnippet={data.site.tracking.analyticsSnippet ?? ''} privacyPage={data.site.shop.privacyPage} />
      <AttributionTracker tracking={data.site.tracking} />
    </SmallBusinessContext.Provider>
  );
}
