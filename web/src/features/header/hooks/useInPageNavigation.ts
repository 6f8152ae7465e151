/**
 * In-page links (spec §2 "In-page links", "On load with a hash", "While
 * scrolling"): a click on a link to `#anchor` on this page scrolls to it with
 * the header offsets of spec §9 and pushes the hash; a hash on arrival is
 * scrolled to and its menu link marked; while scrolling, the menu link whose
 * section is in view is active.
 */
import { useEffect, useRef } from 'react';
import { ACTIVE_ITEM_THROTTLE_MS, SMOOTH_SCROLL_MS } from '../../../config/constants';
import { scrollToY } from '../../../lib/scroll';
import { throttle } from '../../../lib/throttle';
import { activeSectionAt, hashTarget, inPageHash } from '../model/navigation';

export interface InPageOptions {
  /** The offset above a target, measured now (spec §9). */
  offset: () => number;
  smooth: boolean;
  /** The navigation whose in-page links are tracked. */
  nav: () => HTMLElement | null;
  onNavigate: (hash: string) => void;
  onActive: (hash: string | null) => void;
}

function here(): { origin: string; pathname: string; search: string } {
  return { origin: window.location.origin, pathname: window.location.pathname, search: window.location.search };
}

function targetOf(hash: string): HTMLElement | null {
  return document.getElementById(hashTarget(hash));
}

export function useInPageNavigation(options: InPageOptions): void {
  const opts = useRef(options);
  opts.current = options;

  useEffect(() => {
    const scrollTo = (el: HTMLElement, ms: number) =>
      scrollToY(el.getBoundingClientRect().top + window.scrollY - opts.current.offset(), ms);

    function onClick(e: MouseEvent): void {
      if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
      const link = (e.target as Element | null)?.closest?.('a[href]');
      if (!(link instanceof HTMLAnchorElement) || (link.target && link.target !== '_self')) return;
      const hash = inPageHash(link.getAttribute('href') ?? '', here());
      const el = hash ? targetOf(hash) : null;
      if (!hash || !el) return;
      e.preventDefault();
      window.history.pushState(null, '', hash);
      scrollTo(el, opts.current.smooth ? SMOOTH_SCROLL_MS : 0);
      // The focus follows (WCAG 2.4.3): after a skip link or a contents link, Tab goes on from the target.
      if (el.tabIndex < 0 && !el.hasAttribute('tabindex')) el.tabIndex = -1;
      el.focus({ preventScroll: true });
      opts.current.onNavigate(hash);
      opts.current.onActive(hash);
    }

    const track = throttle(() => {
      const nav = opts.current.nav();
      if (!nav) return;
      const sections: Array<{ hash: string; top: number; bottom: number }> = [];
      for (const a of nav.querySelectorAll<HTMLAnchorElement>('a[href*="#"]')) {
        const hash = inPageHash(a.getAttribute('href') ?? '', here());
        const el = hash ? targetOf(hash) : null;
        if (hash && el) {
          const r = el.getBoundingClientRect();
          sections.push({ hash, top: r.top, bottom: r.bottom });
        }
      }
      sections.sort((a, b) => a.top - b.top);
      const atBottom = window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 2;
      opts.current.onActive(activeSectionAt(sections, opts.current.offset(), { atBottom, viewportHeight: window.innerHeight }));
    }, ACTIVE_ITEM_THROTTLE_MS);

    document.addEventListener('click', onClick);
    window.addEventListener('scroll', track, { passive: true });

    // Arriving with a hash: the browser jumped without the header in mind.
    const arrival = window.location.hash;
    const el = arrival.length > 1 ? targetOf(arrival) : null;
    let frame = 0;
    if (el) {
      frame = requestAnimationFrame(() => {
        scrollTo(el, 0);
        opts.current.onActive(arrival);
      });
    }
    return () => {
      cancelAnimationFrame(frame);
      track.cancel();
      document.removeEventListener('click', onClick);
      window.removeEventListener('scroll', track);
    };
  }, []);
}
