import { restaurantDetails } from './restaurant-details';

/** Everything site-wide that a person reads: brand, contact, navigation, story. */
export interface NavLink {
  label: string;
  to: string;
}

export const siteConfig = {
  brandName: 'Samgyup Plaridel',
  tagline: 'Unlimited Korean barbecue, grilled at your table.',
  footerBlurb: 'All-you-can-eat samgyupsal in the heart of Plaridel, Bulacan: unlimited rice, side dishes and drinks, grilled your way.',
  story: [
    'Samgyup Plaridel opened its doors in March 2019 with one grill, a handful of tables and a family recipe for kimchi.',
    'In 2020 we had to close the dining room and went online-only, sending bento cups and tubs of kimchi to homes all over Bulacan.',
    'In November 2024 the restaurant reopened under new ownership: same marinades, brand-new grills, and more room for your barkada.',
  ],
  ...restaurantDetails,
  navigation: {
    home: { label: 'Home', to: '/' },
    menu: {
      label: 'Menu',
      to: '/',
      items: [
        { label: 'Featured Menu Items', to: '/featuremenu' },
        { label: 'Unlimited Menu', to: '/unlimited' },
        { label: 'Ala Carte Menu', to: '/alacarte' },
        { label: 'Side Dishes', to: '/sidedish' },
      ] as NavLink[],
    },
    links: [
      { label: 'Promos', to: '/promos' },
      { label: 'Feedback', to: '/feedback' },
      { label: 'Reservation', to: '/reservation' },
      { label: 'Refilling', to: '/refilling' },
    ] as NavLink[],
  },
  /** Footer quick links; the help entries open real pages of the site or write to us. */
  quickLinks: [
    { label: 'Home', to: '/' },
    { label: 'Menu', to: '/featuremenu' },
    { label: 'Reservation', to: '/reservation' },
    { label: 'Refilling', to: '/refilling' },
    { label: 'FAQ', to: '/#faq' },
    { label: 'Privacy Policy', to: '/privacy-policy' },
    { label: 'Terms & Conditions', to: '/terms' },
    { label: 'Support', to: 'mailto:hello@samgyupplaridel.ph?subject=Support' },
  ] as NavLink[],
  galleryIntervalMs: 2000,
} as const;
