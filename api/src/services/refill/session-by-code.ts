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

/**
 * The same for what only a seated party may do (its requests, their live
 * status): the code of a session staff closed opens nothing any more.
 */
export async function openSessionByCode(db: Queryable, code: string): Promise<DiningSession> {
  const session = await sessionByCode(db, code);
  if (session.closed_at !== null) throw notFound(refillApiMessages.closed);
  return session;
}
