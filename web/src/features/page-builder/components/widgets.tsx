/** The page-builder widgets beyond the basic ones: the same markup on the server and in the browser. */
import { useId, useState, type KeyboardEvent } from 'react';
import type { ImageData, CardData, Widget } from '../../../lib/types';
import { ProductCard } from '../../../components/ProductCard';
import { t } from '../../../lib/i18n';
import type { CarouselSettings } from '../model/carousel';
import { Carousel } from './Carousel';
import { Picture } from '../../../components/Picture';
import { ExternalEmbed } from '../../../components/ExternalEmbed';

const str = (v: unknown): string => (typeof v === 'string' ? v : '');
const list = (v: unknown): Array<Record<string, unknown>> =>
  Array.isArray(v) ? (v.filter((x) => typeof x === 'object' && x !== null) as Array<Record<string, unknown>>) : [];
const carousel = (w: Widget): CarouselSettings | undefined =>
  typeof w['carousel'] === 'object' && w['carousel'] !== null ? (w['carousel'] as CarouselSettings) : undefined;

function Empty({ text }: { text: string }) {
  return <p className="pb-empty">{text}</p>;
}

/** An image of the media library; `eager` for blocks that measure their images (spec §1). */
function Img({
  img,
  alt,
  eager = false,
  sizes = '(max-width: 767px) 100vw, 33vw',
}: {
  img: ImageData;
  alt?: string;
  eager?: boolean;
  sizes?: string;
}) {
  return <Picture image={img} size={img.large} sizes={sizes} alt={alt ?? img.alt} eager={eager} decoding="async" />;
}

const EMBED = /^https:\/\/(www\.youtube(-nocookie)?\.com\/embed\/|player\.vimeo\.com\/video\/)/;

export function VideoWidget({ w, media }: { w: Widget; media: Record<string, ImageData> }) {
  const src = str(w['src']);
  if (!src) return <Empty text={t('No video chosen yet.')} />;
  const poster = media[String(w['poster'])];
  const title = str(w['title']) || t('Video');
  return (
    <div className="pb-video">
      {EMBED.test(src) ? (
        <ExternalEmbed src={src} title={title} poster={poster} />
      ) : (
        <video
          src={src}
          poster={poster?.large.src}
          controls
          preload="none"
          playsInline
          autoPlay={w['autoplay'] === true}
          muted={w['autoplay'] === true}
          title={title}
        />
      )}
    </div>
  );
}

const ICONS: Record<string, string> = {
  check: '✓',
  star: '★',
  truck: '🚚',
  leaf: '🍃',
  heart: '♥',
  phone: '☎',
  mail: '✉',
  clock: '🕒',
  info: 'ℹ',
};

export function IconList({ w }: { w: Widget }) {
  const items = list(w['items']);
  if (items.length === 0) return <Empty text={t('No entries yet.')} />;
  return (
    <ul className="pb-icon-list">
      {items.map((it, i) => {
        const text = str(it['text']);
        const href = str(it['href']);
        return (
          <li key={i}>
            <span className="pb-icon-list__icon" aria-hidden="true">
              {ICONS[str(it['icon'])] ?? ICONS['check']}
            </span>
            {href ? <a href={href}>{text}</a> : text}
          </li>
        );
      })}
    </ul>
  );
}

/** Tabs (arrow keys move between them, as WAI-ARIA's tabs pattern) or an accordion of `<details>`. */
export function Tabs({ w }: { w: Widget }) {
  const items = list(w['items']);
  const base = useId();
  const [active, setActive] = useState(0);
  if (items.length === 0) return <Empty text={t('No entries yet.')} />;
  if (w['mode'] === 'accordion') {
    return (
      <div className="pb-accordion">
        {items.map((it, i) => (
          <details key={i} className="pb-accordion__item" open={i === 0}>
            <summary>{str(it['title'])}</summary>
            <div className="pb-text" dangerouslySetInnerHTML={{ __html: str(it['html']) }} />
          </details>
        ))}
      </div>
    );
  }
  const move = (e: KeyboardEvent<HTMLButtonElement>) => {
    const next = { ArrowRight: active + 1, ArrowLeft: active - 1, Home: 0, End: items.length - 1 }[e.key];
    if (next === undefined) return;
    e.preventDefault();
    const i = (next + items.length) % items.length;
    setActive(i);
    document.getElementById(`${base}-tab-${i}`)?.focus();
  };
  return (
    <div className="pb-tabs">
      <div role="tablist" className="pb-tabs__list">
        {items.map((it, i) => (
          <button
            key={i}
            id={`${base}-tab-${i}`}
            type="button"
            role="tab"
            aria-selected={i === active}
            aria-controls={`${base}-panel-${i}`}
            tabIndex={i === active ? 0 : -1}
            onClick={() => setActive(i)}
            onKeyDown={move}
          >
            {str(it['title'])}
          </button>
        ))}
      </div>
      {items.map((it, i) => (
        <div
          key={i}
          id={`${base}-panel-${i}`}
          role="tabpanel"
          aria-labelledby={`${base}-tab-${i}`}
          hidden={i !== active}
          className="pb-text"
          dangerouslySetInnerHTML={{ __html: str(it['html']) }}
        />
      ))}
    </div>
  );
}

