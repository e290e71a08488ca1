import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { idOfLinkToken, type LinkPurpose } from './signed-links';
import { notFound } from './http-error';
import { parseInput } from './parse-input';

/**
 * The id a signed link's `:token` stands for (the manage link, the waitlist
 * claim); a token that is none of ours is a 404 in `badLink`'s words.
 */
export function idFromLinkToken(request: FastifyRequest, secret: string, purpose: LinkPurpose, badLink: string): number {
  const { token } = parseInput(z.object({ token: z.string({ error: badLink }).max(60, badLink) }), request.params);
  const id = idOfLinkToken(secret, purpose, token);
  if (id === null) throw notFound(badLink);
  return id;
}
