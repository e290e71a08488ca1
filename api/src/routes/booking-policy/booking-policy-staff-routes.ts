import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { parseInput } from '../../lib/parse-input';
import { getBookingPolicy } from '../../repositories/booking-policy-repository';
import { changeBookingPolicy } from '../../services/settings/booking-policy-service';
import { ADMINS, staffAccess, staffOf } from '../../plugins/staff-authorization';

const whole = (name: string, min: number, max: number) => {
  const message = `Send ${name} as a whole number from ${min} to ${max}.`;
  return z.number({ error: message }).int(message).min(min, message).max(max, message);
};

const policyBody = z
  .strictObject(
    {
      change_cutoff_hours: whole('change_cutoff_hours', 0, 720),
      refund_on_cancel: z.boolean({ error: 'Send refund_on_cancel as true or false.' }),
      hold_minutes: whole('hold_minutes', 1, 1440),
      first_reminder_minutes: whole('first_reminder_minutes', 30, 10080),
      second_reminder_minutes: whole('second_reminder_minutes', 15, 10080),
      waitlist_offer_minutes: whole('waitlist_offer_minutes', 5, 1440),
      down_payment_per: z.enum(['reservation', 'guest', 'group'], { error: 'Send down_payment_per as reservation, guest or group.' }).optional(),
      down_payment_group_size: whole('down_payment_group_size', 2, 20).optional(),
      confirm_when_paid: z.boolean({ error: 'Send confirm_when_paid as true or false.' }).optional(),
    },
    { error: (issue) => (issue.code === 'unrecognized_keys' ? 'Send only the policy fields.' : 'Send the policy as an object.') },
  )
  .refine((policy) => policy.second_reminder_minutes < policy.first_reminder_minutes, {
    message: 'The second reminder must come closer to the slot than the first.',
  });

/** Admins read and change the booking policy; everyone reads it without its author (booking-policy-public-routes.ts). */
export default async function bookingPolicyStaffRoutes(app: FastifyInstance) {
  app.get('/api/staff/booking-policy', staffAccess(ADMINS), async () => {
    return { success: true, data: await getBookingPolicy(app.db) };
  });

  app.put('/api/staff/booking-policy', staffAccess(ADMINS), async (request) => {
    const admin = staffOf(request);
    const change = parseInput(policyBody, request.body);
    const data = await changeBookingPolicy(app, admin, change);
    return { success: true, message: 'The booking policy is saved.', data };
  });
}
