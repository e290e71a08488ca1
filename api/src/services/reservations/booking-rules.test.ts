import { WEEKDAY_NAMES, type RestaurantSettings } from '@samgyup/shared/settings';
import { settingsMessages } from '@samgyup/shared/validation';
import { linkToken } from '../../lib/signed-links';
import { addClosedDate, removeClosedDate, saveSettings } from '../../repositories/restaurant-settings-repository';
import { daysFromNow, tableIdOf } from '../../test/booking-helper';
import type { TestApp } from '../../test/create-test-app';
import { quickCustomer } from '../../test/customer-helper';
import { seededAppWithStaff } from '../../test/seeded-app';
import { currentSettings } from '../restaurant-settings';
import { offerFreeTables, WAITLIST_ENTRIES_PER_CUSTOMER, waitlistLimitMessage } from '../waitlist/waitlist-service';
import { bookingRuleMessages, reservationApiMessages } from './reservation-messages';

// Every path into a booking against every rule of booking-rules.ts. The
// restaurant's clock reads 6 PM, so tonight's 5 PM slot has started and 6:30 PM has not.
let t: TestApp;
beforeAll(async () => {
  ({ t } = await seededAppWithStaff({ NODE_ENV: 'test', TEST_RESTAURANT_TIME: '18:00', RATE_LIMIT_ENABLED: 'false', JOB_WORKERS_ENABLED: 'false' }));
});
afterAll(() => t.close());
// Each case starts from no waitlist and no booking holding a table.
afterEach(async () => {
  await t.db.query('DELETE FROM waitlist_entries');
  await t.db.query(`UPDATE reservations SET status = 'cancelled' WHERE status IN ('pending', 'confirmed')`);
});

const LARGEST_TABLE = 8;
/** Table 3 seats 4; table 9 seats 8, the most any table seats. */
const SMALL_TABLE = 3;
const BIG_TABLE = 9;

let dayOffset = 20;
/** A day of its own, far enough ahead for a reservation to be changeable. */
const nextDay = () => daysFromNow(dayOffset++);

type PathName = 'book' | 'move' | 'join the waitlist' | 'offer from the waitlist' | 'claim an offer';

interface Attempt {
  date: string;
  time: string;
  party: number;
  tableNumber: number;
}

/** What a path answered: the API's status and message, or for the offer (a job), whether the party got the table. */
interface Outcome {
  status: number;
  message?: string;
  downPaymentDue?: number;
}

const insertReservation = async (customerId: number, slot: { date: string; time: string; tableNumber: number; party: number }) => {
  const [row] = await t.db.query<{ id: number }>(
    `INSERT INTO reservations (customer_id, customer_name, email, phone, table_id, number_of_guests, reservation_date, reservation_time, down_payment_due, status)
     VALUES ($1, 'Ana Cruz', 'ana@example.com', '0917 555 0142', $2, $3, $4::date, $5, 100, 'confirmed') RETURNING id`,
    [customerId, await tableIdOf(t, slot.tableNumber), slot.party, slot.date, slot.time],
  );
  return row.id;
};

/** A waitlist entry as it stood before the owner changed anything: waiting, or offered a table. */
const insertWaitlistEntry = async (customerId: number, attempt: Attempt, offered: boolean) => {
  const [row] = await t.db.query<{ id: number }>(
    `INSERT INTO waitlist_entries (customer_id, reservation_date, reservation_time, party_size, customer_name, email, phone, status, offered_table_id, offer_expires_at)
     VALUES ($1, $2::date, $3, $4, 'Ana Cruz', 'ana@example.com', '0917 555 0142', $5, $6, CASE WHEN $5 = 'offered' THEN now() + interval '15 minutes' END) RETURNING id`,
    [customerId, attempt.date, attempt.time, attempt.party, offered ? 'offered' : 'waiting', offered ? await tableIdOf(t, attempt.tableNumber) : null],
  );
  return row.id;
};

const answered = (response: { statusCode: number; json: () => { message?: string; data?: { down_payment_due?: number } } }): Outcome => ({
  status: response.statusCode,
  message: response.json().message,
  downPaymentDue: response.json().data?.down_payment_due,
});

