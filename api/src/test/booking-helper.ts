import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { restaurantToday } from '@samgyup/shared/reservation';
import type { TestApp } from './create-test-app';
import { quickCustomer } from './customer-helper';

/** A date `days` after the restaurant's today, as YYYY-MM-DD. */
export function daysFromNow(days: number): string {
  const [year, month, day] = restaurantToday().split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

export async function tableIdOf(t: TestApp, tableNumber: number): Promise<number> {
  const [row] = await t.db.query<{ id: number }>('SELECT id FROM restaurant_tables WHERE table_number = $1', [tableNumber]);
  return row.id;
}

export interface Outgoing {
  to: string;
  subject?: string;
  text: string;
  attachments?: { filename: string; content: string; contentType: string }[];
}

/** Every message written to a local outbox folder for `recipient`, oldest first. */
export function outboxTo(dir: string, recipient: string): Outgoing[] {
  let files: string[];
  try {
    files = readdirSync(dir);
  } catch {
    return [];
  }
  return files
    .filter((file) => file.endsWith(`-${recipient.replace(/[^a-z0-9@._-]/gi, '_')}.json`))
    .sort()
    .map((file) => JSON.parse(readFileSync(path.join(dir, file), 'utf8')));
}

/** The manage link's token in a message. */
export function manageTokenIn(text: string): string {
  const match = /\/reservation-manage\?token=([\w-]+)/.exec(text);
  if (!match) throw new Error(`No manage link in: ${text}`);
  return match[1];
}

/** A new customer books `tableNumber` on `date` at `time`; with `confirm`, staff confirm it. Answers the reservation and its customer. */
export async function bookTable(t: TestApp, options: { date: string; time?: string; tableNumber: number; guests?: number; staffAuth?: Record<string, string> }) {
  const customer = await quickCustomer(t.app);
  const phone = `0917${String(customer.user.id).padStart(7, '0')}`;
  const answer = await t.app.inject({
    method: 'POST',
    url: '/api/reservations',
    headers: customer.auth,
    payload: {
      customer_name: 'Ana Cruz',
      phone,
      email: customer.user.email,
      table_id: await tableIdOf(t, options.tableNumber),
      number_of_guests: options.guests ?? 2,
      reservation_date: options.date,
      reservation_time: options.time ?? '18:30',
    },
  });
  if (answer.statusCode !== 201) throw new Error(`booking failed: ${answer.body}`);
  const reservation = answer.json().data as { id: number; table_id: number };
  if (options.staffAuth) {
    const confirmed = await t.app.inject({ method: 'POST', url: `/api/staff/reservations/${reservation.id}/confirm`, headers: options.staffAuth });
    if (confirmed.statusCode !== 200) throw new Error(`confirm failed: ${confirmed.body}`);
  }
  return { reservation, customer, phone };
}
