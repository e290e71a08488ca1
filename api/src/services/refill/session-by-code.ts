import type { Queryable } from '../../db/database';
import { notFound } from '../../lib/http-error';
import { findSessionByCode, type DiningSession } from '../../repositories/dining-repository';
import { refillApiMessages } from './refill-messages';

/** The dining session behind a table code, or the 404 the diner should read. */
export async function sessionByCode(db: Queryable, code: string): Promise<DiningSession> {
  const session = await findSessionByCode(db, code);
  if (!session) throw notFound(refillApiMessages.invalidCode);
  return session;
}
