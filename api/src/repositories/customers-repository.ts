import type { Queryable } from '../db/database';

export interface CustomerRow {
  id: number;
  first_name: string;
  last_name: string;
  email: string;
  password_hash: string | null;
  phone: string | null;
  address: string | null;
  date_of_birth: string | null;
  city: string | null;
  country: string;
  is_active: boolean;
  session_version: number;
  created_at: string;
}

const COLUMNS = 'id, first_name, last_name, email, password_hash, phone, address, date_of_birth, city, country, is_active, session_version, created_at';

export function findCustomerByEmail(db: Queryable, email: string) {
  return db.query<CustomerRow>(`SELECT ${COLUMNS} FROM customers WHERE email = $1`, [email.toLowerCase()]).then((rows) => rows[0] ?? null);
}

export function findCustomerById(db: Queryable, id: number) {
  return db.query<CustomerRow>(`SELECT ${COLUMNS} FROM customers WHERE id = $1`, [id]).then((rows) => rows[0] ?? null);
}

/** The account's session version (a password reset moves it on), or null when there is no such account. */
export async function findSessionVersion(db: Queryable, id: number): Promise<number | null> {
  const [row] = await db.query<{ session_version: number }>('SELECT session_version FROM customers WHERE id = $1', [id]);
  return row ? row.session_version : null;
}

/** Holds the customer's row until the transaction ends, so counts of their own rows stay exact under parallel requests. */
export async function lockCustomer(tx: Queryable, id: number): Promise<void> {
  await tx.query('SELECT id FROM customers WHERE id = $1 FOR UPDATE', [id]);
}

export async function insertCustomer(
  db: Queryable,
  customer: Pick<CustomerRow, 'first_name' | 'last_name' | 'email' | 'phone' | 'address'> & { password_hash: string | null },
): Promise<CustomerRow> {
  const rows = await db.query<CustomerRow>(
    `INSERT INTO customers (first_name, last_name, email, password_hash, phone, address)
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING ${COLUMNS}`,
    [customer.first_name, customer.last_name, customer.email, customer.password_hash, customer.phone, customer.address],
  );
  return rows[0];
}

export async function updatePasswordHash(db: Queryable, customerId: number, passwordHash: string): Promise<void> {
  await db.query('UPDATE customers SET password_hash = $2, session_version = session_version + 1, updated_at = now() WHERE id = $1', [customerId, passwordHash]);
}

/** What a customer may see of their own record: never the password hash. */
export function publicCustomer(row: CustomerRow) {
  const { password_hash: _hidden, session_version: _internal, ...visible } = row;
  return visible;
}
