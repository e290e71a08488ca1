import { defaultRestaurantSettings, type PublicRestaurantSettings } from '@samgyup/shared/settings';
import { restaurantStructuredData } from './describe-home-page';

const settings = (changes: Partial<PublicRestaurantSettings> = {}): PublicRestaurantSettings => ({
  ...defaultRestaurantSettings,
  closed_dates: [],
  payment_qr_path: null,
  ...changes,
});

describe("the restaurant's structured data", () => {
  it("says where it is, how to reach it and book, from the owner's settings", () => {
    const data = restaurantStructuredData(
      settings({ contact: { address: 'Cagayan Valley Road, Poblacion, Plaridel, Bulacan 3004', phone: '+63 917 000 0000', email: 'a@b.ph' } }),
      'https://samgyup.example',
    );
    expect(data).toMatchObject({
      '@type': 'Restaurant',
      telephone: '+63 917 000 0000',
      email: 'a@b.ph',
      url: 'https://samgyup.example/',
      acceptsReservations: 'https://samgyup.example/reservation',
      address: { '@type': 'PostalAddress', streetAddress: 'Cagayan Valley Road', addressLocality: 'Plaridel', addressRegion: 'Bulacan', postalCode: '3004', addressCountry: 'PH' },
    });
    expect(data).not.toHaveProperty('aggregateRating');
  });

  it("opens on the owner's open weekdays, from the first open slot to the end of the last", () => {
    const hoursOf = (data: object) => (data as { openingHoursSpecification?: unknown }).openingHoursSpecification;
    const data = restaurantStructuredData(settings({ open_weekdays: [5, 6, 0], closed_slots: ['20:00'] }), 'https://samgyup.example');
    expect(hoursOf(data)).toEqual([{ '@type': 'OpeningHoursSpecification', dayOfWeek: ['Sunday', 'Friday', 'Saturday'], opens: '17:00', closes: '20:00' }]);
    expect(hoursOf(restaurantStructuredData(settings({ open_weekdays: [] }), 'https://samgyup.example'))).toEqual([]);
  });
});
