import { readJson, removeKey, storageKeys, writeJson } from '../storage/browser-storage';

export interface SessionUserProfile {
  id?: number;
  first_name?: string;
  last_name?: string;
  email: string;
}

/**
 * What is kept under the `user` storage key: the login response's data
 * (token plus user, or the user fields themselves) plus a display name.
 */
export interface StoredSession {
  token: string;
  user?: SessionUserProfile;
  first_name?: string;
  last_name?: string;
  email?: string;
  id?: number;
  name: string;
}

export interface Session {
  token: string;
  user: SessionUserProfile;
  displayName: string;
}

export type SessionEndReason = 'logout' | 'expired';

type Listener = () => void;
type EndListener = (reason: SessionEndReason) => void;

export function displayNameOf(user: SessionUserProfile): string {
  const first = user.first_name?.trim() ?? '';
  const last = user.last_name?.trim() ?? '';
  if (!first) return user.email;
  return [first, last].filter(Boolean).join(' ');
}

/** Seconds since epoch at which a JWT expires, or null when it cannot be read. */
function tokenExpiry(token: string): number | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const json = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { exp?: unknown };
    return typeof json.exp === 'number' ? json.exp : null;
  } catch {
    return null;
  }
}

function toSession(stored: StoredSession | null, now: number): Session | null {
  if (!stored || typeof stored.token !== 'string' || !stored.token) return null;
  const expiry = tokenExpiry(stored.token);
  if (expiry !== null && expiry * 1000 <= now) return null;
  const user: SessionUserProfile = stored.user ?? {
    id: stored.id,
    first_name: stored.first_name,
    last_name: stored.last_name,
    email: stored.email ?? '',
  };
  return { token: stored.token, user, displayName: stored.name || displayNameOf(user) };
}

/**
 * The page's single session: shell and every remote read it through the shared
 * singleton `@samgyup/shared`, and other tabs' changes arrive through the
 * `storage` event.
 */
function createSessionStore() {
  const listeners = new Set<Listener>();
  const endListeners = new Set<EndListener>();
  let snapshot: Session | null = null;
  let snapshotSource: string | null | undefined;

  function read(): Session | null {
    const stored = readJson<StoredSession>(storageKeys.user);
    const source = stored ? JSON.stringify(stored) : null;
    if (source !== snapshotSource) {
      snapshotSource = source;
      snapshot = toSession(stored, Date.now());
    } else if (snapshot && (tokenExpiry(snapshot.token) ?? Infinity) * 1000 <= Date.now()) {
      snapshot = null;
    }
    return snapshot;
  }

  function notify() {
    for (const listener of listeners) listener();
  }

  if (typeof window !== 'undefined') {
    window.addEventListener('storage', (event) => {
      if (event.key === null || event.key === storageKeys.user) notify();
    });
  }

  return {
    getSession: read,
    getToken(): string | null {
      return read()?.token ?? null;
    },
    /** Stores a login response's `data` and tells every subscriber. */
    signIn(data: { token: string; user?: SessionUserProfile } & Partial<SessionUserProfile>): Session {
      const profile: SessionUserProfile = data.user ?? {
        id: data.id,
        first_name: data.first_name,
        last_name: data.last_name,
        email: data.email ?? '',
      };
      const stored: StoredSession = { ...data, name: displayNameOf(profile) };
      writeJson(storageKeys.user, stored);
      notify();
      return read() as Session;
    },
    signOut(reason: SessionEndReason = 'logout'): void {
      const hadSession = read() !== null || readJson(storageKeys.user) !== null;
      removeKey(storageKeys.user);
      notify();
      if (hadSession) for (const listener of endListeners) listener(reason);
    },
    subscribe(listener: Listener): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** Called when a session ends, e.g. so the shell can send the user to log in. */
    onSessionEnd(listener: EndListener): () => void {
      endListeners.add(listener);
      return () => endListeners.delete(listener);
    },
  };
}

export type SessionStore = ReturnType<typeof createSessionStore>;

export const sessionStore: SessionStore = createSessionStore();
