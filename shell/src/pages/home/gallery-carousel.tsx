import { siteConfig } from '@samgyup/shared';
import { useRef, useState } from 'react';
import banchan from '../../assets/gallery-banchan.svg?markup';
import friends from '../../assets/gallery-friends.svg?markup';
import porkBelly from '../../assets/gallery-pork-belly.svg?markup';
import ssam from '../../assets/gallery-ssam.svg?markup';
import storefront from '../../assets/gallery-storefront.svg?markup';
import { Illustration } from './illustration';
import { useAutoAdvance } from './use-auto-advance';

export const gallerySlides = [
  { markup: porkBelly, alt: 'Thick slices of pork belly sizzling on a round table grill' },
  { markup: banchan, alt: 'Six small bowls of banchan side dishes: kimchi, cucumber, fishcake and more' },
  { markup: friends, alt: 'A group of friends raising their glasses around the grill' },
  { markup: ssam, alt: 'Grilled pork wrapped in a fresh lettuce leaf with garlic and gochujang' },
  { markup: storefront, alt: 'The lit-up front of Samgyup Plaridel at night' },
];

/**
 * Five pictures, one every 2 seconds, paused while the visitor hovers it or moves
 * into it with the keyboard, and stopped for good with its Pause button (WCAG 2.2.2).
 */
export function GalleryCarousel() {
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  // A click or tap on a dot focuses it too; that focus must not keep the gallery
  // stopped once the pointer has left, so only keyboard focus pauses it.
  const pointing = useRef(false);
  const { index, setIndex, stopped, setStopped } = useAutoAdvance(gallerySlides.length, siteConfig.galleryIntervalMs, hovered || focused);

  return (
    <section className="home-section home-gallery" aria-labelledby="gallery-title">
      <h2 id="gallery-title">Gallery</h2>
      <div
        className="gallery"
        aria-roledescription="carousel"
        aria-label="Photos of the restaurant"
        onMouseEnter={() => setHovered(true)}
        onMouseLeave={() => setHovered(false)}
        onPointerDown={() => (pointing.current = true)}
        onClick={() => (pointing.current = false)}
        onKeyDown={() => (pointing.current = false)}
        onFocus={() => setFocused(!pointing.current)}
        onBlur={() => setFocused(false)}
      >
        {/* No style on the first slide: the prerendered page must not need inline styles (CSP). */}
        <div className="gallery__track" style={index === 0 ? undefined : { transform: `translateX(-${index * 100}%)` }}>
          {gallerySlides.map((slide, slideIndex) => (
            <figure
              key={slide.alt}
              className="gallery__slide"
              aria-roledescription="slide"
              aria-label={`${slideIndex + 1} of ${gallerySlides.length}`}
              aria-hidden={slideIndex !== index}
            >
              <Illustration markup={slide.markup} label={slide.alt} />
            </figure>
          ))}
        </div>
        <div className="gallery__indicators">
          <button type="button" className="gallery__play" aria-label={stopped ? 'Play the slideshow' : 'Pause the slideshow'} onClick={() => setStopped(!stopped)}>
            <span aria-hidden="true" className={stopped ? 'gallery__play-icon' : 'gallery__pause-icon'} />
          </button>
          {gallerySlides.map((slide, slideIndex) => (
            <button
              key={slide.alt}
              type="button"
              className="gallery__dot"
              aria-label={`Show slide ${slideIndex + 1}`}
              aria-pressed={slideIndex === index}
              onClick={() => setIndex(slideIndex)}
            />
          ))}
        </div>
      </div>
    </section>
  );
}
