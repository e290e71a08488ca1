import { formatCentavos } from '@samgyup/shared/money';
import { formatLongUsDate, slotLabel, tablesLabel } from '@samgyup/shared/reservation';
import { siteConfig } from '@samgyup/shared/constants';
import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../../db/database';
import { conflict, HttpError } from '../../lib/http-error';
import { getBookingPolicy } from '../../repositories/booking-policy-repository';
import { recordAudit, type AuditActor } from '../../repositories/audit-log-repository';
import { publishLiveEvents } from '../../repositories/live-events-repository';
import {
  claimWebhookEvent,
  findCheckout,
  findOpenCheckout,
  findRefundablePayment,
  insertOnlinePayment,
  insertOpenCheckout,
  insertRefund,
  leaseRefund,
  listOpenCheckouts,
  listReservationPayments,
  listReservationRefunds,
  listStrandedRefunds,
  markCheckoutChecked,
  requeueFailedRefund,
  setCheckoutStatus,
  setPaymentOutcome,
  settleRefund,
  updateRefundFromProvider,
  type CheckoutSessionRow,
  type PaymentOutcome,
  type RefundReason,
} from '../../repositories/payments-repository';
import { recordHistory } from '../../repositories/reservation-history-repository';
import {
  expireUnpaidReservations,
  findReservation,
  findReservationForUpdate,
  lockTableSlot,
  markReservationPaid,
  tableSlotHeldByOther,
  type Reservation,
} from '../../repositories/reservations-repository';
import { confirmationNotices, latePaymentNotices } from '../notices/reservation-notices';
import { signedLink } from '../../lib/signed-links';
import { expireHolds } from '../reservations/expire-holds';
import type { ServiceContext } from '../service-context';
import {
  createPaymentProvider,
  ProviderRefusedError,
  ProviderUnavailableError,
  type OnlineCheckout,
  type PaymentProvider,
  type ProviderEvent,
  type ProviderPayment,
  type ProviderSession,
} from './payment-provider';

declare module 'fastify' {
  interface FastifyInstance {
    /** How diners pay: `proof` only, or PayMongo's checkout beside it. */
    paymentProvider: PaymentProvider;
  }
}

export const paymentMessages = {
  notOffered: 'Online payment is not offered. Please upload a proof of payment instead.',
  notWaiting: 'This reservation is no longer waiting for a payment.',
  holdEnded: 'This reservation stopped holding its table before it was paid. Please book again.',
  unavailable: 'Online payment is not available right now. Please try again in a few minutes, or upload a proof of payment instead.',
  badSignature: 'The webhook signature is not valid.',
  nothingToRefund: 'This reservation has no online payment left to refund.',
  refundNotFailed: 'This refund was not refused, so there is nothing to retry.',
  refundNotFound: 'Refund not found.',
} as const;

/** How long one sender holds a refund before another may try it. */
const REFUND_LEASE_SECONDS = 60;
/** Open sessions the sweep asks the provider about per run. */
const SWEEP_SESSIONS = 20;

const METHOD_NAMES: Record<string, string> = { gcash: 'GCash', paymaya: 'Maya', qrph: 'QR Ph', card: 'card', grab_pay: 'GrabPay', shopee_pay: 'ShopeePay' };
export const methodName = (method: string) => METHOD_NAMES[method] ?? method;

/** Adds the provider to the app, from its settings. */
export function registerPayments(app: FastifyInstance): void {
  app.decorate('paymentProvider', createPaymentProvider(app.config.payments));
}

function onlineCheckout(ctx: ServiceContext): OnlineCheckout {
  const checkout = ctx.paymentProvider.checkout;
  if (!checkout) throw conflict(paymentMessages.notOffered);
  return checkout;
}

/** A provider failure in the diner's words: unavailable (503) or refused (logged, 502). */
function providerProblem(ctx: ServiceContext, error: unknown, context: Record<string, unknown>): never {
  if (error instanceof ProviderUnavailableError || error instanceof ProviderRefusedError) {
    ctx.apiLog.warn({ ...context, provider_error: error.message, code: error instanceof ProviderRefusedError ? error.code : undefined }, 'payment provider call failed');
    throw new HttpError(error instanceof ProviderRefusedError ? 502 : 503, paymentMessages.unavailable);
  }
  throw error;
}

