import { readJson, removeKey, writeJson } from '../storage/browser-storage';
import { mirrorSessionCookie } from './session-cookie';

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

/** The logins a page is drawn with on the server (storage key -> what the browser keeps there); none in a browser. */
let serverSessions: Record<string, unknown> = {};

/**
 * While a signed-in page is drawn on the site's server (a remote's first-screen renderer), the
 * logins it was sent with, by storage key: `useSession` and the like read them there. `{}` after.
 */
export function setServerSessions(sessions: Record<string, unknown>): void {
  serverSessions = sessions;
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
  let serverSnapshot: S | null = null;
  let serverSource: unknown;

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

  /** The login the server draws this page with, one snapshot per value as in the browser. */
  function readOnServer(): S | null {
    const stored = serverSessions[key];
    if (stored !== serverSource) {
      serverSource = stored;
      serverSnapshot = stored && typeof stored === 'object' ? readSession(stored as Stored) : null;
    }
    return serverSnapshot && !expired(serverSnapshot) ? serverSnapshot : null;
  }

  /** The cookie the site's server draws signed-in pages with follows what storage holds. */
  function mirror() {
    const session = read();
    mirrorSessionCookie(key, session ? readJson<Stored>(key) : null, session ? tokenExpiry(session.token) : null);
  }

  function notify() {
    for (const listener of listeners) listener();
  }

  if (typeof window !== 'undefined') {
    window.addEventListener('storage', (event) => {
      if (event.key === null || event.key === key) notify();
    });
    // A login kept from before this page (or one storage lost) brings the cookie in line.
    mirror();
  }

  return {
    getSession: read,
    /** `useSyncExternalStore`'s server snapshot: the login a signed-in page is drawn with on the server, else none. */
    getServerSession: readOnServer,
    getToken(): string | null {
      return read()?.token ?? null;
    },
    /** Stores a login and tells every subscriber. */
    signIn(stored: Stored): S | null {
      writeJson(key, stored);
      mirror();
      notify();
      return read();
    },
    signOut(reason: SessionEndReason = 'logout'): void {
      const hadSession = read() !== null || readJson(key) !== null;
      removeKey(key);
      mirror();
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
