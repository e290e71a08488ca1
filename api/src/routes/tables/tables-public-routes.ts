import { tableCodeField } from '@samgyup/shared/validation';
import type { TableOptionsAnswer } from '@samgyup/shared/reservation';
import { GUESTS_MAX, GUESTS_MIN } from '@samgyup/shared/constants';
import { reservationMessages } from '@samgyup/shared/validation';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { parseInput } from '../../lib/parse-input';
import { perAddressLimit } from '../../lib/rate-limited';
import { listTableRefillRequests } from '../../repositories/refill-repository';
import { listAvailableTables } from '../../repositories/reservations-repository';
import { slotOpenForBooking, slotsClosedForBooking } from '../../services/reservations/booking-rules';
import { currentSettings } from '../../services/restaurant-settings';
import { otherFittingSlots, slotOptions, slotsWithoutFit } from '../../services/table-availability';
import { openTimeSlots } from '@samgyup/shared/settings';
import { resumeFrom, resumeQuery } from '../../lib/resume-from';
import { slotDateField, slotTimeField } from '../../services/reservations/slot-fields';
import { openSessionByCode, sessionByCode } from '../../services/refill/session-by-code';
import { withLivePosition } from '../../services/live-events';

const slotQuery = z.object({ date: slotDateField, time: slotTimeField });
const guestsField = z.coerce
  .number({ error: reservationMessages.guestsRange })
  .int(reservationMessages.guestsRange)
  .min(GUESTS_MIN, reservationMessages.guestsRange)
  .max(GUESTS_MAX, reservationMessages.guestsRange);
const optionsQuery = slotQuery.extend({ guests: guestsField });
const dayQuery = z.object({ date: slotDateField, guests: guestsField });
const codeParams = z.object({ code: tableCodeField });

/**
 * Tables as the public sees them: the free ones of a slot (the booking page),
 * and one seated table by its code (the diner's timer, refill requests and
 * live stream of their status). Staff manage tables in tables-staff-routes.ts.
 */
export default async function tablesPublicRoutes(app: FastifyInstance) {
  const limited = perAddressLimit(app.config);

  app.get('/api/tables/available', async (request) => {
    const { date, time } = parseInput(slotQuery, request.query);
    const data = (await slotOpenForBooking(app.db, app.config, date, time)) ? await listAvailableTables(app.db, date, time) : [];
    return { success: true, data };
  });

  /**
   * What seats a party on a slot: single tables and joined tables, best fit
   * first. When nothing does, the other slots of that day and the next days
   * that do, and the phone number for larger groups.
   */
  app.get('/api/tables/options', async (request, reply) => {
    const { date, time, guests } = parseInput(optionsQuery, request.query);
    const options = (await slotOpenForBooking(app.db, app.config, date, time)) ? await slotOptions(app.db, date, time, guests) : [];
    const data: TableOptionsAnswer = {
      options,
      other_slots: options.length > 0 ? [] : await otherFittingSlots(app.db, app.config, date, time, guests),
      phone: (await currentSettings(app.db, app.config.downPaymentPesos)).contact.phone,
    };
    reply.header('Cache-Control', 'no-store');
    return { success: true, data };
  });

  /**
   * The open slots of a day on which nothing free seats the party (the slot picker marks them full for it): also
   * every slot of a day the owner closed, and those already started, which seat nobody either.
   */
  app.get('/api/tables/full-slots', async (request, reply) => {
    const { date, guests } = parseInput(dayQuery, request.query);
    const slots = openTimeSlots(await currentSettings(app.db, app.config.downPaymentPesos)).map((slot) => slot.start);
    const closed = await slotsClosedForBooking(app.db, app.config, date, slots);
    const withoutFit = await slotsWithoutFit(
      app.db,
      date,
      slots.filter((time) => !closed.includes(time)),
      guests,
    );
    reply.header('Cache-Control', 'no-store');
    return { success: true, data: slots.filter((time) => closed.includes(time) || withoutFit.includes(time)) };
  });

  app.get('/api/tables/:code/timer', limited, async (request, reply) => {
    const { code } = parseInput(codeParams, request.params);
    const session = await sessionByCode(app.db, code);
    reply.header('Cache-Control', 'no-store');
    return {
      success: true,
      remainingSec: session.closed_at === null ? session.remaining_sec : 0,
      durationSec: session.duration_sec,
    };
  });

  /** The table's refill requests and where each stands, newest first (the diner's page, when live updates cannot reach it). */
  app.get('/api/tables/:code/refill-requests', limited, async (request, reply) => {
    const { code } = parseInput(codeParams, request.params);
    const session = await openSessionByCode(app.db, code);
    reply.header('Cache-Control', 'no-store');
    return withLivePosition(app, () => listTableRefillRequests(app.db, session.id));
  });

  /** The table's own refill requests' status as Server-Sent Events, by its code as the refill routes are (staff's stream: live/). */
  app.get('/api/tables/:code/live', limited, async (request, reply) => {
    const { code } = parseInput(codeParams, request.params);
    const lastEventId = resumeFrom(request, parseInput(resumeQuery, request.query));
    const session = await openSessionByCode(app.db, code);
    await app.liveStreams.open(request, reply, {
      audiences: [`table:${session.id}`],
      lastEventId,
      holder: `table:${session.id}`,
      authorize: async () => void (await openSessionByCode(app.db, code)),
    });
  });
}
