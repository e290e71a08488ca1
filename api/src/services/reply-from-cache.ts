import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AnswerCache, CachedAnswer } from './public-answer-cache';

/** Lists staff edit (menus, promos): browsers ask again every time (304 when unchanged), so an edit shows on the next view. */
export const PUBLIC_LIST_CACHE_CONTROL = 'public, max-age=0, must-revalidate';

function sendAnswer(request: FastifyRequest, reply: FastifyReply, answer: CachedAnswer, cacheControl: string) {
  reply.header('etag', answer.etag).header('cache-control', cacheControl);
  if (request.headers['if-none-match'] === answer.etag) return reply.status(304).send();
  return reply.type('application/json; charset=utf-8').send(answer.body);
}

/**
 * A route handler's answer from a public answer cache, with its ETag (304 when
 * the browser has it). A fresh answer is sent at once, with no promise in
 * between: these reads are the API's busiest path. Otherwise the promise of
 * the cache's read is returned for Fastify to wait on.
 */
export function replyFromCache<K>(
  request: FastifyRequest,
  reply: FastifyReply,
  { cache, key, cacheControl }: { cache: AnswerCache<K>; key: K; cacheControl: string },
): Promise<FastifyReply> | undefined {
  const fresh = cache.peek(key);
  if (!fresh) return cache.get(key).then((answer) => sendAnswer(request, reply, answer, cacheControl));
  sendAnswer(request, reply, fresh, cacheControl);
  return undefined;
}
