import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../lib/http-error';
import {
  LIVE_EVENTS_CHANNEL,
  liveEventBounds,
  liveEventsAfter,
  liveEventsFor,
  publishLiveEvents,
  type LiveAudience,
  type LiveEvent,
  type NewLiveEvent,
  type StreamHolder,
} from '../repositories/live-events-repository';
import { API_SECURITY_HEADERS } from '../plugins/security';

/** A comment line this often keeps proxies (nginx: 60 s by default) from closing a quiet stream. */
export const HEARTBEAT_MS = 15_000;
/** A stream ends after this long and the page opens a new one (a disabled account's or a closed table's ends at once: streamsEnd). */
export const STREAM_LIFETIME_MS = 10 * 60_000;
/** Streams one table's phones may hold open on one replica. */
export const STREAMS_PER_TABLE = 10;
/** Streams one staff ticket may hold open at once on one replica (a console opens one, and one more while it reconnects). */
export const STREAMS_PER_TICKET = 2;
/** A resume further back than this many events starts afresh (the page reloads its list instead). */
const REPLAY_LIMIT = 1000;
const FETCH_BATCH = 500;
/** A stream whose reader stopped reading is ended rather than buffered without bound. */
const MAX_UNSENT_BYTES = 256 * 1024;

/**
 * A list that live updates follow, with where the stream stood just before it was read
 * (`live_event_id`): the page opens its stream after that id, and the stream replays what
 * came since instead of telling the page to read the whole list again.
 */
export async function withLivePosition<T>(app: FastifyInstance, list: () => Promise<T>): Promise<{ success: true; data: T; live_event_id: string }> {
  const { newest } = await liveEventBounds(app.db);
  return { success: true, data: await list(), live_event_id: newest };
}

export const liveMessages = {
  tooMany: 'Too many live connections right now; the page refreshes by itself instead.',
  tooManyAtTable: 'Too many live connections from this table; the page refreshes by itself instead.',
  tooManyWithTicket: 'Too many live connections with this ticket; the page refreshes by itself instead.',
  tooManyFromAddress: 'Too many live connections from this address; the page refreshes by itself instead.',
} as const;

interface Subscriber {
  audiences: ReadonlySet<string>;
  holder: StreamHolder;
  ticket: string | null;
  address: string;
  deliver(event: LiveEvent): void;
  end(): void;
}

/** What a route asks a stream for, once it has found who asks. */
export interface StreamRequest {
  audiences: LiveAudience[];
  lastEventId: string | null;
  /** Whose access the stream lives on: it ends as soon as that access does (streamsEnd). */
  holder: StreamHolder;
  /** The staff ticket in the stream's address, if any (STREAMS_PER_TICKET). */
  ticket?: string;
  /**
   * Checks the holder's access again once the stream is counted (throwing the
   * answer to give): an access ended before this check is refused here, one
   * ended after it ends the stream.
   */
  authorize(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Saves events in a transaction of its own and announces them to every replica (see publishLiveEvents to join a transaction). */
    publishLive(events: NewLiveEvent[]): Promise<void>;
    liveStreams: {
      /** Answers the request with a text/event-stream of the audiences' events, resuming after `lastEventId` when it can. */
      open(request: FastifyRequest, reply: FastifyReply, stream: StreamRequest): Promise<void>;
      /** Streams open on this replica, all of them or for one audience. */
      count(audience?: string): number;
    };
  }
}

const later = (a: string, b: string) => (BigInt(a) > BigInt(b) ? a : b);

/**
 * Live events for the staff console and the diners' phones, across replicas:
 * saved in live_events, announced with NOTIFY, and read back by every replica
 * that has streams open (LISTEN), in id order. A stream says `id:` for each
 * event, so a browser that reconnects with Last-Event-ID gets what it missed.
 * Written on reply.raw rather than with an SSE plugin: the protocol is a few
 * lines of text, and the replay-then-live hand-over needs the raw stream anyway.
 */
