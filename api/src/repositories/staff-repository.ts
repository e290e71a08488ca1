import type { Queryable } from '../db/database';

export type StaffRole = 'staff' | 'admin';

export interface StaffRow {
  id: number;
  name: string;
  email: string;
  password_hash: string;
  role: StaffRole;
  is_active: boolean;
  created_by: string;
  created_at: string;
}

const COLUMNS = 'id, name, email, password_hash, role, is_active, created_by, created_at';

export async function findStaffByEmail(db: Queryable, email: string): Promise<StaffRow | null> {
  const rows = await db.query<StaffRow>(`SELECT ${COLUMNS} FROM staff_accounts WHERE email = $1`, [email.toLowerCase()]);
  return rows[0] ?? null;
}

export async function findStaffById(db: Queryable, id: number): Promise<StaffRow | null> {
  const rows = await db.query<StaffRow>(`SELECT ${COLUMNS} FROM staff_accounts WHERE id = $1`, [id]);
  return rows[0] ?? null;
}

export async function listStaff(db: Queryable): Promise<StaffRow[]> {
  return db.query<StaffRow>(`SELECT ${COLUMNS} FROM staff_accounts ORDER BY is_active DESC, name`);
}

export async function insertStaff(db: Queryable, input: { name: string; email: string; password_hash: string; role: StaffRole; created_by: string }): Promise<StaffRow> {
  const rows = await db.query<StaffRow>(`INSERT INTO staff_accounts (name, email, password_hash, role, created_by) VALUES ($1, $2, $3, $4, $5) RETURNING ${COLUMNS}`, [
    input.name,
    input.email.toLowerCase(),
    input.password_hash,
    input.role,
    input.created_by,
  ]);
  return rows[0];
}

export async function updateStaff(db: Queryable, id: number, change: { role?: StaffRole; is_active?: boolean }): Promise<StaffRow | null> {
  const rows = await db.query<StaffRow>(
    `UPDATE staff_accounts SET role = COALESCE($2, role), is_active = COALESCE($3, is_active), updated_at = now()
      WHERE id = $1 RETURNING ${COLUMNS}`,
    [id, change.role ?? null, change.is_active ?? null],
  );
  return rows[0] ?? null;
}

/** Whether the account still exists under that email, is active, and its role now. */
export async function findStaffStanding(db: Queryable, id: number, email: string): Promise<{ is_active: boolean; role: StaffRole } | null> {
  const [row] = await db.query<{ is_active: boolean; role: StaffRole }>('SELECT is_active, role FROM staff_accounts WHERE id = $1 AND email = $2', [id, email.toLowerCase()]);
  return row ?? null;
}

/** Holds every admin account until the transaction ends, so two admins' changes cannot leave no admin. */
export async function lockAdminAccounts(tx: Queryable): Promise<void> {
  await tx.query('SELECT id FROM staff_accounts WHERE role = $1 FOR UPDATE', ['admin']);
}

export async function countActiveAdmins(db: Queryable): Promise<number> {
  const [row] = await db.query<{ count: number }>(`SELECT count(*)::int AS count FROM staff_accounts WHERE role = 'admin' AND is_active`);
  return row.count;
}

/** What anyone may see of a staff account: never the password hash. */
export function publicStaff(row: StaffRow) {
  const { password_hash: _hidden, ...visible } = row;
  return { ...visible, created_at: new Date(row.created_at).toISOString() };
}
