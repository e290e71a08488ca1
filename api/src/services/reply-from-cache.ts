import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AnswerCache, CachedAnswer } from './public-answer-cache';

/** Lists staff edit (menus, promos): browsers ask again every time (304 when unchanged), so an edit shows on the next view. */
export const PUBLIC_LIST_CACHE_CONTROL = 'public, max-age=0, must-revalidate';

/**
 * Tags the reply with `etag` and `cacheControl`, and answers 304 with no body when
 * the browser already has that version: true when it did, and the caller sends nothing more.
 */
export function answeredNotModified(request: FastifyRequest, reply: FastifyReply, etag: string, cacheControl: string): boolean {
  reply.header('etag', etag).header('cache-control', cacheControl);
  if (request.headers['if-none-match'] !== etag) return false;
  void reply.status(304).send();
  return true;
}

function sendAnswer(request: FastifyRequest, reply: FastifyReply, answer: CachedAnswer, cacheControl: string) {
  if (answeredNotModified(request, reply, answer.etag, cacheControl)) return reply;
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
