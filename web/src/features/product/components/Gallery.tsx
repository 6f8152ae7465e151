import { useCallback, useEffect, useRef, useState } from 'react';
import { prefersReducedMotion } from '../../../lib/motion';
import type { GallerySlide, VariationData } from '../../../lib/types';
import { GALLERY_IMAGE_SIZES, GALLERY_THUMBS_SCROLL, VARIATION_MEDIA_SWAP_MS } from '../../../config/constants';
import { t } from '../../../lib/i18n';
import { loadChunk } from '../../../lib/rest/chunks';
import { useEmbla } from '../../../lib/carousel/useEmbla';
import { Picture } from '../../../components/Picture';
import { ExternalEmbed } from '../../../components/ExternalEmbed';
import { firstSlideFor, lightboxItem, lightboxTriggerVisible, thumbsVisible, zoomable, type LightboxItem } from '../model/gallery';

function Slide({
  slide,
  name,
  index,
  active,
  onImageClick,
}: {
  slide: GallerySlide;
  name: string;
  index: number;
  active: boolean;
  onImageClick: () => void;
}) {
  const video = useRef<HTMLVideoElement>(null);
  const [playing, setPlaying] = useState(false);
  const [zoom, setZoom] = useState<{ x: number; y: number } | null>(null);
  const [canZoom, setCanZoom] = useState(false);
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (slide.type !== 'image' || !box.current) return;
    const measure = () => setCanZoom(!!box.current && zoomable(slide.image, box.current.clientWidth));
    measure();
    const ro = new ResizeObserver(measure);
    ro.observe(box.current);
    return () => ro.disconnect();
  }, [slide]);

  if (slide.type === 'image') {
    const img = slide.image;
    return (
      <div
        ref={box}
        className={`gallery__slide gallery__slide--image${canZoom ? ' is-zoomable' : ''}${zoom ? ' is-zoomed' : ''}`}
        data-zoom={canZoom ? 'on' : 'off'}
        onMouseMove={
          canZoom
            ? (e) => {
                const r = e.currentTarget.getBoundingClientRect();
                setZoom({ x: ((e.clientX - r.left) / r.width) * 100, y: ((e.clientY - r.top) / r.height) * 100 });
              }
            : undefined
        }
        onMouseLeave={() => setZoom(null)}
      >
        <Picture
          image={img}
          size={img.large}
          sizes={GALLERY_IMAGE_SIZES}
          alt={img.alt || name}
          fetchPriority={index === 0 ? 'high' : undefined}
          eager={index === 0}
          onClick={onImageClick}
          style={zoom ? { transformOrigin: `${zoom.x}% ${zoom.y}%` } : undefined}
        />
      </div>
    );
  }
  if (slide.type === 'video') {
    return (
      <div className="gallery__slide gallery__slide--video">
        <video
          ref={video}
          src={slide.src}
          poster={slide.poster?.large.src}
          muted
          playsInline
          preload="none"
          data-autoplay={slide.autoplay ? 'true' : undefined}
          onPlay={() => setPlaying(true)}
          onPause={() => setPlaying(false)}
        />
        <button
          type="button"
          className="gallery__play"
          aria-label={playing ? t('Pause video') : t('Play video')}
          aria-pressed={playing}
          tabIndex={active ? 0 : -1}
          onClick={() => {
            const v = video.current;
            if (!v) return;
            if (v.paused) void v.play().catch(() => undefined);
            else v.pause();
          }}
        >
          <span aria-hidden="true">{playing ? '❚❚' : '▶'}</span>
        </button>
      </div>
    );
  }
  return (
    <div className="gallery__slide gallery__slide--iframe">
      <ExternalEmbed src={slide.src} title={t('Video: %s', name)} poster={slide.poster} tabIndex={active ? 0 : -1} />
    </div>
  );
}

/**
 * The product gallery (spec §2, §4 "Gallery media", §9): slides of images,
 * videos and iframes with a thumbnail slider (7 visible, 5 vertical, 1 per
 * step, no loop), the lightbox when the shop has it on, zoom for images wider
 * than the gallery, and the variation's media as first slide.
 */
/** Pinterest's "create pin" link for an image of a page (no `URLSearchParams`: this renders on the server too). */
const pinUrl = (page: string, media: string, description: string): string =>
  `https://www.pinterest.com/pin/create/button/?url=${encodeURIComponent(page)}&media=${encodeURIComponent(media)}&description=${encodeURIComponent(description)}`;