export async function registerLiveEvents(app: FastifyInstance) {
  const subscribers = new Set<Subscriber>();
  let cursor = (await liveEventBounds(app.db)).newest;
  let pumping = false;
  let pumpAgain = false;

  // Reads what was announced since the cursor and hands it to the open streams.
  async function pump() {
    if (pumping) return void (pumpAgain = true);
    pumping = true;
    try {
      do {
        pumpAgain = false;
        for (let batch = await liveEventsAfter(app.db, cursor, FETCH_BATCH); ; batch = await liveEventsAfter(app.db, cursor, FETCH_BATCH)) {
          for (const event of batch) {
            cursor = event.id;
            if (event.kind === 'streams.end') {
              for (const subscriber of subscribers) if (subscriber.holder === event.data.holder) subscriber.end();
              continue;
            }
            for (const subscriber of subscribers) if (subscriber.audiences.has(event.audience)) subscriber.deliver(event);
          }
          if (batch.length < FETCH_BATCH) break;
        }
      } while (pumpAgain);
    } catch (error) {
      // The next announcement (or the reconnect's resync) reads from the same cursor.
      app.apiLog.warn({ err: error }, 'could not read live events');
    } finally {
      pumping = false;
    }
  }

  await app.db.listen(LIVE_EVENTS_CHANNEL, {
    onMessage: (id) => {
      // With no stream open nothing needs reading: a new stream replays from the table.
      if (subscribers.size === 0 && !pumping && /^\d+$/.test(id)) cursor = later(cursor, id);
      else void pump();
    },
    onResync: () => void pump(),
  });

  app.decorate('publishLive', (events: NewLiveEvent[]) => app.db.transaction((tx) => publishLiveEvents(tx, events)));

  const limit = app.config.liveStreamsMax;
  const count = (audience?: string) => (audience ? [...subscribers].filter((subscriber) => subscriber.audiences.has(audience)).length : subscribers.size);
  const countWhere = (match: (subscriber: Subscriber) => boolean) => [...subscribers].filter(match).length;

  async function open(request: FastifyRequest, reply: FastifyReply, stream: StreamRequest) {
    const raw = reply.raw;
    // A client gone before its stream is set up has nothing to be answered (and must not be counted).
    if (raw.destroyed || request.raw.socket?.destroyed) return void reply.hijack();
    if (subscribers.size >= limit) throw new HttpError(503, liveMessages.tooMany, { 'retry-after': '30' });
    if (stream.holder.startsWith('table:') && countWhere((subscriber) => subscriber.holder === stream.holder) >= STREAMS_PER_TABLE) {
      throw new HttpError(429, liveMessages.tooManyAtTable);
    }
    if (stream.ticket && countWhere((subscriber) => subscriber.ticket === stream.ticket) >= STREAMS_PER_TICKET) {
      throw new HttpError(429, liveMessages.tooManyWithTicket);
    }
    if (countWhere((subscriber) => subscriber.address === request.ip) >= app.config.liveStreamsPerAddress) {
      throw new HttpError(429, liveMessages.tooManyFromAddress);
    }

    // Events arriving while the replay is read wait here, then follow it.
    let pending: LiveEvent[] | null = [];
    let sentUpTo = '0';
    let write: (text: string) => void = () => undefined;
    let heartbeat: NodeJS.Timeout | undefined;
    let lifetime: NodeJS.Timeout | undefined;
    let endedEarly = false;
    const subscriber: Subscriber = {
      audiences: new Set(stream.audiences),
      holder: stream.holder,
      ticket: stream.ticket ?? null,
      address: request.ip,
      deliver(event) {
        if (pending) return void pending.push(event);
        if (BigInt(event.id) <= BigInt(sentUpTo)) return;
        sentUpTo = event.id;
        write(`id: ${event.id}\ndata: ${JSON.stringify({ ...event.data, kind: event.kind })}\n\n`);
      },
      // Until the stream is answered, ending it means refusing it once set up.
      end: () => void (endedEarly = true),
    };
    // The stream's place is given back however the connection ends, from now on:
    // a reset while the replay is read included.
    const stop = () => {
      subscribers.delete(subscriber);
      clearInterval(heartbeat);
      clearTimeout(lifetime);
    };
    subscribers.add(subscriber);
    raw.once('close', stop);

    let replay: LiveEvent[] = [];
    let resumed = false;
    try {
      await stream.authorize();
      const bounds = await liveEventBounds(app.db);
      const from = stream.lastEventId === null ? null : BigInt(stream.lastEventId);
      // Nothing after `from` was pruned, and `from` is an id of this database.
      resumed = from !== null && from >= BigInt(bounds.oldest) - 1n && from <= BigInt(bounds.newest);
      sentUpTo = bounds.newest;
      if (resumed) {
        replay = await liveEventsFor(app.db, stream.audiences, stream.lastEventId!, REPLAY_LIMIT + 1);
        if (replay.length > REPLAY_LIMIT) [resumed, replay] = [false, []];
        else sentUpTo = stream.lastEventId!;
      }
      // Access that ended while this was read is refused in the words authorize gives.
      if (endedEarly) await stream.authorize();
    } catch (error) {
      stop();
      raw.off('close', stop);
      throw error;
    }
    if (!subscribers.has(subscriber)) return void reply.hijack();

    reply.hijack();
    raw.writeHead(200, {
      ...(reply.getHeaders() as Record<string, string>),
      ...API_SECURITY_HEADERS,
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      // nginx passes the stream on as it comes rather than buffering it.
      'x-accel-buffering': 'no',
      // One stream per connection: when it ends, so does the connection (a server closing waits for none).
      connection: 'close',
    });
    heartbeat = setInterval(() => write(': keep-alive\n\n'), HEARTBEAT_MS);
    lifetime = setTimeout(() => raw.end(), STREAM_LIFETIME_MS);
    subscriber.end = () => raw.end();
    write = (text) => {
      if (raw.writableEnded || raw.destroyed) return;
      if (raw.writableLength > MAX_UNSENT_BYTES) return void raw.destroy();
      raw.write(text);
    };
    // `retry`: how long a browser's own reconnect waits; `ready` says whether what was missed follows. Its `id` is
    // where the stream starts, so a page's next stream resumes from there even when no event came on this one.
    write(`retry: 3000\nid: ${sentUpTo}\ndata: ${JSON.stringify({ kind: 'ready', resumed })}\n\n`);
    const waiting = pending;
    pending = null;
    for (const event of [...replay, ...waiting]) subscriber.deliver(event);
    // Access that ended after authorize's second look but before this point.
    if (endedEarly) raw.end();
  }

  app.decorate('liveStreams', { open, count });
  // Open streams would keep the server from closing.
  app.addHook('preClose', async () => {
    for (const subscriber of subscribers) subscriber.end();
  });
}