const downPaymentCentavos = (reservation: Reservation) => reservation.down_payment_due * 100;
const holdEnded = (reservation: Reservation, now = new Date()) => reservation.hold_expires_at !== null && new Date(reservation.hold_expires_at) <= now;

/**
 * The diner's checkout: a provider session for exactly the down payment due,
 * or the one still open. Only a pending, unpaid reservation whose hold runs.
 */
export async function startCheckout(ctx: ServiceContext, reservationId: number): Promise<{ checkout_url: string }> {
  const checkout = onlineCheckout(ctx);
  await expireHolds(ctx);
  const reservation = (await findReservation(ctx.db, reservationId))!;
  if (reservation.status !== 'pending' || reservation.payment_status === 'paid') throw conflict(paymentMessages.notWaiting);
  if (holdEnded(reservation)) throw conflict(paymentMessages.holdEnded);

  const open = await findOpenCheckout(ctx.db, reservationId);
  if (open) {
    const session = await checkout.retrieveSession(open.id).catch((error: unknown) => providerProblem(ctx, error, { reservation: reservationId }));
    if (session.payments.some((payment) => payment.status === 'paid')) {
      await settleSession(ctx, open, session);
      throw conflict(paymentMessages.notWaiting);
    }
    if (session.status === 'active' && open.amount_centavos === downPaymentCentavos(reservation)) return { checkout_url: open.checkout_url };
    await setCheckoutStatus(ctx.db, open.id, 'closed');
  }

  const amountCentavos = downPaymentCentavos(reservation);
  const session = await checkout
    .createSession({
      reservationId,
      amountCentavos,
      itemName: `${siteConfig.brandName} down payment`,
      description: `Reservation #${reservation.id}: ${formatLongUsDate(reservation.reservation_date)}, ${slotLabel(reservation.reservation_time)}, ${tablesLabel(reservation.table_numbers)}, ${reservation.number_of_guests} guests`,
      successUrl: `${ctx.config.siteUrl}/reservation-paid?reservation=${reservation.id}`,
      cancelUrl: `${ctx.config.siteUrl}/reservation-upload?id=${reservation.id}`,
    })
    .catch((error: unknown) => providerProblem(ctx, error, { reservation: reservationId }));
  const kept = await insertOpenCheckout(ctx.db, {
    id: session.id,
    reservation_id: reservationId,
    checkout_url: session.checkoutUrl,
    payment_intent_id: session.paymentIntentId,
    amount_centavos: amountCentavos,
  });
  if (kept) return { checkout_url: session.checkoutUrl };
  // Another request made a session at the same moment: answer that one, and close ours.
  await checkout.expireSession(session.id).catch(() => undefined);
  const winner = await findOpenCheckout(ctx.db, reservationId);
  if (!winner) throw conflict(paymentMessages.notWaiting);
  return { checkout_url: winner.checkout_url };
}

interface AfterCommit {
  noticeIds: number[];
  refundIds: number[];
}
const nothingAfter = (): AfterCommit => ({ noticeIds: [], refundIds: [] });

/** Sends what a committed change queued: notices at once, refunds to the provider. */
async function runAfterCommit(ctx: ServiceContext, after: AfterCommit): Promise<void> {
  await ctx.notices.deliverNow(after.noticeIds);
  for (const id of after.refundIds) await sendRefund(ctx, id);
}

/**
 * Records one provider payment against a session's reservation, in the
 * caller's transaction, once (the payment id is unique): it pays and, by the
 * policy, confirms the booking; falls short and changes nothing; or comes when
 * the table is gone or the booking was already paid, and is refunded.
 */
