import { readJson, removeKey, writeJson } from '../storage/browser-storage';

export type SessionEndReason = 'logout' | 'expired';

type Listener = () => void;
type EndListener = (reason: SessionEndReason) => void;

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

/**
 * A login kept in browser storage under `key`: one snapshot per stored value (so
 * React sees the same object until something changes), an expired token counts
 * as logged out, and other tabs' changes arrive through the `storage` event.
 * The customer session and the staff console's are two of these.
 */
export function createSessionStore<Stored, S extends { token: string }>({ key, toSession: readSession }: { key: string; toSession: (stored: Stored) => S | null }) {
  const listeners = new Set<Listener>();
  const endListeners = new Set<EndListener>();
  let snapshot: S | null = null;
  let snapshotSource: string | null | undefined;
  const expired = (session: S) => (tokenExpiry(session.token) ?? Infinity) * 1000 <= Date.now();

  function read(): S | null {
    const stored = readJson<Stored>(key);
    const source = stored ? JSON.stringify(stored) : null;
    if (source !== snapshotSource) {
      snapshotSource = source;
      snapshot = stored && typeof stored === 'object' ? readSession(stored) : null;
    }
    if (snapshot && expired(snapshot)) snapshot = null;
    return snapshot;
  }

  function notify() {
    for (const listener of listeners) listener();
  }

  if (typeof window !== 'undefined') {
    window.addEventListener('storage', (event) => {
      if (event.key === null || event.key === key) notify();
    });
  }

  return {
    getSession: read,
    getToken(): string | null {
      return read()?.token ?? null;
    },
    /** Stores a login and tells every subscriber. */
    signIn(stored: Stored): S | null {
      writeJson(key, stored);
      notify();
      return read();
    },
    signOut(reason: SessionEndReason = 'logout'): void {
      const hadSession = read() !== null || readJson(key) !== null;
      removeKey(key);
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
