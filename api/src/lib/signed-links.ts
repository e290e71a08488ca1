import { createHmac, timingSafeEqual } from 'node:crypto';

/** What a link lets its holder do; each purpose signs differently, so one kind of token never opens another. */
export type LinkPurpose = 'reservation-manage' | 'waitlist-claim';

/** The pages of the reservation remote that open these links. */
export const LINK_PAGES: Record<LinkPurpose, string> = {
  'reservation-manage': '/reservation-manage',
  'waitlist-claim': '/reservation-claim',
};

const mac = (secret: string, purpose: LinkPurpose, id: number) => createHmac('sha256', secret).update(`${purpose}:${id}`).digest('base64url').slice(0, 32);

/**
 * A token for one row (a reservation, a waitlist entry), `<id>-<HMAC>`: it names
 * the row and proves the site made it. When it stops working is the row's
 * business (a reservation's visit ending, an offer lapsing), checked by its route.
 */
export function linkToken(secret: string, purpose: LinkPurpose, id: number): string {
  return `${id}-${mac(secret, purpose, id)}`;
}

/** The id a token names, or null when it is not one of ours for this purpose. */
export function idOfLinkToken(secret: string, purpose: LinkPurpose, token: string): number | null {
  const match = /^([1-9]\d{0,9})-([A-Za-z0-9_-]{32})$/.exec(token);
  if (!match) return null;
  const id = Number(match[1]);
  if (id > 2 ** 31 - 1) return null;
  const expected = Buffer.from(mac(secret, purpose, id));
  const given = Buffer.from(match[2]);
  return expected.length === given.length && timingSafeEqual(expected, given) ? id : null;
}

export function signedLink(siteUrl: string, secret: string, purpose: LinkPurpose, id: number): string {
  return `${siteUrl}${LINK_PAGES[purpose]}?token=${linkToken(secret, purpose, id)}`;
}