async function recordPayment(ctx: ServiceContext, tx: Queryable, session: CheckoutSessionRow, payment: ProviderPayment): Promise<AfterCommit> {
  if (payment.status !== 'paid' && payment.status !== 'failed') return nothingAfter();
  const paymentId = await insertOnlinePayment(tx, {
    providerPaymentId: payment.id,
    reservationId: session.reservation_id,
    checkoutSessionId: session.id,
    amountCentavos: payment.amountCentavos,
    currency: payment.currency.slice(0, 10) || '?',
    method: payment.method,
    outcome: 'failed',
    paidAt: payment.paidAt,
  });
  if (paymentId === null || payment.status === 'failed') return nothingAfter();

  const reservation = (await findReservationForUpdate(tx, session.reservation_id))!;
  const id = reservation.id;
  await setCheckoutStatus(tx, session.id, 'paid');
  const amount = { pesos: formatCentavos(payment.amountCentavos), method: methodName(payment.method) };
  const history = { payment_id: payment.id, amount: amount.pesos, method: payment.method };

  if (payment.currency !== 'PHP' || payment.amountCentavos < downPaymentCentavos(reservation)) {
    await setPaymentOutcome(tx, paymentId, 'short');
    await recordHistory(tx, id, 'payment', 'PayMongo', { ...history, outcome: 'short', asked: formatCentavos(downPaymentCentavos(reservation)) });
    await publishLiveEvents(tx, [{ audience: 'staff', kind: 'reservation.payment', data: { id, outcome: 'short' } }]);
    return nothingAfter();
  }

  let outcome: PaymentOutcome;
  if (reservation.payment_status === 'paid') outcome = 'duplicate';
  else if (reservation.status === 'pending' && !holdEnded(reservation)) outcome = 'applied';
  else if (reservation.status === 'pending' || (reservation.status === 'cancelled' && reservation.decided_by === 'system')) {
    // The hold lapsed before the money came: the booking stands again if its table-slot is still free.
    await lockTableSlot(tx, reservation.table_id, reservation.reservation_date, reservation.reservation_time);
    outcome = (await tableSlotHeldByOther(tx, reservation)) ? 'late' : 'applied';
  } else outcome = 'late';
  await setPaymentOutcome(tx, paymentId, outcome);
  await recordHistory(tx, id, 'payment', 'PayMongo', { ...history, outcome });

  if (outcome === 'applied') {
    const confirm = (await getBookingPolicy(tx)).confirm_when_paid;
    await markReservationPaid(tx, id, { confirm, by: 'PayMongo' });
    await publishLiveEvents(tx, [{ audience: 'staff', kind: 'reservation.decided', data: { id, status: confirm ? 'confirmed' : 'pending' } }]);
    if (!confirm) return nothingAfter();
    const link = signedLink(ctx.config.siteUrl, ctx.config.manageLinkSecret, 'reservation-manage', id);
    return { noticeIds: await ctx.notices.queue(tx, confirmationNotices((await findReservation(tx, id))!, { manageLink: link })), refundIds: [] };
  }

  // Late or paid twice: the money goes back, and the diner hears why.
  if (reservation.status === 'pending') await expireUnpaidReservations(tx);
  const refundId = await queueRefund(ctx, tx, {
    paymentId,
    reservationId: id,
    amountCentavos: payment.amountCentavos,
    reason: outcome === 'duplicate' ? 'duplicate' : 'others',
    notes: outcome === 'duplicate' ? `Reservation #${id} was already paid.` : `Reservation #${id}: paid after its hold ended and the table was taken.`,
    requestedBy: 'system',
  });
  await publishLiveEvents(tx, [{ audience: 'staff', kind: 'reservation.payment', data: { id, outcome } }]);
  const noticeIds = await ctx.notices.queue(tx, latePaymentNotices((await findReservation(tx, id))!, amount, paymentId, outcome === 'duplicate'));
  return { noticeIds, refundIds: refundId === null ? [] : [refundId] };
}

