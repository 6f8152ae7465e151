import type { ImgHTMLAttributes } from 'react';
import type { ImageData } from '../lib/types';

/**
 * An image of the media library: its WebP sub-sizes first, the JPEG ones for browsers without
 * WebP. `<picture>` adds no box of its own (`display: contents`), so layout and selectors see
 * the `<img>` as before.
 */
export function Picture({
  image,
  ...img
}: { image: Pick<ImageData, 'srcset' | 'srcset_webp'> } & Omit<ImgHTMLAttributes<HTMLImageElement>, 'srcSet'>) {
  if (!image.srcset_webp) return <img {...img} srcSet={image.srcset} />;
  return (
    <picture>
      <source type="image/webp" srcSet={image.srcset_webp} sizes={img.sizes} />
      <img {...img} srcSet={image.srcset} />
    </picture>
  );
}
