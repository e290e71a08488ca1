/** Everything a table can ask to be refilled, grouped as the first version groups it. */
export const refillItemGroups = [
  { group: 'side', label: 'Sides', items: ['Siomai', 'Hotdog', 'Cucumber', 'Bean Sprouts', 'Kimchi', 'Fishcake', 'Eggroll', 'Baby Potatoes'] },
  { group: 'meat', label: 'Meats', items: ['Pork', 'Beef', 'Chicken', 'Premium Pork', 'Premium Chicken'] },
  { group: 'food', label: 'Food', items: ['Rice', 'Lettuce', 'Cheese', 'Drinks'] },
] as const;

export type RefillGroup = (typeof refillItemGroups)[number]['group'];
export type RefillItemName = (typeof refillItemGroups)[number]['items'][number];
export type RefillQuantities = Partial<Record<RefillItemName, number>>;

export const REFILL_MAX_QUANTITY = 20;
export const GENERAL_REFILL = 'General Refill';

export const refillItemNames: readonly RefillItemName[] = refillItemGroups.flatMap((group) => group.items);

export function isRefillItemName(name: string): name is RefillItemName {
  return (refillItemNames as readonly string[]).includes(name);
}

/** The chosen items in menu order, quantity above 0. */
export function chosenItems(quantities: RefillQuantities): { name: RefillItemName; quantity: number; group: RefillGroup }[] {
  return refillItemGroups.flatMap(({ group, items }) => items.map((name) => ({ name, quantity: quantities[name] ?? 0, group })).filter((item) => item.quantity > 0));
}

/** The spec's request_type: 'Pork (2), Kimchi (1)', or 'General Refill' when nothing is picked. */
export function refillRequestType(quantities: RefillQuantities): string {
  const chosen = chosenItems(quantities);
  return chosen.length === 0 ? GENERAL_REFILL : chosen.map((item) => `${item.name} (${item.quantity})`).join(', ');
}

/** The spec's notes: the chosen quantities grouped as side, meat and food. */
export function refillNotes(quantities: RefillQuantities): string {
  const chosen = chosenItems(quantities);
  return refillItemGroups
    .map(({ group }) => {
      const inGroup = chosen.filter((item) => item.group === group);
      const list = inGroup.length ? inGroup.map((item) => `${item.name} x${item.quantity}`).join(', ') : 'none';
      return `${group}: ${list}`;
    })
    .join('; ');
}

/**
 * Reads a request_type back into items, for the API to check: known names,
 * whole numbers 1–20, each item once. Null when it is not in that form.
 */
export function parseRefillRequestType(text: string): { name: RefillItemName; quantity: number }[] | null {
  const trimmed = text.trim();
  if (trimmed === GENERAL_REFILL) return [];
  const seen = new Set<string>();
  const items: { name: RefillItemName; quantity: number }[] = [];
  for (const part of trimmed.split(',')) {
    const match = /^\s*(.+?)\s*\((\d{1,2})\)\s*$/.exec(part);
    if (!match || !isRefillItemName(match[1]) || seen.has(match[1])) return null;
    const quantity = Number(match[2]);
    if (quantity < 1 || quantity > REFILL_MAX_QUANTITY) return null;
    seen.add(match[1]);
    items.push({ name: match[1], quantity });
  }
  return items;
}