/** Records a session's paid payments (the return page, the sweep) exactly as the webhook would. */
async function settleSession(ctx: ServiceContext, row: CheckoutSessionRow, session: ProviderSession): Promise<void> {
  const after = await ctx.db.transaction(async (tx) => {
    const all = nothingAfter();
    for (const payment of session.payments) {
      const one = await recordPayment(ctx, tx, row, payment);
      all.noticeIds.push(...one.noticeIds);
      all.refundIds.push(...one.refundIds);
    }
    return all;
  });
  await runAfterCommit(ctx, after);
}

/** A refund row and its send job, in the caller's transaction; null when the payment already has one. */
async function queueRefund(
  ctx: ServiceContext,
  tx: Queryable,
  refund: { paymentId: number; reservationId: number; amountCentavos: number; reason: RefundReason; notes: string; requestedBy: string },
): Promise<number | null> {
  const id = await insertRefund(tx, refund);
  if (id === null) return null;
  await recordHistory(tx, refund.reservationId, 'refund', refund.requestedBy, { amount: formatCentavos(refund.amountCentavos), reason: refund.reason, notes: refund.notes });
  await ctx.jobs.send(tx, 'payment-refund', { refundId: id }, { startAfterSeconds: 30, singletonKey: `refund-${id}` });
  return id;
}

/**
 * Sends one refund to the provider, if no other process is: taken (pending or
 * succeeded), refused (failed: staff see it and may retry), or unreachable
 * (left to send again; answers false so a job retries).
 */
export async function sendRefund(ctx: ServiceContext, refundId: number): Promise<boolean> {
  const checkout = ctx.paymentProvider.checkout;
  if (!checkout) return true;
  const refund = await leaseRefund(ctx.db, refundId, REFUND_LEASE_SECONDS);
  if (!refund) return true;
  try {
    const taken = await checkout.createRefund({
      paymentId: refund.provider_payment_id,
      amountCentavos: refund.amount_centavos,
      reason: refund.reason,
      notes: refund.notes,
      reservationId: refund.reservation_id,
    });
    await settleRefund(ctx.db, refundId, { status: taken.status === 'succeeded' ? 'succeeded' : 'pending', providerRefundId: taken.id });
    return true;
  } catch (error) {
    const refused = error instanceof ProviderRefusedError;
    if (!refused && !(error instanceof ProviderUnavailableError)) throw error;
    await settleRefund(ctx.db, refundId, { status: refused ? 'failed' : 'requested', error: (error as Error).message });
    ctx.apiLog.warn(
      { refund: refundId, reservation: refund.reservation_id, provider_error: (error as Error).message },
      refused ? 'the payment provider refused a refund' : 'a refund could not be sent yet',
    );
    if (refused)
      await ctx.publishLive([{ audience: 'staff', kind: 'payment.refund-failed', data: { id: refundId, reservation_id: refund.reservation_id } }]).catch(() => undefined);
    return refused;
  }
}

/** A verified webhook event, acted on once per event id. Unknown sessions and events are logged and acknowledged. */
export async function handleWebhookEvent(ctx: ServiceContext, event: ProviderEvent): Promise<void> {
  const after = await ctx.db.transaction(async (tx) => {
    if (!(await claimWebhookEvent(tx, event.id, event.kind))) return nothingAfter();
    if (event.kind === 'session-paid') {
      const row = await findCheckout(tx, { sessionId: event.session.id });
      if (!row) {
        ctx.apiLog.info({ event: event.id, session: event.session.id }, 'payment webhook for a checkout session this site did not make');
        return nothingAfter();
      }
      const all = nothingAfter();
      for (const payment of event.session.payments) {
        const one = await recordPayment(ctx, tx, row, payment);
        all.noticeIds.push(...one.noticeIds);
        all.refundIds.push(...one.refundIds);
      }
      return all;
    }
    if (event.kind === 'payment') {
      const row = event.payment.paymentIntentId ? await findCheckout(tx, { paymentIntentId: event.payment.paymentIntentId }) : null;
      if (!row) {
        ctx.apiLog.info({ event: event.id, payment: event.payment.id }, 'payment webhook for a payment of no checkout session this site made');
        return nothingAfter();
      }
      return recordPayment(ctx, tx, row, event.payment);
    }
    if (event.kind === 'refund') {
      for (const refund of event.refunds) {
        const changed = await updateRefundFromProvider(tx, refund.id, refund.status, refund.status === 'failed' ? 'PayMongo reported the refund as failed.' : null);
        if (changed !== null && refund.status === 'failed') {
          await publishLiveEvents(tx, [{ audience: 'staff', kind: 'payment.refund-failed', data: { id: changed } }]);
        }
      }
    }
    return nothingAfter();
  });
  await runAfterCommit(ctx, after);
}

