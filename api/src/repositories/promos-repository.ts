import type { PromoInput, PublicPromo, StaffPromo } from '@samgyup/shared/validation';
import { queryOne, type Queryable } from '../db/database';
import { PHOTO_COLUMNS, withPhoto, type PhotoRow } from './photos-repository';

// Dates as text (YYYY-MM-DD), whatever the driver's time zone.
const PUBLIC_COLUMNS = `r.id, r.title, r.summary, r.terms, r.starts_on::text AS starts_on, r.ends_on::text AS ends_on, ${PHOTO_COLUMNS}`;

/** The promos /promos shows on `today` (the restaurant's date): not hidden and started; ended ones too, which the page marks. */
export async function listShownPromos(db: Queryable, today: string): Promise<PublicPromo[]> {
  const rows = await db.query<Omit<PublicPromo, 'photo'> & PhotoRow>(
    `SELECT ${PUBLIC_COLUMNS} FROM promos r LEFT JOIN photos p ON p.id = r.photo_id
      WHERE NOT r.is_hidden AND (r.starts_on IS NULL OR r.starts_on <= $1::date)
      ORDER BY r.sort_order, r.id`,
    [today],
  );
  return rows.map(withPhoto);
}

export async function listAllPromos(db: Queryable): Promise<StaffPromo[]> {
  const rows = await db.query<Omit<StaffPromo, 'photo'> & PhotoRow>(
    `SELECT ${PUBLIC_COLUMNS}, r.is_hidden, r.updated_by FROM promos r LEFT JOIN photos p ON p.id = r.photo_id ORDER BY r.sort_order, r.id`,
  );
  return rows.map(withPhoto);
}

export type PromoState = Required<PromoInput> & { id: number; photo_id: number | null };

/** A promo as it is now, locked until the transaction ends. */
export function lockPromo(db: Queryable, id: number): Promise<PromoState | null> {
  return queryOne<PromoState>(
    db,
    `SELECT id, title, summary, terms, starts_on::text AS starts_on, ends_on::text AS ends_on, is_hidden, photo_id
       FROM promos WHERE id = $1 FOR UPDATE`,
    [id],
  );
}

const FIELDS = (promo: Required<PromoInput>) => [promo.title, promo.summary, promo.terms, promo.starts_on, promo.ends_on, promo.is_hidden];

/** A new promo, last on the page. */
export async function insertPromo(db: Queryable, promo: Required<PromoInput>, by: string): Promise<number> {
  const row = await queryOne<{ id: number }>(
    db,
    `INSERT INTO promos (title, summary, terms, starts_on, ends_on, is_hidden, updated_by, sort_order)
     SELECT $1, $2, $3, $4, $5, $6, $7, coalesce(max(sort_order) + 1, 0) FROM promos
     RETURNING id`,
    [...FIELDS(promo), by],
  );
  return row!.id;
}

export async function updatePromo(db: Queryable, id: number, promo: Required<PromoInput>, by: string): Promise<void> {
  await db.query(
    `UPDATE promos SET title = $2, summary = $3, terms = $4, starts_on = $5, ends_on = $6, is_hidden = $7, updated_by = $8, updated_at = now()
      WHERE id = $1`,
    [id, ...FIELDS(promo), by],
  );
}

export async function setPromoPhoto(db: Queryable, id: number, photoId: number | null): Promise<boolean> {
  const rows = await db.query('UPDATE promos SET photo_id = $2, updated_at = now() WHERE id = $1 RETURNING id', [id, photoId]);
  return rows.length === 1;
}

/** Puts every promo in the order of `ids`; false, changing nothing, unless `ids` names each exactly once. */
export async function reorderPromos(db: Queryable, ids: number[]): Promise<boolean> {
  const current = await db.query<{ id: number }>('SELECT id FROM promos FOR UPDATE');
  if (current.length !== ids.length || !current.every(({ id }) => ids.includes(id))) return false;
  await db.query(
    `UPDATE promos r SET sort_order = o.position - 1, updated_at = now()
       FROM unnest($1::int[]) WITH ORDINALITY AS o(id, position) WHERE r.id = o.id`,
    [ids],
  );
  return true;
}
