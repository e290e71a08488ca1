/** The restaurant's 4 core values, shown on /feedback. */
export const coreValues = [
  {
    title: 'Fresh Ingredients, Authentic Flavors',
    text: 'Pork and beef cut fresh every day, marinades and kimchi made in our own kitchen the Korean way.',
  },
  {
    title: 'Customer Focus',
    text: 'Your table, your pace: we refill quickly, listen to every review and answer it.',
  },
  {
    title: 'Consistency',
    text: 'The same quality on a quiet Monday and a packed Saturday night, visit after visit.',
  },
  {
    title: 'Innovation',
    text: 'New sets, sides and promos each season, and a website that lets you reserve and ask for refills from your phone.',
  },
] as const;
