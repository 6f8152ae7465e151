import type { WpMedia } from '../../../generated/wire';
import type { ImageData } from '../../../lib/types';

/** A library image in the shape the widgets draw. */
export function imageOf(m: WpMedia): ImageData {
  const s = m.media_details.sizes;
  const size = (k: string) => ({
    src: s[k]?.source_url ?? m.source_url,
    width: s[k]?.width ?? m.media_details.width,
    height: s[k]?.height ?? m.media_details.height,
  });
  const large = s['large'] ? size('large') : size('full');
  return {
    id: m.id,
    src: m.source_url,
    thumbnail: size('thumbnail').src,
    srcset: Object.values(s)
      .map((x) => `${x.source_url} ${x.width}w`)
      .join(', '),
    sizes: '(max-width: 1200px) 100vw, 1200px',
    name: '',
    alt: m.alt_text,
    width: m.media_details.width,
    height: m.media_details.height,
    caption: '',
    large,
    medium: s['medium'] ? size('medium') : large,
  } as ImageData;
}
