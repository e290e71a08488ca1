/** The spec's static popular picks, with their exact prices in pesos. */
export const popularPicks = [
  { name: 'Set A Unlimited Pork', price: 199, description: 'Unlimited pork belly and pork jowl with rice, sides and drinks.' },
  { name: 'Samg Pork on Cup', price: 75, description: 'Grilled samgyupsal over rice in a bento cup, ready to go.' },
  { name: 'Kimchi', price: 120, description: 'A tub of our house-fermented napa cabbage kimchi.' },
  { name: 'Unlimited Cheese', price: 50, description: 'Bottomless melted cheese for dipping, added to any set.' },
  { name: 'Chicken Poppers', price: 100, description: 'Crispy bite-size chicken with a sweet-spicy glaze.' },
] as const;
