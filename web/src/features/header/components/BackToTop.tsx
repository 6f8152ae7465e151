import { SMOOTH_SCROLL_MS } from '../../../config/constants';
import { t } from '../../../lib/i18n';
import { scrollToY } from '../../../lib/scroll';
import { scrolledPast } from '../model/header';
import { useWindowScroll } from '../hooks/useWindowScroll';

/** A scroll-watched element (spec §4): it gets `scrolled` past its offset (default 1000 px) and then shows. */
export function BackToTop({ smooth, offset }: { smooth: boolean; offset?: number }) {
  const { y } = useWindowScroll();
  const scrolled = scrolledPast(y, offset);
  return (
    <button
      type="button"
      className={`back-to-top button${scrolled ? ' scrolled' : ''}`}
      data-scroll-watch=""
      data-scroll-offset={offset}
      tabIndex={scrolled ? 0 : -1}
      aria-hidden={!scrolled}
      onClick={() => scrollToY(0, smooth ? SMOOTH_SCROLL_MS : 0)}
    >
      {t('Back to top')}
    </button>
  );
}
