import { describe, expect, it } from 'vitest';
import type { GallerySlide, ImageData, VariationData } from '../../../lib/types';
import { firstSlideFor, lightboxItem, lightboxTriggerVisible, mediaSrc, thumbsVisible, zoomable } from './gallery';

const img = (id: number, caption = '', name = `Bild ${id}`, width = 1024): ImageData => ({
  id,
  src: `/u/${id}.jpg`,
  thumbnail: `/u/${id}-150.jpg`,
  srcset: '',
  srcset_webp: '',
  sizes: '',
  name,
  alt: '',
  width: 1200,
  height: 1200,
  caption,
  large: { src: `/u/${id}-1024.jpg`, width, height: width },
  medium: { src: `/u/${id}-300.jpg`, width: 300, height: 300 },
});
const image = (id: number, caption = ''): GallerySlide => ({ type: 'image', image: img(id, caption) });
const iframe: GallerySlide = { type: 'iframe', src: 'https://www.youtube-nocookie.com/embed/x"y', poster: null };
const video: GallerySlide = { type: 'video', src: '/v.webm', autoplay: true, poster: null };

describe('lightboxItem', () => {
  it('takes the large image, its size, alt (or the product name) and caption, else title', () => {
    expect(lightboxItem(image(1, 'Frisch geröstet'), 'Espresso')).toEqual({
      src: '/u/1-1024.jpg',
      w: 1024,
      h: 1024,
      width: 1024,
      height: 1024,
      alt: 'Espresso',
      title: 'Frisch geröstet',
    });
    expect(lightboxItem(image(2), 'Espresso')).toMatchObject({ title: 'Bild 2' });
  });
  it('gives iframe media of this site as an HTML block, escaped', () => {
    const item = lightboxItem({ type: 'iframe', src: '/uploads/tour"1.html', poster: null }, 'Film "A"');
    expect(item).toEqual({
      html: '<div class="pswp__iframe"><iframe src="/uploads/tour&quot;1.html" title="Film &quot;A&quot;" allowfullscreen></iframe></div>',
    });
  });
  it("gives another site's player as its notice, the iframe only in the button that loads it", () => {
    const item = lightboxItem(iframe, 'Film "A"');
    const html = item && 'html' in item ? item.html : '';
    // Nothing of YouTube's is fetched while the notice shows: no iframe element, no address outside the button's data.
    expect(html).not.toContain('<iframe');
    expect(html).toContain('aria-label="Film &quot;A&quot;"');
    expect(html).toContain('Beim Laden des Videos werden Daten an YouTube übertragen, etwa Ihre IP-Adresse.');
    expect(html).toMatch(/<button type="button" class="button button--primary" data-embed="[^"]*">Video laden<\/button>/);
    const embed = /data-embed="([^"]*)"/.exec(html)?.[1] ?? '';
    const unescaped = embed
      .replace(/&lt;/g, '<')
      .replace(/&quot;/g, '"')
      .replace(/&amp;/g, '&');
    expect(unescaped).toBe(
      '<iframe src="https://www.youtube-nocookie.com/embed/x&quot;y" title="Film &quot;A&quot;" allowfullscreen></iframe>',
    );
  });
});

describe('lightbox trigger and zoom', () => {
  it.each([
    [image(1), true],
    [video, true],
    [iframe, false],
    [undefined, false],
  ])('trigger for %j → %j', (slide, want) => {
    expect(lightboxTriggerVisible(slide)).toBe(want);
  });
  it.each([
    [1024, 600, true],
    [1024, 1024, false],
    [800, 1024, false],
    [1024, 0, false],
  ])('large %d in a %d px gallery → zoom %j', (large, gallery, want) => {
    expect(zoomable(img(1, '', 'x', large), gallery)).toBe(want);
  });
  it('shows 7 thumbnails, 5 when vertical', () => {
    expect(thumbsVisible(false)).toBe(7);
    expect(thumbsVisible(true)).toBe(5);
  });
});

describe('firstSlideFor', () => {
  const base = {
    variation_id: 9,
    sku: '',
    attributes: {},
    is_in_stock: true,
    is_purchasable: true,
    display_price: 1,
    display_regular_price: 1,
    max_qty: 1,
    min_qty: 1,
    image_id: 0,
    image: null,
    low_stock_remaining: null,
  } as VariationData;
  const fallback = image(1);
  it.each([
    ['no variation → default', null, fallback],
    ['variation without image → default', base, fallback],
    ['variation image', { ...base, image_id: 5, image: img(5) }, { type: 'image', image: img(5) }],
    [
      'attached video when enabled',
      { ...base, image: img(5), laden_attached_media: '/v.mp4', laden_attached_media_type: 'video', laden_attached_media_enabled: true },
      { type: 'video', src: '/v.mp4', autoplay: false, poster: null },
    ],
    [
      'attached media disabled → image',
      { ...base, image: img(5), laden_attached_media: '/v.mp4', laden_attached_media_type: 'video', laden_attached_media_enabled: false },
      { type: 'image', image: img(5) },
    ],
    [
      'attached iframe',
      { ...base, laden_attached_media: 'https://x/embed', laden_attached_media_type: 'iframe', laden_attached_media_enabled: true },
      { type: 'iframe', src: 'https://x/embed', poster: null },
    ],
  ] as const)('%s', (_, variation, want) => {
    expect(firstSlideFor(variation as VariationData | null, 'laden', fallback)).toEqual(want);
  });
});

describe('mediaSrc', () => {
  it.each([
    ['', null],
    ['/v.mp4', '/v.mp4'],
    [
      '<video controls><source src="/uploads/demo/video/tee.webm" type="video/webm"><source src="/x.mp4"></video>',
      '/uploads/demo/video/tee.webm',
    ],
    [
      '<iframe src=\'https://www.youtube-nocookie.com/embed/a?b=1&amp;c=2\' loading="lazy"></iframe>',
      'https://www.youtube-nocookie.com/embed/a?b=1&c=2',
    ],
    ['<p>kein Medium</p>', null],
  ])('%j → %j', (html, want) => {
    expect(mediaSrc(html)).toBe(want);
  });
});