export function Gallery({
  slides,
  name,
  override,
  prefix,
  lightbox = false,
  vertical = false,
  lightboxRoot,
  pageUrl,
}: {
  slides: GallerySlide[];
  name: string;
  override: VariationData | null;
  /** The theme prefix of the variation's attached-media fields. */
  prefix: string;
  lightbox?: boolean;
  vertical?: boolean;
  /** Where the lightbox goes (inside a modal dialog, that dialog). */
  lightboxRoot?: () => HTMLElement | null;
  /** The product page's address, for the pin button. */
  pageUrl?: string;
}) {
  const [mainRef, { api: main, call: onMain }] = useEmbla({ loop: false });
  const [thumbsRef, { api: thumbs }] = useEmbla({
    loop: false,
    axis: vertical ? 'y' : 'x',
    slidesToScroll: GALLERY_THUMBS_SCROLL,
    containScroll: 'keepSnaps',
    dragFree: false,
  });
  const [active, setActive] = useState(0);
  const [first, setFirst] = useState<GallerySlide | undefined>(() => firstSlideFor(override, prefix, slides[0]));
  const stage = useRef<HTMLDivElement>(null);
  const shown = first ? [first, ...slides.slice(1)] : slides;

  // The variation's media replaces the first slide 50 ms after the choice (spec §4), and the
  // gallery goes back to it. Only a new choice does: the carousel starting up (a thumbnail
  // clicked before it ran) must not throw the shopper back to the first slide.
  const swappedFor = useRef(override);
  useEffect(() => {
    const timer = setTimeout(() => {
      setFirst(firstSlideFor(override, prefix, slides[0]));
      if (swappedFor.current === override) return;
      swappedFor.current = override;
      main?.scrollTo(0);
    }, VARIATION_MEDIA_SWAP_MS);
    return () => clearTimeout(timer);
  }, [override, prefix, slides, main]);

  const onSelect = useCallback(() => {
    if (!main) return;
    const index = main.selectedScrollSnap();
    setActive(index);
    const root = stage.current;
    if (!root) return;
    // Changing slide pauses every video and reloads iframes; an autoplay video on the new slide starts.
    root.querySelectorAll('video').forEach((v) => v.pause());
    root.querySelectorAll('iframe').forEach((f) => {
      const src = f.getAttribute('src');
      if (src) f.setAttribute('src', src);
    });
    const slideEl = main.slideNodes()[index];
    const auto = slideEl?.querySelector<HTMLVideoElement>('video[data-autoplay="true"]');
    if (auto && !prefersReducedMotion()) void auto.play().catch(() => undefined);
  }, [main]);

  useEffect(() => {
    if (!main) return;
    // A carousel that came up on another slide than the one shown as active (the variation's swap).
    setActive(main.selectedScrollSnap());
    main.on('select', onSelect);
    return () => {
      main.off('select', onSelect);
    };
  }, [main, onSelect]);

  // The thumbnails follow the active slide, also when their carousel starts after a choice.
  useEffect(() => {
    thumbs?.scrollTo(active);
  }, [thumbs, active]);

  async function openLightbox(index: number) {
    const items = shown.map((s) => lightboxItem(s, name)).filter((x): x is LightboxItem => x !== null);
    const { openLightbox: open } = await loadChunk(() => import('./lightbox'));
    open(items, index, lightboxRoot?.());
  }

  const activeSlide = shown[active];
  const visible = thumbsVisible(vertical);
  return (
    <div className={`gallery${vertical ? ' gallery--vertical' : ''}`} data-active={active}>
      <div className="gallery__stage" ref={stage}>
        <div className="gallery__viewport" ref={mainRef}>
          <div className="gallery__container">
            {shown.map((s, i) => (
              <Slide
                key={i === 0 ? `first-${s.type}-${s.type === 'image' ? s.image.id : s.src}` : i}
                slide={s}
                name={name}
                index={i}
                active={i === active}
                onImageClick={() => lightbox && void openLightbox(i)}
              />
            ))}
          </div>
        </div>
        {pageUrl && activeSlide?.type === 'image' && (
          // The Pinterest extension brings its own button; CSS hides this wrapper when it marks the page.
          <span className="pin-wrapper">
            <a
              className="button button--small"
              href={pinUrl(pageUrl, activeSlide.image.large.src, name)}
              target="_blank"
              rel="noopener noreferrer"
            >
              {t('Pin it')}
            </a>
          </span>
        )}
        {lightbox && lightboxTriggerVisible(activeSlide) && (
          <button
            type="button"
            className="gallery__lightbox"
            aria-label={t('Open image in full screen')}
            onClick={() => void openLightbox(active)}
          >
            <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20">
              <path d="M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5" fill="none" stroke="currentColor" strokeWidth="2" />
            </svg>
          </button>
        )}
      </div>
      {shown.length > 1 && (
        <div className="gallery__thumbs" ref={thumbsRef} style={{ ['--thumbs-visible' as string]: visible }} data-visible={visible}>
          <ul className="gallery__thumbs-container">
            {shown.map((s, i) => {
              const thumb = s.type === 'image' ? s.image.thumbnail : s.poster?.thumbnail;
              return (
                <li key={i} className="gallery__thumb">
                  <button
                    type="button"
                    aria-label={t('Show image %d', i + 1)}
                    aria-pressed={i === active}
                    onClick={() => onMain((m) => m.scrollTo(i))}
                  >
                    {thumb ? (
                      <img src={thumb} alt="" width={75} height={75} loading="lazy" />
                    ) : (
                      <span className="gallery__video-icon">▶</span>
                    )}
                  </button>
                </li>
              );
            })}
          </ul>
        </div>
      )}
    </div>
  );
}
