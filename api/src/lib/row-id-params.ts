import { z } from 'zod';

/** A row's id fits PostgreSQL's integer: anything else names no row, and says `notFound` (never a 5xx from the database). */
const withinRowIds = <N extends z.ZodNumber | z.ZodCoercedNumber>(number: N, notFound: string) =>
  number
    .int(notFound)
    .positive(notFound)
    .max(2 ** 31 - 1, notFound);

/** A row's id sent as a JSON number (a body field). */
export const rowIdField = (notFound: string) => withinRowIds(z.number({ error: notFound }), notFound);

/** `:id` of a row: a positive whole number that fits PostgreSQL's integer, else `notFound` for whatever the address held. */
export function rowIdParams(notFound: string) {
  return z.object({ id: withinRowIds(z.coerce.number({ error: notFound }), notFound) });
}
