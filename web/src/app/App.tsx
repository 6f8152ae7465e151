import { Breadcrumbs } from '../components/Breadcrumbs';
import { QuickViewHost } from '../features/product/quick-view/QuickViewHost';
import { SmallBusinessContext } from '../components/taxNotice';
import { Footer } from '../features/header/components/Footer';
import { Header, type CartOverlay } from '../features/header/components/Header';
import { LazyMiniCart, prefetchMiniCart } from '../features/cart/components/LazyMiniCart';
import { useEffect, useState } from 'react';
import { BackToTop } from '../features/header/components/BackToTop';
import { AttributionTracker } from '../features/attribution/components/AttributionTracker';
import { ConsentBanner } from '../features/consent/components/ConsentBanner';
import { hasStaffHint } from '../features/editor/model/staff';
import { previewModeIn } from '../features/page-builder/model/previewMode';
import { LazyPart } from '../components/LazyPart';
import { t } from '../lib/i18n';
import type { PageData } from '../lib/types';
import { viewFor } from './views/registry';

const miniCart: CartOverlay = { View: LazyMiniCart, prefetch: prefetchMiniCart };

const loadStaffBar = () => import('./staff');

/** The admin bar and editor tools, fetched only for visitors carrying the staff hint (cached HTML holds no per-visitor state). */
function StaffTools({ siteName }: { siteName: string }) {
  const [staff, setStaff] = useState(false);
  // Inside the editor's preview frame the page is shown as a visitor sees it: no admin bar.
  useEffect(() => setStaff(hasStaffHint(document.cookie) && !previewModeIn(window.location.search)), []);
  return staff ? (
    <LazyPart load={loadStaffBar} errorClassName="chunk-error--floating" render={(m) => <m.default siteName={siteName} />} />
  ) : null;
}

function Main({ data }: { data: PageData }) {
  if (data.route === 'notFound') {
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
  const View = viewFor(data.route);
  return View ? <View data={data} /> : null;
}

/**
 * Marks the document once the page is live: every effect of the first render has run and order
 * attribution (loaded after hydration) has run too. Tests wait for it.
 */
function markLive(): void {
  document.documentElement.dataset['hydrated'] = '';
}

function AdminRoot({ data }: { data: PageData }) {
  useEffect(markLive, []);
  return <Main data={data} />;
}

export function App({ data }: { data: PageData }) {
  // The administration has its own frame: no shop header, consent banner or attribution.
  if (data.route === 'admin') return <AdminRoot data={data} />;
  return (
    <SmallBusinessContext.Provider value={data.site.shop.smallBusiness === true}>
      <a className="skip-link" href="#main">
        {t('Skip to content')}
      </a>
      <Header site={data.site} menu={data.menus.primary} current={data.path} cartOverlay={miniCart} />
      <main id="main" className={`site-main site-main--${data.route}`}>
        {data.route !== 'home' && <Breadcrumbs items={data.breadcrumbs} />}
        <QuickViewHost site={data.site}>
          <Main data={data} />
        </QuickViewHost>
      </main>
      <Footer site={data.site} menu={data.menus.footer} />
      <BackToTop smooth={data.site.theme.smoothScroll !== false} />
      <StaffTools siteName={data.site.name} />
      <ConsentBanner
        analyticsScript={data.site.tracking.analyticsScript ?? ''}
        analyticsSnippet={data.site.tracking.analyticsSnippet ?? ''}
        privacyPage={data.site.shop.privacyPage}
      />
      <AttributionTracker tracking={data.site.tracking} onStarted={markLive} />
    </SmallBusinessContext.Provider>
  );
}
