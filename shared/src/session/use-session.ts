import { useSyncExternalStore } from 'react';
import { sessionStore, type Session } from './session-store';

export function useSession(): Session | null {
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.getSession, sessionStore.getServerSession);
}