/** What the diner's pages show about paying: the way offered, the amount due, what was paid and refunded. */
export async function paymentView(ctx: ServiceContext, reservationId: number) {
  const checkout = ctx.paymentProvider.checkout;
  let reservation = (await findReservation(ctx.db, reservationId))!;
  const open = checkout && reservation.payment_status !== 'paid' ? await findOpenCheckout(ctx.db, reservationId) : null;
  if (checkout && open) {
    // The diner is back from the checkout: the webhook may be late or lost, so ask.
    try {
      const session = await checkout.retrieveSession(open.id);
      await settleSession(ctx, open, session);
      await markCheckoutChecked(ctx.db, open.id);
    } catch (error) {
      if (!(error instanceof ProviderUnavailableError || error instanceof ProviderRefusedError)) throw error;
      ctx.apiLog.warn({ reservation: reservationId, provider_error: error.message }, 'could not ask the payment provider about a checkout');
    }
    reservation = (await findReservation(ctx.db, reservationId))!;
  }
  const payments = await listReservationPayments(ctx.db, reservationId);
  const refunds = await listReservationRefunds(ctx.db, reservationId);
  return {
    provider: ctx.paymentProvider.name,
    online_methods: checkout ? [...checkout.methods] : [],
    reservation_id: reservation.id,
    status: reservation.status,
    payment_status: reservation.payment_status,
    amount_due_centavos: downPaymentCentavos(reservation),
    hold_expires_at: reservation.hold_expires_at,
    payments: payments.map(({ amount_centavos, method, outcome, paid_at }) => ({ amount_centavos, method, outcome, paid_at })),
    refunds: refunds.map(({ amount_centavos, status, created_at }) => ({ amount_centavos, status, created_at })),
  };
}

/** Staff's view: how it was paid, amounts asked and paid, refunds. */
export async function staffPaymentView(ctx: ServiceContext, reservation: Reservation) {
  const payments = await listReservationPayments(ctx.db, reservation.id);
  const refunds = await listReservationRefunds(ctx.db, reservation.id);
  const applied = payments.find((payment) => payment.outcome === 'applied');
  return {
    paid_by: applied ? 'online' : reservation.has_payment_proof ? 'proof' : null,
    asked_centavos: downPaymentCentavos(reservation),
    paid_centavos: payments.filter((payment) => payment.outcome !== 'failed').reduce((sum, payment) => sum + payment.amount_centavos, 0),
    payments,
    refunds,
  };
}

/** A full refund of the online payment that paid the reservation, if one did (none from the proof provider). */
async function refundAppliedPayment(
  ctx: ServiceContext,
  tx: Queryable,
  reservation: Reservation,
  why: { reason: RefundReason; notes: string; requestedBy: string },
): Promise<number[]> {
  if (!ctx.paymentProvider.checkout) return [];
  const payment = await findRefundablePayment(tx, reservation.id);
  if (!payment || payment.outcome !== 'applied') return [];
  const id = await queueRefund(ctx, tx, { paymentId: payment.id, reservationId: reservation.id, amountCentavos: payment.amount_centavos, ...why });
  return id === null ? [] : [id];
}

/**
 * The diner cancelled in time and the policy refunds: the online down payment
 * goes back (in the cancel's transaction; send the answered ids after commit).
 */
export async function refundOnCancel(ctx: ServiceContext, tx: Queryable, reservation: Reservation): Promise<number[]> {
  if (!reservation.refund_on_cancel) return [];
  return refundAppliedPayment(ctx, tx, reservation, {
    reason: 'requested_by_customer',
    notes: `Reservation #${reservation.id} cancelled by the diner within the policy's cutoff.`,
    requestedBy: `customer (${reservation.email})`,
  });
}

