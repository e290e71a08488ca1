import type { Queryable } from '../db/database';

/** The channel a saved event's id is announced on (NOTIFY), for every replica's streams. */
export const LIVE_EVENTS_CHANNEL = 'samgyup_live_events';

/**
 * Who may see an event: the staff console, or the phones of one dining session.
 * `streams` events are for the replicas themselves and reach no stream (streamsEnd).
 */
export type LiveAudience = 'staff' | `table:${number}` | 'streams';

export interface NewLiveEvent {
  audience: LiveAudience;
  kind: string;
  data: Record<string, unknown>;
}

export interface LiveEvent {
  /** bigserial, as text (it may pass 2^53 one day). */
  id: string;
  audience: string;
  kind: string;
  data: Record<string, unknown>;
}

// Any fixed number: the lock that puts the events' ids in commit order.
const PUBLISH_LOCK = 7_326_001;

/**
 * Saves events in the caller's transaction (call it last, once, with all of
 * them) and announces them at commit. The transaction lock makes every
 * publishing transaction take its ids and commit one after the other, so ids
 * become visible in rising order and a stream resuming "after id N" never skips
 * an event that committed late with a smaller id.
 */
export async function publishLiveEvents(tx: Queryable, events: NewLiveEvent[]): Promise<void> {
  if (events.length === 0) return;
  await tx.query('SELECT pg_advisory_xact_lock($1)', [PUBLISH_LOCK]);
  const [last] = await tx.query<{ id: string }>(
    `WITH saved AS (
       INSERT INTO live_events (audience, kind, data)
       SELECT * FROM unnest($1::text[], $2::text[], $3::jsonb[])
       RETURNING id)
     SELECT max(id)::text AS id FROM saved`,
    [events.map((event) => event.audience), events.map((event) => event.kind), events.map((event) => JSON.stringify(event.data))],
  );
  await tx.query('SELECT pg_notify($1, $2)', [LIVE_EVENTS_CHANNEL, last.id]);
}

/** A refill request moved: the staff queue and the table's phones are told. */
export function refillStatusEvents(refill: { id: number; session_id: number; status: string }): NewLiveEvent[] {
  const data = { id: refill.id, status: refill.status };
  return [
    { audience: 'staff', kind: 'refill.status', data },
    { audience: `table:${refill.session_id}`, kind: 'refill.status', data },
  ];
}

/** What may hold a live stream, and lose it at once when its access ends. */
export type StreamHolder = `staff:${number}` | `table:${number}`;

/**
 * Every replica ends the streams of a staff account that was disabled or a
 * dining session that was closed. Sent as an event, not a bare NOTIFY, so a
 * replica whose LISTEN was cut reads it on reconnecting like any other.
 */
export function streamsEnd(holder: StreamHolder): NewLiveEvent {
  return { audience: 'streams', kind: 'streams.end', data: { holder } };
}

// Sorted and compared by the bigint column, never by its text ("10" < "8").
const columns = 'id::text AS id, audience, kind, data';

/** Events after `afterId` (any audience), oldest first, at most `limit`. */
export async function liveEventsAfter(db: Queryable, afterId: string, limit: number): Promise<LiveEvent[]> {
  return db.query<LiveEvent>(`SELECT ${columns} FROM live_events WHERE live_events.id > $1::bigint ORDER BY live_events.id LIMIT $2`, [afterId, limit]);
}

/** Events after `afterId` for these audiences, oldest first, at most `limit`. */
export async function liveEventsFor(db: Queryable, audiences: string[], afterId: string, limit: number): Promise<LiveEvent[]> {
  return db.query<LiveEvent>(`SELECT ${columns} FROM live_events WHERE audience = ANY($1::text[]) AND live_events.id > $2::bigint ORDER BY live_events.id LIMIT $3`, [
    audiences,
    afterId,
    limit,
  ]);
}

/** The oldest and newest ids kept ('0' for none): a resume from before the oldest may have missed pruned events. */
export async function liveEventBounds(db: Queryable): Promise<{ oldest: string; newest: string }> {
  const [row] = await db.query<{ oldest: string; newest: string }>('SELECT coalesce(min(id), 0)::text AS oldest, coalesce(max(id), 0)::text AS newest FROM live_events');
  return row;
}

/** Drops events older than an hour, always keeping the newest (so a stale resume id can still be told apart). */
export async function forgetOldLiveEvents(db: Queryable): Promise<void> {
  await db.query(`DELETE FROM live_events WHERE at < now() - interval '1 hour' AND id < (SELECT max(id) FROM live_events)`);
}
