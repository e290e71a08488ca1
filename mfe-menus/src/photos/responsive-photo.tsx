import { getRuntimeConfig, useInBrowser } from '@samgyup/shared';
import type { PhotoVariants } from '@samgyup/shared/validation';
import { preload } from 'react-dom';

// The cards' width: one column on a phone, two from 40rem, three from 64rem (menus.css).
const CARD_SIZES = '(min-width: 64rem) 23rem, (min-width: 40rem) calc(50vw - 1.5rem), calc(100vw - 2rem)';

const SOURCES = [
  { type: 'image/avif', extension: 'avif' },
  { type: 'image/webp', extension: 'webp' },
] as const;

/**
 * A staff-uploaded photo: AVIF or WebP where the browser reads them, JPEG
 * otherwise, at the width the card needs, over its blurred placeholder. Its
 * files are named by content, so browsers keep them. `onFirstScreen`: fetched
 * at once, with a preload hint (the largest thing a phone shows first). The
 * others show only their placeholder in a first screen drawn ahead of time and
 * load once the page runs, so the first photo has the connection to itself.
 */
export function ResponsivePhoto({ photo, alt, onFirstScreen, onError }: { photo: PhotoVariants; alt: string; onFirstScreen: boolean; onError: () => void }) {
  const inBrowser = useInBrowser();
  if (!onFirstScreen && !inBrowser) {
    return (
      <div className="photo-frame">
        <img className="photo-frame__placeholder" src={photo.placeholder} alt={alt} width={photo.width} height={photo.height} />
      </div>
    );
  }
  const base = `${getRuntimeConfig().apiBaseUrl.replace(/\/$/, '')}${photo.path}`;
  const srcSet = (extension: string) => photo.widths.map((width) => `${base}/${width}.${extension} ${width}w`).join(', ');
  if (onFirstScreen) preload(`${base}/${photo.widths[0]}.avif`, { as: 'image', type: 'image/avif', imageSrcSet: srcSet('avif'), imageSizes: CARD_SIZES, fetchPriority: 'high' });
  return (
    <div className="photo-frame">
      <img className="photo-frame__placeholder" src={photo.placeholder} alt="" aria-hidden="true" width={photo.width} height={photo.height} />
      <picture>
        {SOURCES.map((source) => (
          <source key={source.type} type={source.type} srcSet={srcSet(source.extension)} sizes={CARD_SIZES} />
        ))}
        <img
          className="menu-card__image"
          src={`${base}/${photo.widths[photo.widths.length - 1]}.jpg`}
          srcSet={srcSet('jpg')}
          sizes={CARD_SIZES}
          alt={alt}
          width={photo.width}
          height={photo.height}
          loading={onFirstScreen ? 'eager' : 'lazy'}
          fetchPriority={onFirstScreen ? 'high' : 'auto'}
          // The first photo paints with the page rather than a frame after it.
          decoding={onFirstScreen ? 'auto' : 'async'}
          onError={onError}
        />
      </picture>
    </div>
  );
}
