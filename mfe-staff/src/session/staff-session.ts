import { apiRequest, isApiError, type ApiRequestOptions } from '@samgyup/shared';
import { createSessionStore } from '@samgyup/shared/session';
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

const STAFF_SESSION_KEY = 'staffSession';

/** The staff console's login, apart from the customer session: a second store of the same kind. */
export const staffSessionStore = createSessionStore<StaffSession, StaffSession>({
  key: STAFF_SESSION_KEY,
  toSession: (stored) => (typeof stored.token === 'string' && stored.staff ? stored : null),
});

export function useStaffSession(): StaffSession | null {
  // On the site's server, the login a signed-in screen is drawn with (docs/adr/0006-signed-in-first-screens.md).
  return useSyncExternalStore(staffSessionStore.subscribe, staffSessionStore.getSession, staffSessionStore.getServerSession);
}

/** An API call as the logged-in staff member; a 401 ends the staff session (the console then shows the login). */
export async function staffRequest<T>(path: string, options: Omit<ApiRequestOptions, 'auth'> = {}): Promise<T> {
  const session = staffSessionStore.getSession();
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

/** A console read: the `data` of the API's `{ data }` answer. */
export async function staffData<T>(path: string, signal?: AbortSignal): Promise<T> {
  return (await staffRequest<{ data: T }>(path, { signal })).data;
}

/** What went wrong, for a person at the counter. */
export function staffErrorMessage(error: unknown, fallback: string): string {
  if (isApiError(error) && error.isNetworkError) return 'The restaurant system is not answering. Check the connection and try again.';
  return (isApiError(error) && error.serverMessage) || fallback;
}
