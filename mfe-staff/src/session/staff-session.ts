import { apiRequest, isApiError, readJson, removeKey, storageKeys, writeJson, type ApiRequestOptions } from '@samgyup/shared';
import { useSyncExternalStore } from 'react';

export interface StaffMember {
  id: number;
  name: string;
  email: string;
  role: 'staff' | 'admin';
}

export interface StaffSession {
  token: string;
  staff: StaffMember;
}

const listeners = new Set<() => void>();
let snapshot: StaffSession | null = null;
let snapshotSource: string | null = null;

function read(): StaffSession | null {
  const stored = readJson<StaffSession>(storageKeys.staffSession);
  const source = stored ? JSON.stringify(stored) : null;
  if (source !== snapshotSource) {
    snapshotSource = source;
    snapshot = stored && typeof stored.token === 'string' && stored.staff ? stored : null;
  }
  return snapshot;
}

const notify = () => listeners.forEach((listener) => listener());
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === null || event.key === storageKeys.staffSession) notify();
  });
}

/** The staff console's login, apart from the customer session. */
export const staffSessionStore = {
  get: read,
  signIn(session: StaffSession) {
    writeJson(storageKeys.staffSession, session);
    notify();
  },
  signOut() {
    removeKey(storageKeys.staffSession);
    notify();
  },
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export function useStaffSession(): StaffSession | null {
  return useSyncExternalStore(staffSessionStore.subscribe, read, () => null);
}

/** An API call as the logged-in staff member; a 401 ends the staff session (the console then shows the login). */
export async function staffRequest<T>(path: string, options: Omit<ApiRequestOptions, 'auth'> = {}): Promise<T> {
  const session = read();
  try {
    return await apiRequest<T>(path, {
      ...options,
      headers: { ...options.headers, ...(session ? { Authorization: `Bearer ${session.token}` } : {}) },
    });
  } catch (error) {
    if (isApiError(error) && error.status === 401) staffSessionStore.signOut();
    throw error;
  }
}

/** What went wrong, for a person at the counter. */
export function staffErrorMessage(error: unknown, fallback: string): string {
  if (isApiError(error) && error.isNetworkError) return 'The restaurant system is not answering. Check the connection and try again.';
  return (isApiError(error) && error.serverMessage) || fallback;
}
