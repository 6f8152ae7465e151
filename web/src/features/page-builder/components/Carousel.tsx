import { useCallback, useEffect, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import { prefersReducedMotion } from '../../../lib/motion';
import { useEmbla } from '../../../lib/carousel/useEmbla';
import { MOBILE_MAX_WIDTH, TABLET_MAX_WIDTH } from '../../../config/constants';
import { t } from '../../../lib/i18n';
import { carouselStarts, layoutAt, resolveCarousel, type CarouselSettings } from '../model/carousel';

/**
 * A page-builder carousel (embla): slides per band from the widget's settings
 * over the spec's defaults, keyboard-operable arrows and dots, autoplay that
 * stops as soon as anything inside receives focus. Fewer than 2 slides: no
 * carousel, the slide is shown as it is.
 */
export function Carousel({ label, settings, slides }: { label: string; settings: CarouselSettings | undefined; slides: ReactNode[] }) {
  const o = resolveCarousel(settings);
  const runs = carouselStarts(slides.length);
  const n = slides.length;
  const autoplay = runs && o.autoplay;
  const plugins = useCallback(
    async () =>
      // Nothing moves by itself for a visitor who asks for reduced motion (read in the browser only).
      autoplay && !prefersReducedMotion()
        ? [(await import('embla-carousel-autoplay')).default({ delay: o.autoplayMs, stopOnFocusIn: true, stopOnInteraction: true })]
        : [],
    [autoplay, o.autoplayMs],
  );
  const [viewport, { api, call }] = useEmbla(
    {
      active: runs,
      align: 'start',
      loop: o.loop,
      containScroll: 'trimSnaps',
      slidesToScroll: layoutAt(o, 'desktop', n).scroll,
      breakpoints: {
        [`(max-width: ${TABLET_MAX_WIDTH}px)`]: { slidesToScroll: layoutAt(o, 'tablet', n).scroll },
        [`(max-width: ${MOBILE_MAX_WIDTH}px)`]: { slidesToScroll: layoutAt(o, 'mobile', n).scroll },
      },
    },
    plugins,
  );
  const [selected, setSelected] = useState(0);
  const [snaps, setSnaps] = useState<number[]>([]);
  const [playing, setPlaying] = useState(false);
  // Focus that came before embla's code did still stops autoplay for good.
  const focused = useRef(false);
  useEffect(() => {
    if (!api) return;
    const sync = () => {
      setSnaps(api.scrollSnapList().map((_, i) => i));
      setSelected(api.selectedScrollSnap());
    };
    const play = () => setPlaying(true);
    const stop = () => setPlaying(false);
    sync();
    if (focused.current) api.plugins().autoplay?.stop();
    setPlaying(Boolean((api.plugins() as ReturnType<typeof api.plugins> | undefined)?.autoplay?.isPlaying()));
    api.on('select', sync).on('reInit', sync).on('autoplay:play', play).on('autoplay:stop', stop);
    return () => {
      api.off('select', sync).off('reInit', sync).off('autoplay:play', play).off('autoplay:stop', stop);
    };
  }, [api]);
  const style = {
    '--pb-show-d': layoutAt(o, 'desktop', n).visible,
    '--pb-show-t': layoutAt(o, 'tablet', n).visible,
    '--pb-show-m': layoutAt(o, 'mobile', n).visible,
  } as CSSProperties;
  return (
    <div
      className={`pb-carousel${runs ? ' is-running' : ''}`}
      role="region"
      aria-roledescription={t('carousel')}
      aria-label={label}
      style={style}
      data-autoplay={o.autoplay && runs ? (playing ? 'playing' : 'stopped') : 'off'}
      // Focus anywhere inside (slides, arrows, dots) stops autoplay for good (spec §9).
      onFocus={() => {
        focused.current = true;
        api?.plugins().autoplay?.stop();
      }}
    >
      <div className="pb-carousel__viewport" ref={viewport}>
        <div className="pb-carousel__track">
          {slides.map((s, i) => (
            <div
              key={i}
              className="pb-carousel__slide"
              role="group"
              aria-roledescription={t('slide')}
              aria-label={t('%1$d of %2$d', i + 1, n)}
            >
              {s}
            </div>
          ))}
        </div>
      </div>
      {runs && o.arrows && (
        <div className="pb-carousel__arrows">
          <button type="button" className="pb-carousel__prev" aria-label={t('Previous slide')} onClick={() => call((a) => a.scrollPrev())}>
            ‹
          </button>
          <button type="button" className="pb-carousel__next" aria-label={t('Next slide')} onClick={() => call((a) => a.scrollNext())}>
            ›
          </button>
        </div>
      )}
      {runs && o.dots && snaps.length > 1 && (
        <div className="pb-carousel__dots">
          {snaps.map((i) => (
            <button
              key={i}
              type="button"
              aria-label={t('Go to slide %d', i + 1)}
              aria-current={i === selected ? 'true' : undefined}
              onClick={() => call((a) => a.scrollTo(i))}
            />
          ))}
        </div>
      )}
    </div>
  );
}
