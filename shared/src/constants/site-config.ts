export const siteConfig = {
  brandName: 'Samgyup Plaridel',
  galleryIntervalMs: 2000,
  openingText: 'Opened 9:00 pm',
};
