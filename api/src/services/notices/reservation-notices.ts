import { formatLongUsDate, reservationCalendarFile, slotLabel, tablesLabel } from '@samgyup/shared/reservation';
import { RESTAURANT_TIME_ZONE, siteConfig } from '@samgyup/shared/constants';
import type { Reservation } from '../../repositories/reservations-repository';
import type { NewNotice } from '../../repositories/notices-repository';

/** What every reservation message needs besides the reservation: where its manage link points. */
export interface NoticeContext {
  manageLink: string;
}

function details(reservation: Reservation): string {
  return [
    `Reservation #${reservation.id}`,
    `Name: ${reservation.customer_name}`,
    `Date: ${formatLongUsDate(reservation.reservation_date)}`,
    `Time: ${slotLabel(reservation.reservation_time)}`,
    `Guests: ${reservation.number_of_guests} People`,
    `Table: ${tablesLabel(reservation.table_numbers)}`,
  ].join('\n');
}

const signature = `${siteConfig.brandName}\n${siteConfig.contact.address}\n${siteConfig.contact.phone}`;
const manageLine = (context: NoticeContext) => `View, cancel or move this reservation: ${context.manageLink}`;
const when = (reservation: Reservation) => `${formatLongUsDate(reservation.reservation_date)}, ${slotLabel(reservation.reservation_time)}`;

function calendarAttachment(reservation: Reservation, cancelled: boolean) {
  return {
    filename: `samgyup-reservation-${reservation.id}.ics`,
    content: reservationCalendarFile(reservation, new Date(), { sequence: reservation.calendar_sequence, cancelled }),
    contentType: `text/calendar; charset=utf-8; method=${cancelled ? 'CANCEL' : 'PUBLISH'}`,
  };
}

/** An email and a text about one reservation, of one kind. */
function emailAndText(
  reservation: Reservation,
  kind: string,
  email: { subject: string; body: string; attachments?: NewNotice['attachments'] },
  sms: string,
  dedupeKey?: string,
): NewNotice[] {
  const about = { reservation_id: reservation.id, kind };
  return [
    { ...about, channel: 'email', recipient: reservation.email, ...email, dedupe_key: dedupeKey ? `${dedupeKey}:email` : null },
    { ...about, channel: 'sms', recipient: reservation.phone, subject: '', body: sms, dedupe_key: dedupeKey ? `${dedupeKey}:sms` : null },
  ];
}

/** The customer hears that their reservation was confirmed, with the details and an .ics file. */
export function confirmationNotices(reservation: Reservation, context: NoticeContext): NewNotice[] {
  return emailAndText(
    reservation,
    'reservation.confirmed',
    {
      subject: `Your table at ${siteConfig.brandName} is confirmed`,
      body: `${details(reservation)}\n\nPlease show this message or screenshots and your payment receipt at the table. Arrive early to avoid cancellation.\n\n${manageLine(context)}\n\n${signature}`,
      attachments: [calendarAttachment(reservation, false)],
    },
    `${siteConfig.brandName}: reservation #${reservation.id} is confirmed for ${when(reservation)}, ${tablesLabel(reservation.table_numbers)}. Manage: ${context.manageLink}`,
  );
}

/** The customer hears that their reservation was declined, and why. */
export function declineNotices(reservation: Reservation): NewNotice[] {
  return emailAndText(
    reservation,
    'reservation.declined',
    {
      subject: `About your reservation at ${siteConfig.brandName}`,
      body: `Sorry, we could not confirm this reservation.\nReason: ${reservation.decline_reason ?? 'not given'}\n\n${details(reservation)}\n\nPlease call us at ${siteConfig.contact.phone} if you have questions.\n\n${siteConfig.brandName}`,
    },
    `${siteConfig.brandName}: sorry, we could not confirm reservation #${reservation.id}. Reason: ${reservation.decline_reason ?? 'not given'}. Call ${siteConfig.contact.phone}.`,
  );
}

/** The customer hears that their reservation moved, with the updated calendar file (same UID, higher SEQUENCE). */
export function rescheduleNotices(reservation: Reservation, context: NoticeContext, from: { date: string; time: string }): NewNotice[] {
  return emailAndText(
    reservation,
    'reservation.rescheduled',
    {
      subject: `Your reservation at ${siteConfig.brandName} has moved`,
      body: `Your reservation moved from ${formatLongUsDate(from.date)}, ${slotLabel(from.time)} to:\n\n${details(reservation)}\n\nThe attached calendar file updates the one you had.\n\n${manageLine(context)}\n\n${signature}`,
      attachments: [calendarAttachment(reservation, false)],
    },
    `${siteConfig.brandName}: reservation #${reservation.id} moved to ${when(reservation)}, ${tablesLabel(reservation.table_numbers)}. Manage: ${context.manageLink}`,
  );
}

