import { useEffect, useLayoutEffect, useRef, useState, type ComponentType } from 'react';
import { t } from '../../../lib/i18n';
import { loggedInClient } from '../../../lib/rest/staff';
import { headerOverlapsAt } from '../../../lib/viewport';
import { RESIZE_THROTTLE_MS } from '../../../config/constants';
import { throttle } from '../../../lib/throttle';
import { windowWidth } from '../../../lib/windowWidth';
import { editorModeIn, editorModeUrl, parseMe, type Me } from '../model/staff';
import { LazyPart } from '../../../components/LazyPart';

/** The page editor's code, given by the app (the page builder's editor panel). */
export type LoadEditor = () => Promise<{ default: ComponentType<{ pageId: number }> }>;

/** Asks the server who this is; `null` for visitors and for staff who may not edit pages. */
async function whoAmI(): Promise<Me | null> {
  const client = await loggedInClient();
  if (!client) return null;
  const me = parseMe(await client({ path: '/wp/v2/users/me?context=edit' }));
  return me?.capabilities['edit_pages'] ? me : null;
}

/**
 * The page editor's header toggle (spec §4 "Editor header toggle", §6): only
 * in editor mode, and only while the header overlaps the content at the
 * current width (overlap-check reading of spec §9).
 */
function HeaderToggle() {
  const [overlaps, setOverlaps] = useState(false);
  const [hidden, setHidden] = useState(false);
  useEffect(() => {
    const header = document.querySelector<HTMLElement>('.site-header');
    const check = () => setOverlaps(headerOverlapsAt(header?.dataset['overlap'] ?? '', windowWidth()));
    check();
    const onResize = throttle(check, RESIZE_THROTTLE_MS);
    window.addEventListener('resize', onResize);
    return () => {
      onResize.cancel();
      window.removeEventListener('resize', onResize);
    };
  }, []);
  const visible = overlaps && hidden;
  useEffect(() => {
    document.querySelector('.site-header')?.toggleAttribute('data-editor-hidden', visible);
  }, [visible]);
  if (!overlaps) return null;
  return (
    <button type="button" className="button button--small editor-header-toggle" aria-pressed={hidden} onClick={() => setHidden(!hidden)}>
      {hidden ? t('Show header') : t('Hide header')}
    </button>
  );
}

/** The admin bar for staff who may edit pages, with the way into and out of editor mode. Its height is allowed for in scroll offsets. */
export default function StaffBar({ siteName, loadEditor }: { siteName: string; loadEditor: LoadEditor }) {
  const [me, setMe] = useState<Me | null>(null);
  const bar = useRef<HTMLDivElement>(null);
  const editing = typeof window !== 'undefined' && editorModeIn(window.location.search);
  useEffect(() => {
    let live = true;
    whoAmI()
      .then((m) => live && setMe(m))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  useLayoutEffect(() => {
    const root = document.documentElement.style;
    const el = bar.current;
    if (!el) return;
    const apply = () => root.setProperty('--admin-bar-height', `${el.offsetHeight}px`);
    apply();
    const observer = new ResizeObserver(apply);
    observer.observe(el);
    return () => {
      observer.disconnect();
      root.removeProperty('--admin-bar-height');
    };
  }, [me]);
  if (!me) return null;
  // Pages made with the page builder carry their id: those open in the editor.
  const id = Number(document.querySelector<HTMLElement>('.page-content[data-page-id]')?.dataset['pageId']);
  const pageId = Number.isInteger(id) && id > 0 ? id : null;
  return (
    <>
      <div id="wpadminbar" ref={bar} role="navigation" aria-label={t('Toolbar')}>
        <a href="/">{siteName}</a>
        <a href={editorModeUrl(window.location.href, !editing)}>{editing ? t('Stop editing') : t('Edit')}</a>
        <a href="/mein-konto/">{t('Howdy, %s', me.name)}</a>
      </div>
      {editing && <HeaderToggle />}
      {editing && pageId !== null && (
        <LazyPart load={loadEditor} errorClassName="chunk-error--floating" render={(m) => <m.default pageId={pageId} />} />
      )}
    </>
  );
}
