import { z } from 'zod';

/** `:id` of a row: a positive whole number that fits PostgreSQL's integer, else `notFound` for whatever the address held. */
export function rowIdParams(notFound: string) {
  return z.object({
    id: z.coerce
      .number({ error: notFound })
      .int(notFound)
      .positive(notFound)
      .max(2 ** 31 - 1, notFound),
  });
}
