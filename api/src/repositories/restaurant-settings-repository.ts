import type { ClosedDate, RestaurantSettings } from '@samgyup/shared/settings';
import { queryOne, type Queryable } from '../db/database';

/** The saved settings, or null when the owner never saved any (the defaults apply). */
export async function findSavedSettings(db: Queryable): Promise<Partial<RestaurantSettings> | null> {
  const row = await queryOne<{ settings: Partial<RestaurantSettings> | string }>(db, 'SELECT settings FROM restaurant_settings WHERE id');
  if (!row) return null;
  return typeof row.settings === 'string' ? (JSON.parse(row.settings) as Partial<RestaurantSettings>) : row.settings;
}

export async function saveSettings(db: Queryable, settings: RestaurantSettings): Promise<void> {
  await db.query(
    `INSERT INTO restaurant_settings (id, settings) VALUES (true, $1::jsonb)
     ON CONFLICT (id) DO UPDATE SET settings = EXCLUDED.settings, updated_at = now()`,
    [JSON.stringify(settings)],
  );
}

/** Locks the settings row (creating it from `current` if needed), so two admins' saves apply one after the other. */
export async function lockSettings(db: Queryable, current: RestaurantSettings): Promise<void> {
  await db.query('INSERT INTO restaurant_settings (id, settings) VALUES (true, $1::jsonb) ON CONFLICT (id) DO NOTHING', [JSON.stringify(current)]);
  await db.query('SELECT id FROM restaurant_settings WHERE id FOR UPDATE');
}

export function listClosedDates(db: Queryable, from: string): Promise<ClosedDate[]> {
  return db.query<ClosedDate>(`SELECT to_char(closed_on, 'YYYY-MM-DD') AS date, reason FROM closed_dates WHERE closed_on >= $1::date ORDER BY closed_on LIMIT 400`, [from]);
}

export async function findClosedDate(db: Queryable, date: string): Promise<ClosedDate | null> {
  return queryOne<ClosedDate>(db, `SELECT to_char(closed_on, 'YYYY-MM-DD') AS date, reason FROM closed_dates WHERE closed_on = $1::date`, [date]);
}

/** False when the date was closed already. */
export async function addClosedDate(db: Queryable, entry: ClosedDate): Promise<boolean> {
  const rows = await db.query('INSERT INTO closed_dates (closed_on, reason) VALUES ($1::date, $2) ON CONFLICT (closed_on) DO NOTHING RETURNING closed_on', [
    entry.date,
    entry.reason,
  ]);
  return rows.length === 1;
}

export async function removeClosedDate(db: Queryable, date: string): Promise<ClosedDate | null> {
  return queryOne<ClosedDate>(db, `DELETE FROM closed_dates WHERE closed_on = $1::date RETURNING to_char(closed_on, 'YYYY-MM-DD') AS date, reason`, [date]);
}

export interface PaymentQrImage {
  content_type: string;
  data: Buffer;
  digest: string;
}

export function findPaymentQrDigest(db: Queryable): Promise<{ digest: string } | null> {
  return queryOne<{ digest: string }>(db, 'SELECT digest FROM payment_qr_image WHERE id');
}

// Bytes travel as base64 text, as the payment proofs do (PGlite is slow with bytea parameters).
export async function findPaymentQr(db: Queryable): Promise<PaymentQrImage | null> {
  const row = await queryOne<{ content_type: string; data: string; digest: string }>(
    db,
    `SELECT content_type, encode(data, 'base64') AS data, digest FROM payment_qr_image WHERE id`,
  );
  return row && { ...row, data: Buffer.from(row.data, 'base64') };
}

export async function savePaymentQr(db: Queryable, image: { contentType: string; data: Buffer; digest: string }): Promise<void> {
  await db.query(
    `INSERT INTO payment_qr_image (id, content_type, size_bytes, data, digest) VALUES (true, $1, $2, decode($3, 'base64'), $4)
     ON CONFLICT (id) DO UPDATE SET content_type = EXCLUDED.content_type, size_bytes = EXCLUDED.size_bytes,
       data = EXCLUDED.data, digest = EXCLUDED.digest, updated_at = now()`,
    [image.contentType, image.data.length, image.data.toString('base64'), image.digest],
  );
}

/** The owner's QR image goes: the payment page draws one from the account details again. Answers whether there was one. */
export async function removePaymentQr(db: Queryable): Promise<boolean> {
  return (await db.query('DELETE FROM payment_qr_image WHERE id RETURNING id')).length > 0;
}
