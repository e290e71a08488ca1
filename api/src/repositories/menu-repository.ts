import type { Queryable } from '../db/database';

export type MenuCategory = 'unlimited' | 'alacarte' | 'sidedish';

export interface MenuItem {
  id: number;
  name: string;
  description: string;
  selling_price: number;
  image_url: string | null;
  is_premium: boolean;
}

/** Available items of one category, in the restaurant's own order. */
export function listAvailableMenuItems(db: Queryable, category: MenuCategory): Promise<MenuItem[]> {
  return db.query<MenuItem>(
    `SELECT id, name, description, selling_price, image_url, is_premium
       FROM menu_items WHERE category = $1 AND is_available
      ORDER BY sort_order, id`,
    [category],
  );
}
