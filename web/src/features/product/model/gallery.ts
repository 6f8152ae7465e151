/**
 * Gallery rules (spec §3 "Gallery item passed to the lightbox", §4 "Gallery
 * media", §2 "Zoom"), pure so they are tested as tables.
 */
import type { GallerySlide, ImageData, VariationData } from '../../../lib/types';
import { GALLERY_THUMBS_VISIBLE, GALLERY_THUMBS_VISIBLE_VERTICAL } from '../../../config/constants';
import { embedProvider } from '../../../lib/embeds';
import { t } from '../../../lib/i18n';

/** What PhotoSwipe shows: an image (large size) or an HTML block for iframe media. */
export type LightboxItem =
  { src: string; w: number; h: number; width: number; height: number; alt: string; title: string } | { html: string };

const escapeAttr = (s: string): string => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

export function lightboxItem(slide: GallerySlide, name: string): LightboxItem | null {
  switch (slide.type) {
    case 'image': {
      const img = slide.image;
      return {
        src: img.large.src,
        w: img.large.width,
        h: img.large.height,
        width: img.large.width,
        height: img.large.height,
        alt: img.alt || name,
        title: img.caption || img.name,
      };
    }
    case 'iframe': {
      const frame = `<iframe src="${escapeAttr(slide.src)}" title="${escapeAttr(name)}" allowfullscreen></iframe>`;
      const provider = embedProvider(slide.src);
      // Another site's player waits for the visitor's click here too (the lightbox swaps it in).
      const html = provider
        ? `<div class="embed-consent" role="group" aria-label="${escapeAttr(name)}"><p>${escapeAttr(
            t('Loading the video sends data to %s, such as your IP address.', provider.name),
          )}</p><button type="button" class="button button--primary" data-embed="${escapeAttr(frame)}">${escapeAttr(t('Load video'))}</button></div>`
        : frame;
      return { html: `<div class="pswp__iframe">${html}</div>` };
    }
    case 'video':
      return { html: `<div class="pswp__video"><video src="${escapeAttr(slide.src)}" controls playsinline></video></div>` };
  }
}

/** The lightbox shows the gallery's slides; the trigger is hidden while an iframe slide is active. */
export const lightboxTriggerVisible = (active: GallerySlide | undefined): boolean => active !== undefined && active.type !== 'iframe';

/** Zoom only when the large image is wider than the gallery. */
export const zoomable = (image: ImageData, galleryWidth: number): boolean => galleryWidth > 0 && image.large.width > galleryWidth;

export const thumbsVisible = (vertical: boolean): number => (vertical ? GALLERY_THUMBS_VISIBLE_VERTICAL : GALLERY_THUMBS_VISIBLE);

/** The source of attached media: a URL, or the first `src` in its HTML (`<video><source src>`, `<iframe src>`). */
export function mediaSrc(media: string): string | null {
  const m = media.trim();
  if (m === '') return null;
  if (!m.startsWith('<')) return m;
  const found = /\bsrc\s*=\s*"([^"]+)"/.exec(m) ?? /\bsrc\s*=\s*'([^']+)'/.exec(m);
  return found?.[1]?.replace(/&amp;/g, '&') ?? null;
}

/**
 * The first slide for a chosen variation: its attached media when enabled,
 * else its image, else the product's default first slide.
 */
export function firstSlideFor(
  variation: VariationData | null,
  prefix: string,
  fallback: GallerySlide | undefined,
): GallerySlide | undefined {
  if (!variation) return fallback;
  const media = variation[`${prefix}_attached_media`];
  const type = variation[`${prefix}_attached_media_type`];
  const enabled = variation[`${prefix}_attached_media_enabled`] === true;
  const poster = (variation[`${prefix}_attached_media_poster`] as ImageData | null | undefined) ?? null;
  const src = typeof media === 'string' ? mediaSrc(media) : null;
  if (enabled && src) {
    if (type === 'iframe') return { type: 'iframe', src, poster };
    if (type === 'video') return { type: 'video', src, autoplay: false, poster };
  }
  if (variation.image) return { type: 'image', image: variation.image };
  return fallback;
}
