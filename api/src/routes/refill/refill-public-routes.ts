import { parseRefillRequestType } from '@samgyup/shared/refill';
import { tableCodeField } from '@samgyup/shared/validation';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { forbidden, HttpError, notFound } from '../../lib/http-error';
import { idempotencyKeyOf } from '../../lib/idempotency-key';
import { parseInput } from '../../lib/parse-input';
import { findSessionByCode, lockSession } from '../../repositories/dining-repository';
import { perAddressLimit } from '../../lib/rate-limited';
import {
  countWaitingRefillRequests,
  findRefillRequest,
  findRefillRequestByKey,
  insertRefillRequest,
  lockRefillRequest,
  REFILL_STATUSES,
  setRefillStatus,
  type RefillStatus,
} from '../../repositories/refill-repository';
import type { Principal } from '../../plugins/auth';
import { publishLiveEvents, refillStatusEvents } from '../../repositories/live-events-repository';
import { sessionByCode } from '../tables/session-by-code';
import { MAX_WAITING_PER_TABLE, refillApiMessages } from './refill-messages';

const FINISHED: RefillStatus[] = ['completed', 'cancelled'];

const codeBody = z.object({ table_code: tableCodeField });
const idParams = z.object({ id: z.coerce.number({ error: refillApiMessages.notFound }).int().positive(refillApiMessages.notFound) });

const refillBody = z.object({
  table_code: tableCodeField,
  customer_id: z.union([z.number(), z.string(), z.null()]).optional(),
  request_type: z.string({ error: refillApiMessages.badItems }).trim().min(1, refillApiMessages.badItems).max(600, refillApiMessages.badItems),
  notes: z.string().trim().max(1000, 'Notes can be at most 1000 characters.').optional().default(''),
});

const statusBody = z.object({
  status: z.string({ error: refillApiMessages.unknownStatus }).refine(
    (value): value is RefillStatus => (REFILL_STATUSES as readonly string[]).includes(value),
    refillApiMessages.unknownStatus,
  ),
  table_code: z.optional(tableCodeField),
});

/**
 * A table's refill requests: the diner checks the table code and asks; the
 * diner or staff move a request on (staff's queue: refill-staff-routes.ts,
 * the table's own list and timer: tables/tables-public-routes.ts).
 */
export default async function refillPublicRoutes(app: FastifyInstance) {
  const limited = perAddressLimit(app.config);

  /** A customer token is optional here: an absent or stale one just means no customer. */
  async function optionalCustomer(request: FastifyRequest): Promise<Principal | null> {
    if (!request.headers.authorization) return null;
    try {
      return await app.authenticateCustomer(request);
    } catch {
      return null;
    }
  }

  app.post('/api/refill-requests/validate-table', limited, async (request) => {
    const { table_code } = parseInput(codeBody, request.body);
    const session = await sessionByCode(app.db, table_code);
    if (session.closed_at !== null || session.remaining_sec <= 0) throw notFound(refillApiMessages.expired);
    return {
      success: true,
      message: refillApiMessages.verified,
      id: session.table_id,
      table_code: session.table_code,
      table_number: session.table_number,
    };
  });

  app.post('/api/refill-requests', limited, async (request, reply) => {
    const input = parseInput(refillBody, request.body);
    const items = parseRefillRequestType(input.request_type);
    if (!items) throw new HttpError(400, refillApiMessages.badItems);
    const customer = await optionalCustomer(request);

    const key = idempotencyKeyOf(request.headers);

    const created = await app.db.transaction(async (tx) => {
      const session = await findSessionByCode(tx, input.table_code);
      if (!session) throw notFound(refillApiMessages.invalidCode);
      // Serialises requests of one table so the waiting count is exact.
      await lockSession(tx, session.id);
      // A phone sending again what it sent before (offline, or the answer was lost) gets that request back.
      const earlier = key === undefined ? null : await findRefillRequestByKey(tx, session.id, key);
      if (earlier) {
        if (earlier.request_type !== input.request_type || earlier.notes !== input.notes) throw new HttpError(422, refillApiMessages.keyReused);
        return earlier;
      }
      if (session.closed_at !== null) throw new HttpError(409, refillApiMessages.closed);
      if (session.remaining_sec <= 0) throw new HttpError(409, refillApiMessages.timeUp);
      if ((await countWaitingRefillRequests(tx, session.id)) >= MAX_WAITING_PER_TABLE) throw new HttpError(429, refillApiMessages.tooManyWaiting);
      const refill = await insertRefillRequest(
        tx,
        { session_id: session.id, customer_id: customer?.id ?? null, request_type: input.request_type, notes: input.notes, items, idempotency_key: key },
        `table ${session.table_number}`,
      );
      const { id, status, request_type, created_at } = refill;
      await publishLiveEvents(tx, [
        { audience: 'staff', kind: 'refill.created', data: { ...refill, table_number: session.table_number, table_code: session.table_code, age_sec: 0 } },
        { audience: `table:${session.id}`, kind: 'refill.created', data: { id, status, request_type, created_at } },
      ]);
      return refill;
    });
    reply.status(201);
    return { success: true, message: refillApiMessages.sent, id: created.id, data: { id: created.id, status: created.status } };
  });

  app.patch('/api/refill-requests/:id/status', limited, async (request) => {
    const { id } = parseInput(idParams, request.params);
    const { status, table_code } = parseInput(statusBody, request.body);
    const staff = request.headers.authorization ? await app.authenticateStaff(request) : null;

    return app.db.transaction(async (tx) => {
      await lockRefillRequest(tx, id);
      const refill = await findRefillRequest(tx, id);
      if (!refill) throw notFound(refillApiMessages.notFound);
      let changedBy: string;
      if (staff) {
        changedBy = `staff ${staff.email}`;
      } else {
        if (!table_code) throw forbidden(refillApiMessages.otherTable);
        const session = await findSessionByCode(tx, table_code);
        if (!session || session.id !== refill.session_id) throw forbidden(refillApiMessages.otherTable);
        // A closed table's code moves nothing any more (its waiting requests were cancelled at closing).
        if (session.closed_at !== null) throw notFound(refillApiMessages.closed);
        if (!FINISHED.includes(status)) throw forbidden(refillApiMessages.dinerStatus);
        changedBy = `table ${session.table_number}`;
      }
      if (refill.status === status) return { success: true, message: 'Status unchanged.', data: refill };
      if (FINISHED.includes(refill.status)) throw new HttpError(409, refillApiMessages.finished);
      const updated = await setRefillStatus(tx, id, status, changedBy);
      await publishLiveEvents(tx, refillStatusEvents(updated));
      return { success: true, message: `Refill request marked ${status.replace('_', ' ')}.`, data: updated };
    });
  });
}
