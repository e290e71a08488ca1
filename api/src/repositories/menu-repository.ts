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

export interface StaffMenuItem extends MenuItem {
  category: MenuCategory;
  is_available: boolean;
  availability_changed_by: string | null;
}

/** Every item, available or not (the staff console). */
export function listAllMenuItems(db: Queryable): Promise<StaffMenuItem[]> {
  return db.query<StaffMenuItem>(
    `SELECT id, category, name, description, selling_price, image_url, is_premium, is_available, availability_changed_by
       FROM menu_items ORDER BY category, sort_order, id`,
  );
}

export async function setMenuItemAvailable(db: Queryable, id: number, available: boolean, by: string): Promise<boolean> {
  const rows = await db.query(
    'UPDATE menu_items SET is_available = $2, availability_changed_by = $3, updated_at = now() WHERE id = $1 RETURNING id',
    [id, available, by],
  );
  return rows.length === 1;
}
