/**
 * Reads the shell's boot script started as the page opened, with the visitor's login, for the
 * page's first call (the shell's server lists them from the remote's `signedInRouteData`). The
 * boot script keeps them on `window` by full address; the page's own call takes its answer once,
 * if it is the same request: GET, the same Authorization, no other header but Accept.
 */
/** What a request answered: its status and its body as text ('' when it could not be read). */
export interface Answer {
  ok: boolean;
  status: number;
  statusText: string;
  text: string;
}

interface EarlyRead {
  authorization: string;
  answer: Promise<Answer>;
  at: number;
}

declare global {
  interface Window {
    __samgyupSignedInReads?: Record<string, EarlyRead | undefined>;
  }
}

/** A read started longer ago than this is not the page's first call: it goes out again. */
export const EARLY_READ_MS = 10_000;

/**
 * The answer of the read the boot script started for this request, once; null when there is
 * none, it was taken, it is too old, or the request differs in any way.
 */
export function takeEarlyRead(url: string, request: { method: string; headers: Record<string, string>; hasBody: boolean; credentials: boolean }): Promise<Answer> | null {
  const reads = typeof window === 'undefined' ? undefined : window.__samgyupSignedInReads;
  const read = reads?.[url];
  if (!reads || !read || request.method !== 'GET' || request.hasBody || request.credentials) return null;
  delete reads[url];
  const names = Object.keys(request.headers);
  const sameHeaders =
    request.headers.Authorization === read.authorization && request.headers.Accept === 'application/json' && names.every((name) => name === 'Accept' || name === 'Authorization');
  if (!sameHeaders || !(Date.now() - read.at <= EARLY_READ_MS)) return null;
  return read.answer;
}