/** Staff declined a booking already paid online (confirm when paid was off): the money goes back. */
export function refundOnDecline(ctx: ServiceContext, tx: Queryable, reservation: Reservation, by: string): Promise<number[]> {
  return refundAppliedPayment(ctx, tx, reservation, { reason: 'others', notes: `Reservation #${reservation.id} declined by the restaurant.`, requestedBy: `staff (${by})` });
}

/** Sends refunds a committed change asked for. */
export async function sendRefunds(ctx: ServiceContext, refundIds: number[]): Promise<void> {
  for (const id of refundIds) await sendRefund(ctx, id);
}

/** An admin refunds a reservation's online payment, with the reason (audited by the caller's transaction). */
/**
 * An admin's refund of a reservation's online payment, with its reason: queued
 * and audited in one transaction, then sent to the provider.
 */
export async function refundByStaff(ctx: ServiceContext, reservationId: number, input: { reason: RefundReason; notes: string }, admin: AuditActor): Promise<void> {
  const refundId = await ctx.db.transaction(async (tx) => {
    const payment = await findRefundablePayment(tx, reservationId);
    if (!payment) throw conflict(paymentMessages.nothingToRefund);
    const id = await queueRefund(ctx, tx, {
      paymentId: payment.id,
      reservationId,
      amountCentavos: payment.amount_centavos,
      reason: input.reason,
      notes: input.notes,
      requestedBy: `staff (${admin.email})`,
    });
    if (id === null) throw conflict(paymentMessages.nothingToRefund);
    await recordAudit(tx, admin, 'payment.refund', `Reservation #${reservationId}`, input);
    return id;
  });
  await sendRefunds(ctx, [refundId]);
}

/** A refund the provider refused goes out again, audited. */
export async function retryRefund(ctx: ServiceContext, refund: { id: number; reservation_id: number }, admin: AuditActor): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    if (!(await requeueFailedRefund(tx, refund.id))) throw conflict(paymentMessages.refundNotFailed);
    await ctx.jobs.send(tx, 'payment-refund', { refundId: refund.id }, { startAfterSeconds: 30, singletonKey: `refund-${refund.id}-retry-${Date.now()}` });
    await recordAudit(tx, admin, 'payment.refund-retry', `Reservation #${refund.reservation_id}`, { refund_id: refund.id });
  });
  await sendRefunds(ctx, [refund.id]);
}

/**
 * The sweep's part (once a minute across replicas): asks the provider about
 * open sessions, recording paid ones a lost webhook never told of and closing
 * those whose hold ended; sends refunds whose sender never came. A provider
 * that is down is skipped until the next run.
 */
export async function reconcilePayments(ctx: ServiceContext): Promise<void> {
  const checkout = ctx.paymentProvider.checkout;
  if (!checkout) return;
  for (const row of await listOpenCheckouts(ctx.db, SWEEP_SESSIONS)) {
    try {
      const session = await checkout.retrieveSession(row.id);
      await markCheckoutChecked(ctx.db, row.id);
      if (session.payments.some((payment) => payment.status === 'paid' || payment.status === 'failed')) {
        await settleSession(ctx, row, session);
        continue;
      }
      const reservation = (await findReservation(ctx.db, row.reservation_id))!;
      const waiting = reservation.status === 'pending' && reservation.payment_status !== 'paid' && !holdEnded(reservation);
      if (session.status === 'expired' || !waiting) {
        if (session.status === 'active') await checkout.expireSession(row.id);
        await setCheckoutStatus(ctx.db, row.id, 'closed');
      }
    } catch (error) {
      if (!(error instanceof ProviderUnavailableError || error instanceof ProviderRefusedError)) throw error;
      ctx.apiLog.warn({ session: row.id, provider_error: error.message }, 'payment sweep: the provider did not answer about a checkout');
    }
  }
  for (const id of await listStrandedRefunds(ctx.db, 120)) await sendRefund(ctx, id);
}
