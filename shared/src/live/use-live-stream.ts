import { useEffect, useRef, useState } from 'react';
import { buildUrl } from '../api/api-client';
import { loadRuntimeConfig } from '../config/runtime-config';

/** `live`: pushes arrive; `connecting`: not yet (or between streams); `polling`: the stream could not stay open, so the page polls. */
export type LiveMode = 'connecting' | 'live' | 'polling';

/** One pushed event: its `kind` and whatever it carries. */
export interface LiveMessage {
  kind: string;
  [field: string]: unknown;
}

export interface LiveStreamOptions {
  /** The API path and query of the stream; called for every new stream (a staff ticket lasts a minute). */
  address: () => Promise<{ path: string; query?: Record<string, string> }>;
  /** Each event, once, in order. */
  onEvent: (message: LiveMessage) => void;
  /** The stream (re)opened and cannot vouch that nothing was missed: load the whole list again. */
  onResync: () => void;
  /** Streams of one name resume from each other's last event (a console screen after another). */
  name: string;
  /** False while there is nothing to follow: no stream is opened (the mode stays `connecting`). */
  enabled?: boolean;
  /**
   * Where the stream stood when the page's list was read (the API's `live_event_id`). A
   * stream with no last event of its name starts after it, so it replays what came since
   * instead of asking the page, through `onResync`, to read the list it just read again.
   */
  after?: string | null;
}

/** The last event id seen per stream name, for the page's next stream. */
const lastEventIds = new Map<string, string>();

/** How long a live stream stays open once its page has gone: the next page with a stream of that name takes it over. */
const HANDOVER_MS = 3_000;

/** An open stream between two pages (a console tab change), with what arrived meanwhile. */
interface Handover {
  source: EventSource;
  held: MessageEvent<string>[];
  timer: ReturnType<typeof setTimeout>;
}
const handovers = new Map<string, Handover>();

function dropHandover(name: string, handover: Handover) {
  clearTimeout(handover.timer);
  if (handovers.get(name) === handover) handovers.delete(name);
  handover.source.close();
}

function holdForHandover(name: string, source: EventSource) {
  const previous = handovers.get(name);
  if (previous) dropHandover(name, previous);
  const handover: Handover = { source, held: [], timer: setTimeout(() => dropHandover(name, handover), HANDOVER_MS) };
  // Kept for the next page, which gets them in order; a stream nobody takes closes, and its next one resumes before them.
  source.onmessage = (event: MessageEvent<string>) => void handover.held.push(event);
  source.onerror = () => dropHandover(name, handover);
  handovers.set(name, handover);
}

function takeHandover(name: string): Handover | null {
  const handover = handovers.get(name);
  if (!handover) return null;
  handovers.delete(name);
  clearTimeout(handover.timer);
  return handover.source.readyState === EventSource.CLOSED ? null : handover;
}

/** A test's page is a new page: no stream resumes from, or takes over, an earlier test's. */
export function forgetLiveStreamsForTests() {
  lastEventIds.clear();
  for (const [name, handover] of handovers) dropHandover(name, handover);
}

/** Failed streams in a row (none reaching `ready`) before the page polls instead. */
export const LIVE_FAILURES_BEFORE_POLLING = 3;
/** How long the page polls before it tries a stream again. */
export const LIVE_RETRY_AFTER_POLLING_MS = 60_000;
const RECONNECT_MS = [1_000, 3_000];

/**
 * Live updates over Server-Sent Events with a fallback: the page's list
 * follows `onEvent`; after a few failed streams in a row (or with no
 * EventSource at all) the mode turns to `polling`, and a stream is tried
 * again a minute later. A stream that ends is reopened after the last event
 * id seen, so nothing is missed.
 */
export function useLiveStream({ address, onEvent, onResync, name, enabled = true, after = null }: LiveStreamOptions): LiveMode {
  const [mode, setMode] = useState<LiveMode>(() => (typeof EventSource === 'undefined' ? 'polling' : 'connecting'));
  const handlers = useRef({ address, onEvent, onResync, after });
  handlers.current = { address, onEvent, onResync, after };

  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return undefined;
    let source: EventSource | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    let failures = 0;
    let ready = false;

    const retry = () => {
      source?.close();
      source = null;
      ready = false;
      if (stopped) return;
      failures += 1;
      if (failures >= LIVE_FAILURES_BEFORE_POLLING) {
        setMode('polling');
        failures = 0;
        timer = setTimeout(connect, LIVE_RETRY_AFTER_POLLING_MS);
      } else {
        timer = setTimeout(connect, RECONNECT_MS[Math.min(failures - 1, RECONNECT_MS.length - 1)]);
      }
    };

    const becomeLive = () => {
      failures = 0;
      ready = true;
      setMode('live');
    };

    const receive = (event: MessageEvent<string>) => {
      let message: LiveMessage;
      try {
        message = JSON.parse(event.data) as LiveMessage;
      } catch {
        return;
      }
      if (event.lastEventId) lastEventIds.set(name, event.lastEventId);
      if (message.kind === 'ready') {
        becomeLive();
        if (!message.resumed) handlers.current.onResync();
        return;
      }
      handlers.current.onEvent(message);
    };

    const follow = (opened: EventSource) => {
      source = opened;
      opened.onmessage = receive;
      // The page opens the next stream itself (a staff ticket in the old address has expired by then).
      opened.onerror = retry;
    };

    async function connect() {
      // The last page's stream of this name, still open: no new ticket or connection, nothing missed in between.
      const handover = takeHandover(name);
      if (handover) {
        follow(handover.source);
        becomeLive();
        for (const event of handover.held) receive(event);
        return;
      }
      let opened: EventSource;
      try {
        await loadRuntimeConfig();
        const { path, query } = await handlers.current.address();
        if (stopped) return;
        const lastEventId = lastEventIds.get(name) ?? handlers.current.after;
        // Where this stream starts is where the next one resumes, even if this one closes before `ready`
        // (the console moved on at once): it then replays what came since instead of starting afresh.
        if (lastEventId && !lastEventIds.has(name)) lastEventIds.set(name, lastEventId);
        opened = new EventSource(buildUrl(path, { ...query, ...(lastEventId ? { last_event_id: lastEventId } : {}) }));
      } catch {
        return retry();
      }
      follow(opened);
    }

    void connect();
    return () => {
      stopped = true;
      clearTimeout(timer);
      if (source && ready) holdForHandover(name, source);
      else source?.close();
    };
  }, [name, enabled]);

  return mode;
}
