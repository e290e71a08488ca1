import { forbidden, HttpError, notFound } from '../../lib/http-error';
import type { Principal } from '../../plugins/auth';
import { findSessionByCode, lockSession } from '../../repositories/dining-repository';
import { publishLiveEvents, refillStatusEvents } from '../../repositories/live-events-repository';
import {
  countWaitingRefillRequests,
  findRefillRequest,
  findRefillRequestByKey,
  insertRefillRequest,
  lockRefillRequest,
  setRefillStatus,
  type RefillRequest,
  type RefillStatus,
} from '../../repositories/refill-repository';
import type { ServiceContext } from '../service-context';
import { MAX_WAITING_PER_TABLE, refillApiMessages } from './refill-messages';

const FINISHED: RefillStatus[] = ['completed', 'cancelled'];

export interface RefillAsk {
  tableCode: string;
  requestType: string;
  notes: string;
  items: RefillRequest['items'];
  customerId: number | null;
  idempotencyKey: string | undefined;
}

/**
 * A seated table asks for a refill: idempotent under its key, refused once the
 * table is closed or its time is up, at most MAX_WAITING_PER_TABLE waiting;
 * staff and the table's phones hear of it in the same transaction.
 */
export function requestRefill(ctx: Pick<ServiceContext, 'db'>, ask: RefillAsk): Promise<RefillRequest> {
  const key = ask.idempotencyKey;
  return ctx.db.transaction(async (tx) => {
    const session = await findSessionByCode(tx, ask.tableCode);
    if (!session) throw notFound(refillApiMessages.invalidCode);
    // Serialises requests of one table so the waiting count is exact.
    await lockSession(tx, session.id);
    // A phone sending again what it sent before (offline, or the answer was lost) gets that request back.
    const earlier = key === undefined ? null : await findRefillRequestByKey(tx, session.id, key);
    if (earlier) {
      if (earlier.request_type !== ask.requestType || earlier.notes !== ask.notes) throw new HttpError(422, refillApiMessages.keyReused);
      return earlier;
    }
    if (session.closed_at !== null) throw new HttpError(409, refillApiMessages.closed);
    if (session.remaining_sec <= 0) throw new HttpError(409, refillApiMessages.timeUp);
    if ((await countWaitingRefillRequests(tx, session.id)) >= MAX_WAITING_PER_TABLE) throw new HttpError(429, refillApiMessages.tooManyWaiting);
    const refill = await insertRefillRequest(
      tx,
      { session_id: session.id, customer_id: ask.customerId, request_type: ask.requestType, notes: ask.notes, items: ask.items, idempotency_key: key },
      `table ${session.table_number}`,
    );
    const { id, status, request_type, created_at } = refill;
    await publishLiveEvents(tx, [
      {
        audience: 'staff',
        kind: 'refill.created',
        data: { ...refill, table_number: session.table_number, table_numbers: session.table_numbers, table_code: session.table_code, age_sec: 0 },
      },
      { audience: `table:${session.id}`, kind: 'refill.created', data: { id, status, request_type, created_at } },
    ]);
    return refill;
  });
}

/**
 * Staff move a refill request on, or the table it belongs to finishes it
 * (completed or cancelled); a finished request never changes. Answers the
 * request and whether it changed.
 */
export function changeRefillStatus(
  ctx: Pick<ServiceContext, 'db'>,
  change: { id: number; status: RefillStatus; tableCode: string | undefined; staff: Principal | null },
): Promise<{ refill: RefillRequest; changed: boolean }> {
  const { id, status, tableCode, staff } = change;
  return ctx.db.transaction(async (tx) => {
    await lockRefillRequest(tx, id);
    const refill = await findRefillRequest(tx, id);
    if (!refill) throw notFound(refillApiMessages.notFound);
    let changedBy: string;
    if (staff) {
      changedBy = `staff ${staff.email}`;
    } else {
      if (!tableCode) throw forbidden(refillApiMessages.otherTable);
      const session = await findSessionByCode(tx, tableCode);
      if (!session || session.id !== refill.session_id) throw forbidden(refillApiMessages.otherTable);
      // A closed table's code moves nothing any more (its waiting requests were cancelled at closing).
      if (session.closed_at !== null) throw notFound(refillApiMessages.closed);
      if (!FINISHED.includes(status)) throw forbidden(refillApiMessages.dinerStatus);
      changedBy = `table ${session.table_number}`;
    }
    if (refill.status === status) return { refill, changed: false };
    if (FINISHED.includes(refill.status)) throw new HttpError(409, refillApiMessages.finished);
    const updated = await setRefillStatus(tx, id, status, changedBy);
    await publishLiveEvents(tx, refillStatusEvents(updated));
    return { refill: updated, changed: true };
  });
}
