import { Breadcrumbs } from '../components/Breadcrumbs';
import { QuickViewHost } from '../features/catalog/quick-view/QuickViewHost';
import { SmallBusinessContext } from '../components/taxNotice';
import { Footer } from '../features/header/components/Footer';
import { Header } from '../features/header/components/Header';
import { useEffect, useState } from 'react';
import { BackToTop } from '../features/header/components/BackToTop';
import { AttributionTracker } from '../features/attribution/components/AttributionTracker';
import { ConsentBanner } from '../features/consent/components/ConsentBanner';
import { hasStaffHint } from '../features/editor/model/staff';
import { previewModeIn } from '../features/page-builder/model/preview';
import { LazyPart } from '../components/LazyPart';
import { t } from '../lib/i18n';
import type { PageData } from './types';
import { viewFor } from './views/registry';

const loadStaffBar = () => import('../features/editor/components/StaffBar');

/** The admin bar and editor tools, fetched only for visitors carrying the staff hint (cached HTML holds no per-visitor state). */
function StaffTools({ siteName }: { siteName: string }) {
  const [staff, setStaff] = useState(false);
  // Inside the editor's preview frame the page is shown as a visitor sees it: no admin bar.
  useEffect(() => setStaff(hasStaffHint(document.cookie) && !previewModeIn(window.location.search)), []);
  return staff ? <LazyPart load={loadStaffBar} errorClassName="chunk-error--floating" render={(m) => <m.default siteName={siteName} />} /> : null;
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

/** Marks the document once the page is live: the root's effect runs after every effect of the first render (tests wait for it). */
function useLiveMarker(): void {
  useEffect(() => {
    document.documentElement.dataset['hydrated'] = '';
  }, []);
}

export function App({ data }: { data: PageData }) {
  useLiveMarker();
  // The administration has its own frame: no shop header, consent banner or attribution.
  if (data.route === 'admin') return <Main data={data} />;
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
