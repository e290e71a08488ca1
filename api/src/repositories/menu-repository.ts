import type { MenuCategory, MenuItemChange, MenuItemInput, PhotoVariants, PublicMenuItem, StaffMenuItem } from '@samgyup/shared/validation';
import { queryOne, type Queryable } from '../db/database';
import { PHOTO_COLUMNS, withPhoto, type PhotoRow } from './photos-repository';

export type { MenuCategory };

export type MenuItem = PublicMenuItem & { is_premium: boolean; is_featured: boolean; photo: PhotoVariants | null };

type MenuItemRow = Omit<MenuItem, 'photo'> & PhotoRow;

/** The item with its photo; image_url (the first version's field) then names the photo's largest JPEG. */
function withItemPhoto<T extends MenuItemRow>(row: T) {
  const item = withPhoto(row);
  return { ...item, image_url: item.photo ? `${item.photo.path}/${item.photo.width}.jpg` : item.image_url };
}

const PUBLIC_COLUMNS = `m.id, m.name, m.description, m.selling_price, m.image_url, m.is_premium, m.is_featured, ${PHOTO_COLUMNS}`;
const ON_THE_MENU = 'm.is_available AND m.retired_at IS NULL';

/** Available items of one category, in the restaurant's own order. */
export async function listAvailableMenuItems(db: Queryable, category: MenuCategory): Promise<MenuItem[]> {
  const rows = await db.query<MenuItemRow>(
    `SELECT ${PUBLIC_COLUMNS} FROM menu_items m LEFT JOIN photos p ON p.id = m.photo_id
      WHERE m.category = $1 AND ${ON_THE_MENU}
      ORDER BY m.sort_order, m.id`,
    [category],
  );
  return rows.map(withItemPhoto);
}

/** The featured page's items: menu by menu (unlimited sets first), each in its menu's order. */
export async function listFeaturedMenuItems(db: Queryable): Promise<MenuItem[]> {
  const rows = await db.query<MenuItemRow>(
    `SELECT ${PUBLIC_COLUMNS} FROM menu_items m LEFT JOIN photos p ON p.id = m.photo_id
      WHERE m.is_featured AND ${ON_THE_MENU}
      ORDER BY array_position(ARRAY['unlimited', 'alacarte', 'sidedish'], m.category), m.sort_order, m.id`,
  );
  return rows.map(withItemPhoto);
}

/** Every item, retired ones last (the staff console). */
export async function listAllMenuItems(db: Queryable): Promise<StaffMenuItem[]> {
  const rows = await db.query<StaffMenuItem & PhotoRow>(
    `SELECT ${PUBLIC_COLUMNS}, m.category, m.is_available, m.availability_changed_by, m.retired_at
       FROM menu_items m LEFT JOIN photos p ON p.id = m.photo_id
      ORDER BY m.category, m.retired_at IS NOT NULL, m.sort_order, m.id`,
  );
  return rows.map(withItemPhoto);
}

export interface MenuItemState {
  id: number;
  category: MenuCategory;
  name: string;
  description: string;
  selling_price: number;
  is_premium: boolean;
  is_featured: boolean;
  is_available: boolean;
  retired: boolean;
  photo_id: number | null;
}

/** An item as it is now, locked until the transaction ends (what an audit entry compares against). */
export function lockMenuItem(db: Queryable, id: number): Promise<MenuItemState | null> {
  return queryOne<MenuItemState>(
    db,
    `SELECT id, category, name, description, selling_price, is_premium, is_featured, is_available, retired_at IS NOT NULL AS retired, photo_id
       FROM menu_items WHERE id = $1 FOR UPDATE`,
    [id],
  );
}

/** A new item, last on its menu. */
export async function insertMenuItem(db: Queryable, item: Required<MenuItemInput>, by: string): Promise<number> {
  const row = await queryOne<{ id: number }>(
    db,
    `INSERT INTO menu_items (category, name, description, selling_price, is_premium, is_featured, is_available, availability_changed_by, sort_order)
     SELECT $1, $2, $3, $4, $5, $6, $7, $8, coalesce(max(sort_order) + 1, 0) FROM menu_items WHERE category = $1
     RETURNING id`,
    [item.category, item.name, item.description, item.selling_price, item.is_premium, item.is_featured, item.is_available, by],
  );
  return row!.id;
}

/** Applies the fields of `change` that are set; `retired` sets or clears the retirement date. */
export async function updateMenuItem(db: Queryable, id: number, change: MenuItemChange, by: string): Promise<void> {
  await db.query(
    `UPDATE menu_items SET
        name = coalesce($2, name),
        description = coalesce($3, description),
        selling_price = coalesce($4, selling_price),
        is_premium = coalesce($5, is_premium),
        is_featured = coalesce($6, is_featured),
        availability_changed_by = CASE WHEN $7::boolean IS NULL OR $7 = is_available THEN availability_changed_by ELSE $9 END,
        is_available = coalesce($7, is_available),
        retired_at = CASE WHEN $8::boolean IS NULL THEN retired_at WHEN $8 THEN coalesce(retired_at, now()) ELSE NULL END,
        updated_at = now()
      WHERE id = $1`,
    [
      id,
      change.name ?? null,
      change.description ?? null,
      change.selling_price ?? null,
      change.is_premium ?? null,
      change.is_featured ?? null,
      change.is_available ?? null,
      change.retired ?? null,
      by,
    ],
  );
}

export async function setMenuItemPhoto(db: Queryable, id: number, photoId: number | null): Promise<boolean> {
  const rows = await db.query('UPDATE menu_items SET photo_id = $2, updated_at = now() WHERE id = $1 RETURNING id', [id, photoId]);
  return rows.length === 1;
}

/**
 * Puts one menu's current items in the order of `ids`. False, changing nothing,
 * unless `ids` names every current item of that menu exactly once.
 */
export async function reorderMenuItems(db: Queryable, category: MenuCategory, ids: number[]): Promise<boolean> {
  const current = await db.query<{ id: number }>('SELECT id FROM menu_items WHERE category = $1 AND retired_at IS NULL FOR UPDATE', [category]);
  if (current.length !== ids.length || !current.every(({ id }) => ids.includes(id))) return false;
  await db.query(
    `UPDATE menu_items m SET sort_order = o.position - 1, updated_at = now()
       FROM unnest($1::int[]) WITH ORDINALITY AS o(id, position) WHERE m.id = o.id`,
    [ids],
  );
  return true;
}
