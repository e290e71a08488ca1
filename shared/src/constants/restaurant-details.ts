/**
 * How to reach and pay the restaurant, as the site shipped: the owner's settings
 * start from these. A module of its own so that the settings' defaults, bundled
 * into each part that reads them, bring these lines and not the whole site text.
 */
export const restaurantDetails = {
  openingText: 'Opened 9:00 pm',
  contact: {
    address: 'Cagayan Valley Road, Poblacion, Plaridel, Bulacan 3004',
    phone: '+63 917 555 0142',
    email: 'hello@samgyupplaridel.ph',
  },
  social: [
    { label: 'Facebook', href: 'https://www.facebook.com/samgyupplaridel' },
    { label: 'Instagram', href: 'https://www.instagram.com/samgyupplaridel' },
    { label: 'TikTok', href: 'https://www.tiktok.com/@samgyupplaridel' },
  ],
  /** Where diners send the reservation down payment; the reservation page draws its QR code from this. */
  payment: {
    wallet: 'GCash',
    accountName: 'Samgyup Plaridel',
    accountNumber: '0917 555 0142',
  },
} as const;
