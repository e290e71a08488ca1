import { storageKeys } from '../storage/browser-storage';
import { createSessionStore, type SessionEndReason } from './create-session-store';

export interface SessionUserProfile {
  id?: number;
  first_name?: string;
  last_name?: string;
  email: string;
  /** The phone given at registering (null when none was), for the booking form. */
  phone?: string | null;
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

export type { SessionEndReason };

export function displayNameOf(user: SessionUserProfile): string {
  const first = user.first_name?.trim() ?? '';
  const last = user.last_name?.trim() ?? '';
  if (!first) return user.email;
  return [first, last].filter(Boolean).join(' ');
}

type LoginData = { token: string; user?: SessionUserProfile } & Partial<SessionUserProfile>;

/** The user of a login response's data, whether it sits under `user` or on the data itself. */
function profileOf(data: Omit<LoginData, 'token'>): SessionUserProfile {
  return data.user ?? { id: data.id, first_name: data.first_name, last_name: data.last_name, email: data.email ?? '' };
}

function toSession(stored: StoredSession): Session | null {
  if (typeof stored.token !== 'string' || !stored.token) return null;
  const user = profileOf(stored);
  return { token: stored.token, user, displayName: stored.name || displayNameOf(user) };
}

/**
 * The page's single customer session: shell and every remote read it through the
 * shared singleton `@samgyup/shared`.
 */
function createCustomerSessionStore() {
  const store = createSessionStore<StoredSession, Session>({ key: storageKeys.user, toSession });
  return {
    ...store,
    /** Stores a login response's `data` plus a display name and tells every subscriber. */
    signIn(data: LoginData): Session {
      return store.signIn({ ...data, name: displayNameOf(profileOf(data)) }) as Session;
    },
  };
}

export type SessionStore = ReturnType<typeof createCustomerSessionStore>;

export const sessionStore: SessionStore = createCustomerSessionStore();
