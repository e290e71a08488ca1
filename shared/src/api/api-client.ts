import { getRuntimeConfig, loadRuntimeConfig } from '../config/runtime-config';
import { sessionStore } from '../session/session-store';
import { ApiError } from './api-error';
import { takeEarlyRead, type Answer } from './signed-in-reads';

export interface ApiRequestOptions {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  /** Sent as JSON, or as-is when it is FormData (multipart uploads). */
  body?: unknown;
  query?: Record<string, string | number | undefined>;
  /** Send the session's bearer token. A 401 on such a call ends the session. */
  auth?: boolean;
  /** Include cookies (the first version's login and register calls). */
  credentials?: boolean;
  headers?: Record<string, string>;
  timeoutMs?: number;
  signal?: AbortSignal;
  /**
   * A public read (GET, no login, no headers) whose answer came less than this many ms ago
   * is not asked again: that answer is used. For what changes rarely and several parts of a
   * page read as it starts (the owner's settings); at most REUSE_ANSWER_MAX_MS.
   */
  reuseAnswerFor?: number;
}

/** The longest a public read's answer is reused (`reuseAnswerFor`). */
const REUSE_ANSWER_MAX_MS = 10_000;

export const DEFAULT_TIMEOUT_MS = 15_000;

/** The API's full address of `path` (with `query`), for what cannot go through apiRequest (an EventSource). */
export function buildUrl(path: string, query: ApiRequestOptions['query']): string {
  const base = getRuntimeConfig().apiBaseUrl.replace(/\/$/, '');
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined) params.set(key, String(value));
  }
  const search = params.toString();
  return `${base}${path}${search ? `?${search}` : ''}`;
}

function messageField(json: unknown): string | null {
  if (!json || typeof json !== 'object') return null;
  const record = json as Record<string, unknown>;
  for (const field of ['message', 'error'] as const) {
    if (typeof record[field] === 'string' && record[field]) return record[field] as string;
  }
  return null;
}

async function fetchAnswer(url: string, init: RequestInit): Promise<Answer> {
  const response = await fetch(url, init);
  const text = await response.text().catch(() => '');
  return { ok: response.ok, status: response.status, statusText: response.statusText, text };
}

/** `answer`, or a rejection as soon as `signal` aborts (the caller's timeout or abort). */
function untilAborted<T>(answer: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const abort = () => reject(signal.reason ?? new DOMException('The request was aborted.', 'AbortError'));
    signal.addEventListener('abort', abort, { once: true });
    answer.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort));
  });
}

/**
 * Public reads on their way (GET, no login, no cookies, no headers of the caller's), by
 * address. The same read asked meanwhile shares the answer: the layout and the page each read
 * the owner's settings as a page starts, and that was two requests. Each caller keeps its own
 * timeout and abort; the request itself stops once no caller waits for it.
 */
const readsOnTheirWay = new Map<string, { answer: Promise<Answer>; controller: AbortController; waiting: number }>();

/**
 * Public reads answered (2xx) in the last REUSE_ANSWER_MAX_MS, by address: a caller asking with
 * `reuseAnswerFor` takes one young enough. The layout's read of the settings has often answered
 * before the page asks, so sharing what is on its way alone left a second request.
 */
const recentAnswers = new Map<string, { answer: Answer; at: number }>();

/** A test's fake API is a new server: nothing an earlier one answered is reused. */
export function forgetRecentAnswersForTests() {
  recentAnswers.clear();
}

function recentAnswer(url: string, reuseFor: number): Answer | null {
  const recent = recentAnswers.get(url);
  return recent && Date.now() - recent.at <= Math.min(reuseFor, REUSE_ANSWER_MAX_MS) ? recent.answer : null;
}

function keepAnswer(url: string, answer: Answer) {
  if (!answer.ok) return;
  const now = Date.now();
  // No timer: old answers go when the next one is kept.
  for (const [address, recent] of recentAnswers) if (now - recent.at > REUSE_ANSWER_MAX_MS) recentAnswers.delete(address);
  recentAnswers.set(url, { answer, at: now });
}

