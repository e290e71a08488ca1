import { TIME_SLOTS } from '@samgyup/shared/constants';
import { parseIsoDate } from '@samgyup/shared/reservation';
import { z } from 'zod';
import { reservationApiMessages as messages } from './reservation-messages';

const SLOT_STARTS = TIME_SLOTS.map((slot) => slot.start) as [string, ...string[]];

/** A slot's day and start as the reservation routes take them (availability, reschedule), each refused in the booking's words. */
export const slotDateField = z.string({ error: messages.badDate }).refine((value) => parseIsoDate(value) !== null, messages.badDate);
export const slotTimeField = z.enum(SLOT_STARTS, { error: messages.badTime });
