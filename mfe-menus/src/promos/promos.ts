/** The two promos and their terms, exactly as the restaurant runs them. */
export const promos = [
  {
    id: 'birthday',
    title: 'Birthday Treat: Free Unlimited Samgyupsal',
    summary: 'Celebrate with us! The birthday celebrant eats free unlimited samgyupsal when bringing 4 friends.',
    terms: [
      'Bring 4 paying friends (a group of 5 including the celebrant).',
      'Claimable for 7 days: 3 days before, on the day, and 3 days after your birthday.',
      'Show a valid ID with your birth date.',
      'Valid all year.',
    ],
    validUntil: null,
  },
  {
    id: 'womens-month',
    title: "Women's Month: 50% Off All Cheese",
    summary: 'For all women diners: half price on every cheese add-on.',
    terms: ['For women diners only.', 'Applies to all cheese add-ons.', 'Valid until March 31, 2025.'],
    validUntil: '2025-03-31',
  },
] as const;

/** A promo has ended once its last valid day is over, in the restaurant's time zone. */
export function hasEnded(validUntil: string | null, now: Date = new Date()): boolean {
  if (!validUntil) return false;
  const lastMomentInManila = new Date(`${validUntil}T23:59:59.999+08:00`);
  return now.getTime() > lastMomentInManila.getTime();
}
