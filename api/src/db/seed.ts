import type { Database } from './database';
import { lockSchemaChanges } from './migrate';

type SeedItem = [name: string, description: string, price: number, premium?: boolean, featured?: boolean];

const MENU: Record<'unlimited' | 'alacarte' | 'sidedish', SeedItem[]> = {
  unlimited: [
    ['Set A Unlimited Pork', 'Unlimited pork belly and pork jowl, with unlimited rice, side dishes and drinks.', 199, false, true],
    ['Set B Unlimited Pork & Chicken', 'Pork belly, spicy pork and garlic-butter chicken, with unlimited rice, sides and drinks.', 249],
    ['Set C Unlimited Pork & Beef', 'Pork belly, beef bulgogi and beef brisket, with unlimited rice, sides and drinks.', 299],
    ['Set D Premium Unlimited', 'Premium pork, premium chicken and marinated beef short plate, with unlimited cheese.', 399, true],
    ['Kids Unlimited (4 ft and below)', 'Any set for our little diners, served with the same unlimited rice, sides and drinks.', 149],
  ],
  alacarte: [
    // The first four, in this order, are the featured page's popular picks.
    ['Samg Pork on Cup', 'Grilled samgyupsal over rice in a bento cup, ready to go.', 75, false, true],
    ['Kimchi', 'A tub of our house-fermented napa cabbage kimchi to take home.', 120, false, true],
    ['Unlimited Cheese', 'Bottomless melted cheese for dipping, added to any unlimited set.', 50, false, true],
    ['Chicken Poppers', 'Crispy bite-size chicken tossed in a sweet-spicy gochujang glaze.', 100, false, true],
    ['Beef Bulgogi on Cup', 'Sweet soy-marinated beef over rice in a bento cup.', 95],
    ['Spicy Pork on Cup', 'Gochujang pork belly over rice in a bento cup.', 85],
    ['Korean Corn Cheese', 'Sweet corn baked with mozzarella, served sizzling.', 90],
    ['Wagyu Cubes', 'Premium marbled beef cubes for the grill, 150 g.', 280, true],
  ],
  sidedish: [
    ['Siomai', 'Steamed pork dumplings.', 0],
    ['Hotdog', 'Grilled cocktail hotdogs.', 0],
    ['Cucumber', 'Chilled cucumber kimchi.', 0],
    ['Bean Sprouts', 'Sesame bean sprout namul.', 0],
    ['Kimchi', 'House napa cabbage kimchi.', 0],
    ['Fishcake', 'Sweet soy-glazed eomuk.', 0],
    ['Eggroll', 'Rolled Korean omelette.', 0],
    ['Baby Potatoes', 'Honey-glazed gamja jorim.', 0],
  ],
};

const TABLES: [number, number][] = [
  [1, 2],
  [2, 2],
  [3, 4],
  [4, 4],
  [5, 4],
  [6, 4],
  [7, 6],
  [8, 6],
  [9, 8],
  [10, 8],
];

/**
 * Tables that push together, by number, with what the joined tables seat (corner
 * seats are lost). Together they take every party from 9 to 20.
 */
const COMBINATIONS: [tableNumbers: number[], seats: number][] = [
  [[3, 4], 8],
  [[5, 6], 8],
  [[7, 8], 12],
  [[9, 10], 16],
  [[8, 9, 10], 20],
  [[7, 8, 9, 10], 26],
];

const REVIEWS: [name: string, rating: number, daysAgo: number, text: string, response?: string][] = [
  ['Maria Santos', 5, 6, 'Sulit na sulit! The pork belly was thick and juicy and the staff kept the refills coming.', 'Salamat, Maria! See you again soon.'],
  ['Jerome Dela Cruz', 4, 18, 'Great barkada spot. Loved the cheese and the kimchi. It gets busy after 7, so reserve ahead.'],
  ['Angelica Reyes', 5, 33, 'Celebrated my birthday here with the birthday promo. The whole group had a blast!'],
  ['Paolo Mendoza', 4, 51, 'Good meat quality for the price. The refill by table code is so convenient.'],
  ['Trisha Villanueva', 5, 72, 'Best samgyupsal in Plaridel. The side dishes taste homemade.'],
];

/** First-run data so a fresh site shows a living restaurant. Safe to call on every start, from any number of replicas. */
export async function seedDemoData(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    // Replicas starting together on an empty database would each find it empty.
    await lockSchemaChanges(tx);
    const [{ count: menuCount }] = await tx.query<{ count: number }>('SELECT count(*)::int AS count FROM menu_items');
    if (menuCount === 0) {
      for (const [category, items] of Object.entries(MENU)) {
        for (const [index, [name, description, price, premium = false, featured = false]] of items.entries()) {
          await tx.query(
            `INSERT INTO menu_items (category, name, description, selling_price, is_premium, is_featured, sort_order)
             VALUES ($1, $2, $3, $4, $5, $6, $7)`,
            [category, name, description, price, premium, featured, index],
          );
        }
      }
    }
    const [{ count: tableCount }] = await tx.query<{ count: number }>('SELECT count(*)::int AS count FROM restaurant_tables');
    if (tableCount === 0) {
      for (const [number, capacity] of TABLES) {
        await tx.query('INSERT INTO restaurant_tables (table_number, capacity) VALUES ($1, $2)', [number, capacity]);
      }
    }
    // Combinations are retired, never deleted: none at all means none was ever made.
    const [{ count: combinationCount }] = await tx.query<{ count: number }>('SELECT count(*)::int AS count FROM table_combinations');
    if (combinationCount === 0) {
      for (const [numbers, seats] of COMBINATIONS) {
        const members = await tx.query<{ id: number }>('SELECT id FROM restaurant_tables WHERE table_number = ANY($1::int[]) AND is_active', [numbers]);
        if (members.length !== numbers.length) continue;
        const [{ id }] = await tx.query<{ id: number }>('INSERT INTO table_combinations (seats) VALUES ($1) RETURNING id', [seats]);
        await tx.query('INSERT INTO table_combination_members (combination_id, table_id) SELECT $1, unnest($2::int[])', [id, members.map((member) => member.id)]);
      }
    }
    const [{ count: reviewCount }] = await tx.query<{ count: number }>('SELECT count(*)::int AS count FROM feedback');
    if (reviewCount === 0) {
      for (const [name, rating, daysAgo, text, response] of REVIEWS) {
        await tx.query(
          `INSERT INTO feedback (customer_name, rating, feedback_text, admin_response, admin_response_at, created_at)
           VALUES ($1, $2, $3, $4::text, CASE WHEN $4::text IS NULL THEN NULL ELSE now() END, now() - make_interval(days => $5))`,
          [name, rating, text, response ?? null, daysAgo],
        );
      }
    }
  });
}
