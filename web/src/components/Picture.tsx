import type { ImgHTMLAttributes } from 'react';
import type { ImageData } from '../lib/types';
import type { ImageSize } from '../generated/wire';

/**
 * An image of the media library shown at one of its sub-sizes (`size`: its `src`, width and
 * height): its WebP sub-sizes first, the JPEG ones for browsers without WebP. `eager` loads it
 * at once, for the images a page measures or shows first; every other one loads lazily.
 * `<picture>` adds no box of its own (`display: contents`), so layout and selectors see the
 * `<img>` as before.
 */
export function Picture({
  image,
  size,
  eager = false,
  ...rest
}: {
  image: Pick<ImageData, 'srcset' | 'srcset_webp'>;
  size: ImageSize;
  eager?: boolean;
} & Omit<ImgHTMLAttributes<HTMLImageElement>, 'srcSet' | 'src' | 'width' | 'height' | 'loading'>) {
  const img = { ...rest, src: size.src, width: size.width, height: size.height, loading: eager ? 'eager' : 'lazy' } as const;
  if (!image.srcset_webp) return <img {...img} srcSet={image.srcset} />;
  return (
    <picture>
      <source type="image/webp" srcSet={image.srcset_webp} sizes={img.sizes} />
      <img {...img} srcSet={image.srcset} />
    </picture>
  );
}