export function ProductCarousel({ w, shippingPage }: { w: Widget; shippingPage: string }) {
  const products = Array.isArray(w['products']) ? (w['products'] as CardData[]) : [];
  const title = str(w['title']);
  return (
    <div className="pb-products">
      {title && <h3 className="pb-products__title">{title}</h3>}
      {products.length === 0 ? (
        <Empty text={t('No products found.')} />
      ) : (
        <Carousel
          label={title || t('Products')}
          settings={carousel(w)}
          slides={products.map((p) => (
            <ProductCard key={p.id} product={p} shippingPage={shippingPage} eager={false} quickView="link" />
          ))}
        />
      )}
    </div>
  );
}

export function ImageCarousel({ w, media }: { w: Widget; media: Record<string, ImageData> }) {
  const images = list(w['images']).flatMap((it) => {
    const img = media[String(it['media'])];
    return img ? [{ img, caption: str(it['caption']), href: str(it['href']) }] : [];
  });
  if (images.length === 0) return <Empty text={t('No images yet.')} />;
  return (
    <Carousel
      label={t('Images')}
      settings={carousel(w)}
      slides={images.map(({ img, caption, href }, i) => {
        const figure = (
          <figure className="pb-image">
            <Img img={img} />
            {caption && <figcaption>{caption}</figcaption>}
          </figure>
        );
        return href ? (
          <a key={i} href={href}>
            {figure}
          </a>
        ) : (
          <div key={i}>{figure}</div>
        );
      })}
    />
  );
}

export function TestimonialCarousel({ w, media }: { w: Widget; media: Record<string, ImageData> }) {
  const items = list(w['items']);
  if (items.length === 0) return <Empty text={t('No testimonials yet.')} />;
  return (
    <Carousel
      label={t('Testimonials')}
      settings={{ slides_to_show: 1, ...carousel(w) }}
      slides={items.map((it, i) => {
        const img = media[String(it['media'])];
        return (
          <figure key={i} className="pb-testimonial">
            <blockquote>{str(it['quote'])}</blockquote>
            <figcaption>
              {img && <Img img={img} alt="" sizes="64px" />}
              <strong>{str(it['name'])}</strong>
              {str(it['role']) && <span>{str(it['role'])}</span>}
            </figcaption>
          </figure>
        );
      })}
    />
  );
}

/** A filterable portfolio grid; its images load at once (it lays out by their size, spec §1). */
export function Portfolio({ w, media }: { w: Widget; media: Record<string, ImageData> }) {
  const items = list(w['items']).flatMap((it) => {
    const img = media[String(it['media'])];
    return img ? [{ img, title: str(it['title']), category: str(it['category']), href: str(it['href']) }] : [];
  });
  const [filter, setFilter] = useState<string | null>(null);
  if (items.length === 0) return <Empty text={t('No entries yet.')} />;
  const categories = [...new Set(items.map((i) => i.category).filter(Boolean))];
  const columns = typeof w['columns'] === 'number' ? w['columns'] : 3;
  return (
    <div className="pb-portfolio">
      {w['filterable'] === true && categories.length > 0 && (
        <div className="pb-portfolio__filter" role="group" aria-label={t('Filter')}>
          <button type="button" aria-pressed={filter === null} onClick={() => setFilter(null)}>
            {t('All')}
          </button>
          {categories.map((c) => (
            <button key={c} type="button" aria-pressed={filter === c} onClick={() => setFilter(c)}>
              {c}
            </button>
          ))}
        </div>
      )}
      <ul className="pb-portfolio__grid" style={{ gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))` }}>
        {items.map((it, i) => (
          <li key={i} hidden={filter !== null && it.category !== filter} data-category={it.category}>
            <a href={it.href || undefined}>
              <Img img={it.img} alt={it.title} eager />
              <span>{it.title}</span>
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Before/after: the "before" image is clipped at the slider's position; a range input moves it (keyboard too). */
export function ImageComparison({ w, media }: { w: Widget; media: Record<string, ImageData> }) {
  const before = media[String(w['before'])];
  const after = media[String(w['after'])];
  const [pos, setPos] = useState(typeof w['start'] === 'number' ? w['start'] : 50);
  if (!before || !after) return <Empty text={t('Choose a before and an after image.')} />;
  return (
    <div className="pb-compare">
      <div className="pb-compare__after">
        <Img img={after} eager sizes="(max-width: 1200px) 100vw, 1200px" />
        <span className="pb-compare__label pb-compare__label--after">{str(w['after_label']) || t('After')}</span>
      </div>
      <div className="pb-compare__before" style={{ clipPath: `inset(0 ${100 - pos}% 0 0)` }}>
        <Img img={before} eager sizes="(max-width: 1200px) 100vw, 1200px" />
        <span className="pb-compare__label">{str(w['before_label']) || t('Before')}</span>
      </div>
      <input
        type="range"
        min={0}
        max={100}
        value={pos}
        aria-label={t('Compare before and after')}
        onChange={(e) => setPos(Number(e.target.value))}
      />
    </div>
  );
}
