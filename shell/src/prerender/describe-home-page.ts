import { siteConfig, TIME_SLOTS } from '@samgyup/shared/constants';
import { RESTAURANT_SETTINGS_PATH, WEEKDAY_NAMES, type PublicRestaurantSettings } from '@samgyup/shared/settings';
import { readRestaurantSettings } from '@samgyup/shared/settings/use-restaurant-settings';
import type { DayOfWeek, OpeningHoursSpecification, Restaurant, WithContext } from 'schema-dts';

/** "8:00 PM - 9:30 PM" -> "21:30": where the last open slot ends. */
function endOf(label: string): string {
  const [, hours, minutes, half] = /-\s*(\d{1,2}):(\d{2})\s*(AM|PM)$/.exec(label) ?? [];
  if (!hours) throw new Error(`A time slot label without an end: ${label}`);
  const hour = (Number(hours) % 12) + (half === 'PM' ? 12 : 0);
  return `${String(hour).padStart(2, '0')}:${minutes}`;
}

/** The restaurant's hours: its open weekdays, from the first open slot's start to the last one's end. */
function openingHours(settings: PublicRestaurantSettings): OpeningHoursSpecification[] {
  const slots = TIME_SLOTS.filter((slot) => !settings.closed_slots.includes(slot.start));
  if (slots.length === 0 || settings.open_weekdays.length === 0) return [];
  return [
    {
      '@type': 'OpeningHoursSpecification',
      dayOfWeek: [...settings.open_weekdays].sort().map((day) => WEEKDAY_NAMES[day] as DayOfWeek),
      opens: slots[0].start,
      closes: endOf(slots[slots.length - 1].label),
    },
  ];
}

/**
 * The restaurant as search engines read it (schema.org Restaurant), from the
 * owner's live settings. No rating: Google ignores (and may penalise) reviews a
 * business marks up about itself.
 */
export function restaurantStructuredData(settings: PublicRestaurantSettings, siteUrl: string): WithContext<Restaurant> {
  const page = (path: string) => new URL(path, siteUrl).href;
  const [street, locality] = settings.contact.address.split(/,\s*(?=Poblacion|Plaridel)/);
  return {
    '@context': 'https://schema.org',
    '@type': 'Restaurant',
    name: siteConfig.brandName,
    description: siteConfig.footerBlurb,
    url: page('/'),
    telephone: settings.contact.phone,
    email: settings.contact.email,
    address: {
      '@type': 'PostalAddress',
      streetAddress: street?.trim() || settings.contact.address,
      addressLocality: 'Plaridel',
      addressRegion: 'Bulacan',
      postalCode: /\b(\d{4})\b/.exec(locality ?? settings.contact.address)?.[1] ?? '3004',
      addressCountry: 'PH',
    },
    servesCuisine: ['Korean', 'Korean barbecue'],
    priceRange: '₱₱',
    acceptsReservations: page('/reservation'),
    hasMenu: page('/unlimited'),
    openingHoursSpecification: openingHours(settings),
    sameAs: settings.social_links.map((link) => link.href),
  };
}

/** The home page's structured data from the answers it was drawn with, or null before the settings are read. */
export function describeHomePage(answers: Record<string, unknown>, siteUrl: string) {
  const answer = answers[RESTAURANT_SETTINGS_PATH];
  return answer ? { structuredData: [restaurantStructuredData(readRestaurantSettings(answer), siteUrl)] } : null;
}
