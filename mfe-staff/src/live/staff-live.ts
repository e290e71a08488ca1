import { readJson, useLiveStream, writeJson, writeString, readString, type LiveMessage, type LiveMode } from '@samgyup/shared';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { staffRequest } from '../session/staff-session';

/** Console screens that count what arrived while the staff looked elsewhere. */
export type CountedScreen = 'reservations' | 'refills';

const SCREEN_OF_KIND: Record<string, CountedScreen | undefined> = {
  'reservation.created': 'reservations',
  'reservation.proof': 'reservations',
  'refill.created': 'refills',
};
const UNREAD_KEY = 'staffUnread';
const ALERTS_KEY = 'staffAlerts';

type Unread = Record<CountedScreen, number>;
const listeners = new Set<() => void>();
const eventHandlers = new Set<(message: LiveMessage) => void>();
const resyncHandlers = new Set<() => void>();
let unread: Unread = { reservations: 0, refills: 0, ...readJson<Partial<Unread>>(UNREAD_KEY) };
let mode: LiveMode = 'connecting';

function changed() {
  listeners.forEach((listener) => listener());
}
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** New items since the staff last opened each screen, kept across reloads. */
export function useUnread(): Unread {
  return useSyncExternalStore(
    subscribe,
    () => unread,
    () => unread,
  );
}
export function useLiveMode(): LiveMode {
  return useSyncExternalStore(
    subscribe,
    () => mode,
    () => mode,
  );
}

/** The staff opened a screen: what was new there is seen. */
export function markSeen(screen: CountedScreen) {
  if (unread[screen] === 0) return;
  unread = { ...unread, [screen]: 0 };
  writeJson(UNREAD_KEY, unread);
  changed();
}

export const alertSettings = {
  enabled: () => readString(ALERTS_KEY) === 'on',
  set(on: boolean) {
    writeString(ALERTS_KEY, on ? 'on' : 'off');
    if (on && typeof Notification !== 'undefined' && Notification.permission === 'default') void Notification.requestPermission();
    changed();
  },
};
export function useAlertsEnabled(): boolean {
  return useSyncExternalStore(subscribe, alertSettings.enabled, () => false);
}

/** A short chime (no sound file to download) and, when allowed, a notification. */
function alertStaff(message: LiveMessage) {
  if (!alertSettings.enabled()) return;
  try {
    const audio = new AudioContext();
    const tone = audio.createOscillator();
    tone.frequency.value = 880;
    tone.connect(audio.destination);
    tone.start();
    tone.stop(audio.currentTime + 0.2);
    tone.onended = () => void audio.close();
  } catch {
    // No sound on this browser: the count in the tabs still shows it.
  }
  if (typeof Notification !== 'undefined' && Notification.permission === 'granted') {
    const what =
      message.kind === 'refill.created'
        ? `Refill request, table ${String(message.table_number)}`
        : message.kind === 'reservation.proof'
          ? 'New proof of payment'
          : 'New reservation';
    new Notification('Samgyup staff console', { body: what, tag: message.kind });
  }
}

/**
 * Where the stream stood when each followed screen's list was read (the API's `live_event_id`);
 * null when the list could not be read or its answer gave none.
 */
let listPositions: Partial<Record<CountedScreen, string | null>> = {};

/** A test's console is a new page: no list has been read. */
export function forgetListPositionsForTests() {
  listPositions = {};
}

function reportListPosition(screen: CountedScreen, position: string | null) {
  if (listPositions[screen] === position) return;
  listPositions = { ...listPositions, [screen]: position };
  changed();
}

function useListPosition(screen: CountedScreen | null): string | null | undefined {
  return useSyncExternalStore(
    subscribe,
    () => (screen ? listPositions[screen] : undefined),
    () => undefined,
  );
}

/** A followed list's read that also says where the stream stood (the screens that follow it read their lists this way). */
export async function readFollowedList<T>(screen: CountedScreen, signal: AbortSignal, read: () => Promise<{ data: T; live_event_id?: string }>): Promise<T> {
  try {
    const answer = await read();
    reportListPosition(screen, typeof answer.live_event_id === 'string' ? answer.live_event_id : null);
    return answer.data;
  } catch (error) {
    // The stream still opens: it then asks the screen to read its list again (onResync). A read the screen
    // gave up on (its filter changed, or it closed) says nothing: the read that replaced it will.
    if (!signal.aborted) reportListPosition(screen, null);
    throw error;
  }
}

/**
 * The console's one stream (StaffPage opens it on every screen): counts new
 * items for the screens not shown, alerts when the staff asked for it, and
 * hands every event to the shown screen. On a screen that follows it (`followed`, the
 * counted screens) it opens once the screen's list is read, after where the stream
 * stood then, so the list is not read a second time when the stream is ready.
 */
export function useStaffLiveStream(staffId: number, followed: CountedScreen | null = null) {
  const position = useListPosition(followed);
  const live = useLiveStream({
    // One staff member's: a stream kept open between two screens is never taken over by the next login.
    name: `staff:${staffId}`,
    enabled: followed === null || position !== undefined,
    after: position ?? null,
    address: async () => {
      const { ticket } = await staffRequest<{ ticket: string }>('/api/staff/live/ticket', { method: 'POST' });
      return { path: '/api/staff/live', query: { ticket } };
    },
    onEvent: (message) => {
      const screen = SCREEN_OF_KIND[message.kind];
      if (screen) {
        // The address, not the screen drawn: after a click on another tab the last screen (and its stream) can stay a
        // moment longer, as the router draws the move in a transition, and what arrives then is new to the staff.
        if (!window.location.pathname.startsWith(`/staff/${screen}`)) {
          unread = { ...unread, [screen]: unread[screen] + 1 };
          writeJson(UNREAD_KEY, unread);
          changed();
        }
        alertStaff(message);
      }
      eventHandlers.forEach((handler) => handler(message));
    },
    onResync: () => resyncHandlers.forEach((handler) => handler()),
  });
  useEffect(() => {
    mode = live;
    changed();
  }, [live]);
}

/** A screen's share of the stream: its events, and a resync when the stream may have missed some. */
export function useStaffLiveEvents(onEvent: (message: LiveMessage) => void, onResync: () => void) {
  const handlers = useRef({ onEvent, onResync });
  handlers.current = { onEvent, onResync };
  useEffect(() => {
    const event = (message: LiveMessage) => handlers.current.onEvent(message);
    const resync = () => handlers.current.onResync();
    eventHandlers.add(event);
    resyncHandlers.add(resync);
    return () => {
      eventHandlers.delete(event);
      resyncHandlers.delete(resync);
    };
  }, []);
}
