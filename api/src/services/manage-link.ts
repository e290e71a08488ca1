import { createHmac, timingSafeEqual } from 'node:crypto';

/** The page of the reservation remote that opens a manage link. */
export const MANAGE_PAGE_PATH = '/reservation-manage';

const mac = (secret: string, id: number) => createHmac('sha256', secret).update(`reservation-manage:${id}`).digest('base64url').slice(0, 32);

/**
 * A token for one reservation, `<id>-<HMAC>`: it names the reservation and
 * proves the site made it. It stops working after the visit (checked against
 * the reservation's current date, so a moved reservation keeps its link).
 */
export function manageToken(secret: string, reservationId: number): string {
  return `${reservationId}-${mac(secret, reservationId)}`;
}

/** The reservation id a token names, or null when it is not one of ours. */
export function reservationIdOfToken(secret: string, token: string): number | null {
  const match = /^([1-9]\d{0,9})-([A-Za-z0-9_-]{32})$/.exec(token);
  if (!match) return null;
  const id = Number(match[1]);
  if (id > 2 ** 31 - 1) return null;
  const expected = Buffer.from(mac(secret, id));
  const given = Buffer.from(match[2]);
  return expected.length === given.length && timingSafeEqual(expected, given) ? id : null;
}

export function manageLink(siteUrl: string, secret: string, reservationId: number): string {
  return `${siteUrl}${MANAGE_PAGE_PATH}?token=${manageToken(secret, reservationId)}`;
}
