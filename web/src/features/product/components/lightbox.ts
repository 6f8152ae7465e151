/** PhotoSwipe 5, loaded on the first opening of the lightbox (its own chunk). */
import PhotoSwipe from 'photoswipe';
import 'photoswipe/style.css';
import { LIGHTBOX_SPEED_MS } from '../../../config/constants';
import { t } from '../../../lib/i18n';
import { motionMs, prefersReducedMotion } from '../../../lib/motion';
import type { LightboxItem } from '../model/gallery';

/** Opens the lightbox; `root` is where it is placed (a modal dialog must hold it to show above it). */
export function openLightbox(items: LightboxItem[], index: number, root?: HTMLElement | null): PhotoSwipe {
  // Opened and closed without animation for a visitor who asks for reduced motion.
  const speed = motionMs(LIGHTBOX_SPEED_MS, prefersReducedMotion());
  const pswp = new PhotoSwipe({
    ...(root ? { appendToEl: root } : {}),
    dataSource: items,
    index,
    showAnimationDuration: speed,
    hideAnimationDuration: speed,
    // Escape is handled below, also during the opening animation.
    escKey: false,
    closeTitle: t('Close'),
    zoomTitle: t('Zoom'),
    arrowPrevTitle: t('Previous'),
    arrowNextTitle: t('Next'),
    errorMsg: t('The image cannot be loaded.'),
    indexIndicatorSep: ' / ',
  });
  // PhotoSwipe ignores a close during its opening animation (and listens only once open);
  // an Escape pressed any time after the lightbox was asked for closes it as soon as it can.
  let closeWhenOpen = false;
  const onKey = (e: KeyboardEvent) => {
    if (e.key !== 'Escape') return;
    // Escape is the lightbox's: a modal dialog around it must not close as well.
    e.preventDefault();
    if (pswp.opener.isOpen) pswp.close();
    else closeWhenOpen = true;
  };
  document.addEventListener('keydown', onKey);
  pswp.on('openingAnimationEnd', () => {
    pswp.element?.setAttribute('data-ready', '');
    if (closeWhenOpen) pswp.close();
  });
  pswp.on('destroy', () => document.removeEventListener('keydown', onKey));
  pswp.init();
  // Another site's video (its notice, model/gallery.ts) loads on the button's click, the player focused.
  pswp.element?.addEventListener('click', (e) => {
    const button = e.target instanceof Element ? e.target.closest<HTMLElement>('[data-embed]') : null;
    const holder = document.createElement('div');
    holder.innerHTML = button?.dataset['embed'] ?? '';
    const frame = holder.firstElementChild;
    if (!button?.parentElement || !(frame instanceof HTMLIFrameElement)) return;
    button.parentElement.replaceWith(frame);
    frame.focus();
  });
  return pswp;
}