const PATHS: Record<PathName, (attempt: Attempt) => Promise<Outcome>> = {
  book: async (attempt) => {
    const customer = await quickCustomer(t.app);
    const payload = {
      customer_name: 'Ana Cruz',
      email: customer.user.email,
      phone: '0917 555 0142',
      table_id: await tableIdOf(t, attempt.tableNumber),
      number_of_guests: attempt.party,
      reservation_date: attempt.date,
      reservation_time: attempt.time,
    };
    return answered(await t.app.inject({ method: 'POST', url: '/api/reservations', headers: customer.auth, payload }));
  },
  move: async (attempt) => {
    const customer = await quickCustomer(t.app);
    const id = await insertReservation(customer.user.id, { date: nextDay(), time: '20:00', tableNumber: 1, party: attempt.party });
    const payload = { reservation_date: attempt.date, reservation_time: attempt.time, table_id: await tableIdOf(t, attempt.tableNumber) };
    const token = linkToken(t.config.manageLinkSecret, 'reservation-manage', id);
    return answered(await t.app.inject({ method: 'POST', url: `/api/reservations/manage/${token}/reschedule`, payload }));
  },
  'join the waitlist': async (attempt) => {
    const customer = await quickCustomer(t.app);
    const payload = {
      customer_name: 'Ana Cruz',
      email: customer.user.email,
      phone: '0917 555 0142',
      number_of_guests: attempt.party,
      reservation_date: attempt.date,
      reservation_time: attempt.time,
    };
    return answered(await t.app.inject({ method: 'POST', url: '/api/waitlist', headers: customer.auth, payload }));
  },
  'offer from the waitlist': async (attempt) => {
    const customer = await quickCustomer(t.app);
    const id = await insertWaitlistEntry(customer.user.id, attempt, false);
    const offered = await offerFreeTables(t.app, { date: attempt.date, time: attempt.time });
    const [entry] = await t.db.query<{ status: string }>('SELECT status FROM waitlist_entries WHERE id = $1', [id]);
    return { status: offered === 1 && entry.status === 'offered' ? 201 : 400 };
  },
  'claim an offer': async (attempt) => {
    const customer = await quickCustomer(t.app);
    const id = await insertWaitlistEntry(customer.user.id, attempt, true);
    const token = linkToken(t.config.manageLinkSecret, 'waitlist-claim', id);
    return answered(await t.app.inject({ method: 'POST', url: `/api/waitlist/claim/${token}`, headers: customer.auth }));
  },
};

/** How each path says yes when every rule holds. */
const ALLOWED: Record<PathName, Outcome> = {
  book: { status: 201 },
  move: { status: 200 },
  // The rules hold; the waitlist is only for slots with no table free.
  'join the waitlist': { status: 409 },
  'offer from the waitlist': { status: 201 },
  'claim an offer': { status: 201 },
};

interface Rule {
  rule: string;
  attempt: () => Attempt;
  /** The owner's change that makes the rule bite; answers how to undo it. */
  arrange?: (attempt: Attempt) => Promise<() => Promise<void>>;
  message: (path: PathName, attempt: Attempt) => string;
}

const ownerSettings = async (change: (settings: RestaurantSettings) => RestaurantSettings) => {
  const before = await currentSettings(t.db, t.config.downPaymentPesos);
  await saveSettings(t.db, change(structuredClone(before)));
  return () => saveSettings(t.db, before);
};

const weekdayOf = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();

const RULES: Rule[] = [
  {
    rule: 'a date the owner closed',
    attempt: () => ({ date: nextDay(), time: '18:30', party: 2, tableNumber: SMALL_TABLE }),
    arrange: async ({ date }) => {
      await addClosedDate(t.db, { date, reason: 'Private event' });
      return async () => void (await removeClosedDate(t.db, date));
    },
    message: () => settingsMessages.dateClosed('Private event'),
  },
  {
    rule: 'a weekday the owner closed',
    attempt: () => ({ date: nextDay(), time: '18:30', party: 2, tableNumber: SMALL_TABLE }),
    arrange: ({ date }) => ownerSettings((settings) => ({ ...settings, open_weekdays: settings.open_weekdays.filter((day) => day !== weekdayOf(date)) })),
    message: (_path, { date }) => settingsMessages.dateClosed(`Closed on ${WEEKDAY_NAMES[weekdayOf(date)]}s`),
  },
  {
    rule: 'a slot the owner closed',
    attempt: () => ({ date: nextDay(), time: '20:00', party: 2, tableNumber: SMALL_TABLE }),
    arrange: () => ownerSettings((settings) => ({ ...settings, closed_slots: ['20:00'] })),
    message: () => settingsMessages.slotClosed,
  },
  {
    rule: "a slot of today's that has already started",
    attempt: () => ({ date: daysFromNow(0), time: '17:00', party: 2, tableNumber: SMALL_TABLE }),
    message: () => bookingRuleMessages.slotStarted,
  },
  {
    rule: 'a past date',
    attempt: () => ({ date: daysFromNow(-1), time: '18:30', party: 2, tableNumber: SMALL_TABLE }),
    message: () => reservationApiMessages.datePast,
  },
  {
    rule: 'a date too far ahead (the year 9999)',
    attempt: () => ({ date: '9999-01-04', time: '18:30', party: 2, tableNumber: SMALL_TABLE }),
    message: () => bookingRuleMessages.tooFarAhead,
  },
  {
    rule: 'a party too large for its table, or for any table',
    attempt: () => ({ date: nextDay(), time: '18:30', party: LARGEST_TABLE + 1, tableNumber: BIG_TABLE }),
    // With no tables joined, the largest table is the most one booking seats.
    arrange: async () => {
      const joined = await t.db.query<{ id: number }>('UPDATE table_combinations SET is_active = false WHERE is_active RETURNING id');
      return async () => {
        await t.db.query('UPDATE table_combinations SET is_active = true WHERE id = ANY($1::int[])', [joined.map((row) => row.id)]);
      };
    },
    message: (path) => (path === 'join the waitlist' ? bookingRuleMessages.partyTooLarge(LARGEST_TABLE) : reservationApiMessages.tooManyGuests),
  },
];

