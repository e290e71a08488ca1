import { parseRefillRequestType } from '@samgyup/shared/refill';
import { tableCodeField } from '@samgyup/shared/validation';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { HttpError, notFound } from '../../lib/http-error';
import { idempotencyKeyOf } from '../../lib/idempotency-key';
import { parseInput } from '../../lib/parse-input';
import { rowIdParams } from '../../lib/row-id-params';
import { perAddressLimit } from '../../lib/rate-limited';
import { REFILL_STATUSES, type RefillStatus } from '../../repositories/refill-repository';
import type { Principal } from '../../plugins/auth';
import { sessionByCode } from '../../services/refill/session-by-code';
import { refillApiMessages } from '../../services/refill/refill-messages';
import { changeRefillStatus, requestRefill } from '../../services/refill/refill-service';

const codeBody = z.object({ table_code: tableCodeField });
const idParams = rowIdParams(refillApiMessages.notFound);

const refillBody = z.object({
  table_code: tableCodeField,
  customer_id: z.union([z.number(), z.string(), z.null()]).optional(),
  request_type: z.string({ error: refillApiMessages.badItems }).trim().min(1, refillApiMessages.badItems).max(600, refillApiMessages.badItems),
  notes: z.string().trim().max(1000, 'Notes can be at most 1000 characters.').optional().default(''),
});

const statusBody = z.object({
  status: z
    .string({ error: refillApiMessages.unknownStatus })
    .refine((value): value is RefillStatus => (REFILL_STATUSES as readonly string[]).includes(value), refillApiMessages.unknownStatus),
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

    const created = await requestRefill(app, {
      tableCode: input.table_code,
      requestType: input.request_type,
      notes: input.notes,
      items,
      customerId: customer?.id ?? null,
      idempotencyKey: idempotencyKeyOf(request.headers),
    });
    reply.status(201);
    return { success: true, message: refillApiMessages.sent, id: created.id, data: { id: created.id, status: created.status } };
  });

  app.patch('/api/refill-requests/:id/status', limited, async (request) => {
    const { id } = parseInput(idParams, request.params);
    const { status, table_code } = parseInput(statusBody, request.body);
    const staff = request.headers.authorization ? await app.authenticateStaff(request) : null;

    const { refill, changed } = await changeRefillStatus(app, { id, status, tableCode: table_code, staff });
    if (!changed) return { success: true, message: 'Status unchanged.', data: refill };
    return { success: true, message: `Refill request marked ${status.replace('_', ' ')}.`, data: refill };
  });
}
