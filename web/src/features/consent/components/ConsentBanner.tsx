import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { OPEN_CONSENT_SETTINGS_EVENT } from '../../../lib/consent';
import { t } from '../../../lib/i18n';
import { loadAnalyticsOnce, onConsentChange } from '../api';
import { consentValue, hasDecided } from '../model/consent';

/**
 * Our German consent banner over the WP Consent API: accept all, reject all,
 * or choose statistics and marketing. Fixed to the bottom of the window, so
 * nothing moves when it appears; shown until the visitor decides and again
 * from the footer. Shop analytics load the moment `statistics` is allowed.
 */
export function ConsentBanner({
  analyticsScript,
  analyticsSnippet = '',
  privacyPage,
}: {
  analyticsScript: string;
  analyticsSnippet?: string;
  privacyPage: string;
}) {
  // Rendered open on the server and while hydrating, so the cached HTML carries the banner and it
  // is painted with the page; until the app has read the cookie (`initial`) it shows only under
  // <html class="consent-undecided">, set by the server's inline consent probe before the first paint.
  const [open, setOpen] = useState(true);
  const [initial, setInitial] = useState(true);
  const [details, setDetails] = useState(false);
  const [choice, setChoice] = useState({ statistics: false, marketing: false });
  const titleId = useId();
  const region = useRef<HTMLElement>(null);

  useEffect(() => {
    const analytics = () => {
      if (window.wp_has_consent?.('statistics')) loadAnalyticsOnce(analyticsScript, analyticsSnippet);
    };
    analytics();
    const off = onConsentChange(analytics);
    const reopen = () => {
      setChoice({
        statistics: consentValue(document.cookie, 'statistics') === 'allow',
        marketing: consentValue(document.cookie, 'marketing') === 'allow',
      });
      setDetails(true);
      setOpen(true);
    };
    document.addEventListener(OPEN_CONSENT_SETTINGS_EVENT, reopen);
    return () => {
      off();
      document.removeEventListener(OPEN_CONSENT_SETTINGS_EVENT, reopen);
    };
  }, [analyticsScript, analyticsSnippet]);

  // Decided before the first paint after hydration, so a decided visitor's banner never shows.
  useLayoutEffect(() => {
    setOpen(!hasDecided(document.cookie));
    setInitial(false);
  }, []);

  useEffect(() => {
    if (open && details) region.current?.querySelector<HTMLElement>('input')?.focus();
  }, [open, details]);

  if (!open) return null;
  const decide = (statistics: boolean, marketing: boolean) => {
    window.wp_set_consent?.('statistics', statistics ? 'allow' : 'deny');
    window.wp_set_consent?.('marketing', marketing ? 'allow' : 'deny');
    setOpen(false);
  };
  return (
    <section
      ref={region}
      className="consent-banner"
      data-initial={initial ? '' : undefined}
      role="region"
      aria-labelledby={titleId}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && details) setDetails(false);
      }}
    >
      <h2 id={titleId}>{t('Cookies and privacy')}</h2>
      <p>
        {t('We use cookies for statistics and to learn where our visitors come from, only with your consent.')}{' '}
        <a href={privacyPage}>{t('Privacy policy')}</a>
      </p>
      {details && (
        <fieldset className="consent-banner__choices">
          <legend>{t('Your choice')}</legend>
          <label>
            <input type="checkbox" checked disabled /> {t('Necessary')}
          </label>
          <label>
            <input type="checkbox" checked={choice.statistics} onChange={(e) => setChoice({ ...choice, statistics: e.target.checked })} />{' '}
            {t('Statistics')}
          </label>
          <label>
            <input type="checkbox" checked={choice.marketing} onChange={(e) => setChoice({ ...choice, marketing: e.target.checked })} />{' '}
            {t('Marketing')}
          </label>
        </fieldset>
      )}
      <div className="consent-banner__actions">
        <button type="button" className="button button--primary" onClick={() => decide(true, true)}>
          {t('Accept all')}
        </button>
        <button type="button" className="button" onClick={() => decide(false, false)}>
          {t('Reject all')}
        </button>
        {details ? (
          <button type="button" className="button" onClick={() => decide(choice.statistics, choice.marketing)}>
            {t('Save choice')}
          </button>
        ) : (
          <button type="button" className="button" onClick={() => setDetails(true)}>
            {t('Settings')}
          </button>
        )}
      </div>
    </section>
  );
}