const CASES = RULES.flatMap((rule) => (Object.keys(PATHS) as PathName[]).map((path) => [path, rule.rule, rule] as const));

describe('one rule set for every path into a booking', () => {
  it.each(CASES)('%s: refuses %s', async (path, _name, rule) => {
    const attempt = rule.attempt();
    const undo = (await rule.arrange?.(attempt)) ?? (async () => undefined);
    try {
      const outcome = await PATHS[path](attempt);
      if (path === 'offer from the waitlist') expect(outcome).toEqual({ status: 400 });
      else expect({ status: outcome.status, message: outcome.message }).toEqual({ status: 400, message: rule.message(path, attempt) });
    } finally {
      await undo();
    }
  });

  it.each(Object.keys(PATHS) as PathName[])('%s: allows a slot every rule allows, recording the down payment the owner asks for now', async (path) => {
    const undo = await ownerSettings((settings) => ({ ...settings, down_payment_pesos: 250 }));
    try {
      const outcome = await PATHS[path]({ date: nextDay(), time: '18:30', party: 2, tableNumber: SMALL_TABLE });
      expect(outcome.status).toBe(ALLOWED[path].status);
      // A new booking records the owner's down payment; a move keeps what the booking recorded.
      if (path === 'book' || path === 'claim an offer') expect(outcome.downPaymentDue).toBe(250);
    } finally {
      await undo();
    }
  });
});

describe('the waitlist per account', () => {
  /**
   * A date and slot where nothing seats a party of 8: both 8-seat tables are
   * booked, and one table of every combination that seats 8 or more (3 + 4, 5 + 6, 7 + 8 …).
   */
  async function fullSlotForEight(): Promise<Attempt> {
    const attempt = { date: nextDay(), time: '18:30', party: LARGEST_TABLE, tableNumber: BIG_TABLE };
    const owner = await quickCustomer(t.app);
    for (const tableNumber of [3, 5, 7, 9, 10]) await insertReservation(owner.user.id, { ...attempt, tableNumber, party: 2 });
    return attempt;
  }

  it(`holds at most ${WAITLIST_ENTRIES_PER_CUSTOMER} entries of one account, however fast it joins`, async () => {
    const customer = await quickCustomer(t.app);
    const slots: Attempt[] = [];
    for (let i = 0; i < 12; i += 1) slots.push(await fullSlotForEight());
    const join = (slot: Attempt) =>
      t.app.inject({
        method: 'POST',
        url: '/api/waitlist',
        headers: customer.auth,
        payload: {
          customer_name: 'Ana Cruz',
          email: customer.user.email,
          phone: '0917 555 0142',
          number_of_guests: slot.party,
          reservation_date: slot.date,
          reservation_time: slot.time,
        },
      });
    const answers = await Promise.all(slots.map(join));
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([...Array(WAITLIST_ENTRIES_PER_CUSTOMER).fill(201), ...Array(12 - WAITLIST_ENTRIES_PER_CUSTOMER).fill(429)]);
    expect(answers.find((answer) => answer.statusCode === 429)!.json().message).toBe(waitlistLimitMessage(WAITLIST_ENTRIES_PER_CUSTOMER));
    expect((await t.app.inject({ method: 'GET', url: '/api/waitlist/mine', headers: customer.auth })).json().data).toHaveLength(WAITLIST_ENTRIES_PER_CUSTOMER);

    // Leaving one makes room for another.
    const [first] = (await t.app.inject({ method: 'GET', url: '/api/waitlist/mine', headers: customer.auth })).json().data as { id: number }[];
    expect((await t.app.inject({ method: 'DELETE', url: `/api/waitlist/${first.id}`, headers: customer.auth })).statusCode).toBe(200);
    expect((await join(await fullSlotForEight())).statusCode).toBe(201);
  });
});