function joinRead(url: string, headers: Record<string, string>, signal: AbortSignal): Promise<Answer> {
  let read = readsOnTheirWay.get(url);
  if (!read) {
    const controller = new AbortController();
    const started = { controller, waiting: 0, answer: fetchAnswer(url, { method: 'GET', headers, credentials: 'same-origin', signal: controller.signal }) };
    const done = () => {
      if (readsOnTheirWay.get(url) === started) readsOnTheirWay.delete(url);
    };
    started.answer.then((answer) => {
      keepAnswer(url, answer);
      done();
    }, done);
    readsOnTheirWay.set(url, started);
    read = started;
  }
  const entry = read;
  entry.waiting += 1;
  return new Promise<Answer>((resolve, reject) => {
    let settled = false;
    const settle = () => {
      if (settled) return false;
      settled = true;
      entry.waiting -= 1;
      signal.removeEventListener('abort', leave);
      return true;
    };
    function leave() {
      if (!settle()) return;
      if (entry.waiting === 0) {
        if (readsOnTheirWay.get(url) === entry) readsOnTheirWay.delete(url);
        entry.controller.abort();
      }
      reject(signal.reason ?? new DOMException('The request was aborted.', 'AbortError'));
    }
    if (signal.aborted) {
      leave();
      return;
    }
    signal.addEventListener('abort', leave);
    entry.answer.then(
      (answer) => {
        if (settle()) resolve(answer);
      },
      (error: unknown) => {
        if (settle()) reject(error);
      },
    );
  });
}

/**
 * The site's one HTTP client: base URL from the runtime config, JSON in and
 * out, optional bearer token, a timeout, and one typed error for every failure.
 */
export async function apiRequest<T>(path: string, options: ApiRequestOptions = {}): Promise<T> {
  await loadRuntimeConfig();
  const { method = 'GET', body, auth = false, credentials = false, timeoutMs = DEFAULT_TIMEOUT_MS } = options;

  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  let payload: BodyInit | undefined;
  if (body instanceof FormData) {
    payload = body;
  } else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  if (auth) {
    const token = sessionStore.getToken();
    if (token) headers.Authorization = `Bearer ${token}`;
  }

  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const abortFromCaller = () => controller.abort();
  options.signal?.addEventListener('abort', abortFromCaller);

  const url = buildUrl(path, options.query);
  const publicRead = method === 'GET' && !auth && !credentials && payload === undefined && options.headers === undefined;
  const send = () => fetchAnswer(url, { method, headers, body: payload, credentials: credentials ? 'include' : 'same-origin', signal: controller.signal });
  // The page's first read with a login may already be on its way, started by the shell's boot script.
  const early = publicRead ? null : takeEarlyRead(url, { method, headers, hasBody: payload !== undefined, credentials });
  let response: Answer;
  try {
    if (publicRead) response = (options.reuseAnswerFor ? recentAnswer(url, options.reuseAnswerFor) : null) ?? (await joinRead(url, headers, controller.signal));
    else if (early) response = await untilAborted(early.catch(send), controller.signal);
    else response = await send();
  } catch (error) {
    if (timedOut) throw new ApiError(0, 'Request timeout - please try again', { kind: 'timeout' });
    if (options.signal?.aborted) throw error;
    throw new ApiError(0, 'Network error. Please check your connection and try again.', { kind: 'network' });
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', abortFromCaller);
  }

  const { text } = response;
  let json: unknown = undefined;
  if (text) {
    try {
      json = JSON.parse(text);
    } catch {
      throw new ApiError(response.status, `Server responded with status ${response.status}: ${text.slice(0, 200)}`, {
        kind: 'invalid-response',
      });
    }
  }

  if (!response.ok) {
    const serverMessage = messageField(json);
    if (response.status === 401 && auth) sessionStore.signOut('expired');
    throw new ApiError(response.status, serverMessage ?? (response.statusText || `Request failed with status ${response.status}`), { serverMessage });
  }
  return json as T;
}