/** The customer hears that their reservation is cancelled, with a calendar file that removes it. */
export function cancelNotices(reservation: Reservation, downPayment: string): NewNotice[] {
  return emailAndText(
    reservation,
    'reservation.cancelled',
    {
      subject: `Your reservation at ${siteConfig.brandName} is cancelled`,
      body: `Your reservation is cancelled.\n\n${details(reservation)}\n\n${downPayment}\n\nThe attached calendar file removes it from your calendar.\n\n${signature}`,
      attachments: [calendarAttachment(reservation, true)],
    },
    `${siteConfig.brandName}: reservation #${reservation.id} for ${when(reservation)} is cancelled. ${downPayment}`,
  );
}

/** A waitlisted party hears that a table is free for them, with the claim link and until when it works. */
export function waitlistOfferNotices(
  entry: { id: number; customer_name: string; email: string; phone: string; reservation_date: string; reservation_time: string; party_size: number },
  offer: { tables: string; claimLink: string; expiresAt: Date; minutes: number },
): NewNotice[] {
  const until = offer.expiresAt.toLocaleTimeString('en-US', { timeZone: RESTAURANT_TIME_ZONE, hour: 'numeric', minute: '2-digit' });
  const slot = `${formatLongUsDate(entry.reservation_date)}, ${slotLabel(entry.reservation_time)}`;
  const about = { reservation_id: null, kind: 'waitlist.offer' };
  const dedupe = `waitlist-offer:${entry.id}`;
  return [
    {
      ...about,
      channel: 'email',
      recipient: entry.email,
      subject: `A table is free at ${siteConfig.brandName}`,
      body: `Good news, ${entry.customer_name}: ${offer.tables} ${offer.tables.startsWith('Tables') ? 'are' : 'is'} free for ${entry.party_size} on ${slot}.\n\nClaim it within ${offer.minutes} minutes (until ${until}, Philippine time): ${offer.claimLink}\n\nAfter that, the table goes to the next party on the waitlist.\n\n${signature}`,
      dedupe_key: `${dedupe}:email`,
    },
    {
      ...about,
      channel: 'sms',
      recipient: entry.phone,
      subject: '',
      body: `${siteConfig.brandName}: ${offer.tables} ${offer.tables.startsWith('Tables') ? 'are' : 'is'} free for ${entry.party_size} on ${slot}. Claim it by ${until}: ${offer.claimLink}`,
      dedupe_key: `${dedupe}:sms`,
    },
  ];
}

/** A reminder before the visit, with the manage link; its dedupe key makes it one per slot. */
export function reminderNotices(reservation: Reservation, context: NoticeContext, dedupeKey: string): NewNotice[] {
  return emailAndText(
    reservation,
    'reservation.reminder',
    {
      subject: `Reminder: your table at ${siteConfig.brandName} on ${when(reservation)}`,
      body: `See you soon!\n\n${details(reservation)}\n\nPlease show this message and your payment receipt at the table. Arrive early to avoid cancellation.\n\n${manageLine(context)}\n\n${signature}`,
    },
    `${siteConfig.brandName} reminder: reservation #${reservation.id}, ${when(reservation)}, ${tablesLabel(reservation.table_numbers)}. Manage: ${context.manageLink}`,
    dedupeKey,
  );
}

/** A payment that came after the table was gone (or paid twice) is refunded, and the diner hears so. */
export function latePaymentNotices(reservation: Reservation, amount: { pesos: string; method: string }, paymentId: number, duplicate: boolean): NewNotice[] {
  const why = duplicate
    ? 'This reservation was already paid, so this second payment is not needed.'
    : 'It arrived after this reservation stopped holding its table, and the table has gone to another party.';
  return emailAndText(
    reservation,
    'payment.refunded',
    {
      subject: `Your payment to ${siteConfig.brandName} is refunded`,
      body: `We received your ${amount.pesos} payment (${amount.method}) for reservation #${reservation.id}. ${why}\n\nWe are refunding ${amount.pesos} through PayMongo to the account you paid from; it usually arrives within 7 days.\n\n${details(reservation)}\n\nTo book again, visit our website or call us at ${siteConfig.contact.phone}.\n\n${signature}`,
    },
    `${siteConfig.brandName}: your ${amount.pesos} payment for reservation #${reservation.id} is being refunded to the account you paid from. ${duplicate ? 'It was already paid.' : 'The table had gone to another party.'}`,
    `payment-refund:${paymentId}`,
  );
}
