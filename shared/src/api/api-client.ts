import { getRuntimeConfig, loadRuntimeConfig } from '../config/runtime-config';
import { sessionStore } from '../session/session-store';
import { ApiError } from './api-error';

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
}

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

  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), {
      method,
      headers,
      body: payload,
      credentials: credentials ? 'include' : 'same-origin',
      signal: controller.signal,
    });
  } catch (error) {
    if (timedOut) throw new ApiError(0, 'Request timeout - please try again', { kind: 'timeout' });
    if (options.signal?.aborted) throw error;
    throw new ApiError(0, 'Network error. Please check your connection and try again.', { kind: 'network' });
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', abortFromCaller);
  }

  const text = await response.text().catch(() => '');
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
