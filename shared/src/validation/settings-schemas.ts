import * as z from 'zod/mini';
import { TIME_SLOTS } from '../constants/business-rules';
import { refillItemNames } from '../refill/refill-items';
import { parseIsoDate } from '../reservation/reservation-dates';
import { EMAIL_PATTERN, PHONE_PATTERN } from './account-schemas';
import { tooLongMessage } from './length-message';
import { shownTextChecks } from './shown-text';

export const DOWN_PAYMENT_MAX_PESOS = 10_000;
/** The e-wallet QR the restaurant uploads: a picture, small enough to load fast on a phone. */
export const PAYMENT_QR_MAX_BYTES = 1024 * 1024;
export const PAYMENT_QR_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;

/**
 * An https address whose host is what a visitor reads in it: no user name or
 * password before an `@` (https://www.facebook.com@evil.example/ goes to evil.example).
 */
function isPublicHttpsAddress(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.username === '' && url.password === '' && /^[^.]+(\.[^.]+)+$/.test(url.hostname);
  } catch {
    return false;
  }
}

export const settingsMessages = {
  downPayment: `Enter a down payment from 0 to ${DOWN_PAYMENT_MAX_PESOS} pesos, in whole pesos.`,
  walletName: 'Enter the e-wallet name (for example GCash).',
  accountName: 'Enter the name on the e-wallet account.',
  accountNumber: 'Enter the e-wallet account number.',
  address: 'Enter the restaurant address.',
  phone: 'Enter a valid phone number',
  email: 'Enter a valid email',
  openingText: 'Enter the opening time text (for example Opened 9:00 pm).',
  socialLabel: 'Give each social link a name.',
  socialHref: 'Social links must be https:// addresses.',
  socialCount: 'Keep to 6 social links or fewer.',
  diningMinutes: 'Dining time must be between 30 and 300 minutes.',
  weekdays: 'Keep at least one opening day.',
  slots: 'Keep at least one time slot open.',
  slotUnknown: 'That is not one of the time slots.',
  refillUnknown: 'That is not one of the refill items.',
  closedDate: 'Pick a valid date.',
  closedReason: 'Say why the restaurant is closed that day; diners read it.',
  qrMissing: 'Choose the QR image to upload.',
  qrType: 'Upload the QR as a PNG, JPEG or WebP image.',
  qrTooLarge: 'The QR image is too large. Upload one of at most 1 MB.',
  tableNumber: 'Table numbers are whole numbers from 1 to 999.',
  tableSeats: 'Seats must be between 1 and 20.',
  tableNumberTaken: 'Another table already has that number.',
  combinationTables: 'Choose 2 to 6 different tables to join.',
  combinationSeats: 'Joined tables seat from 2 to 40.',
  combinationExists: 'Those tables are already joined in another combination.',
  combinationTableRetired: 'Every table of a combination must be in service.',
  combinationNotFound: 'Combination not found.',
  dateClosed: (reason: string) => `The restaurant is closed that day (${reason}). Please choose another date.`,
  slotClosed: 'That time slot takes no bookings. Please choose another time slot.',
} as const;

const text = (message: string, max: number) =>
  z.string({ error: message }).check(z.trim(), z.minLength(1, message), z.maxLength(max, tooLongMessage(max)), ...shownTextChecks(message));

const wholeNumber = (message: string, min: number, max: number) =>
  z.pipe(z.coerce.number({ error: message }), z.int({ error: message }).check(z.gte(min, message), z.lte(max, message)));

const distinct = <T>(items: T[]) => new Set(items).size === items.length;

/** PUT /api/staff/restaurant-settings (admin) and the console's Settings form: the whole set at once. */
export const restaurantSettingsSchema = z.object({
  down_payment_pesos: wholeNumber(settingsMessages.downPayment, 0, DOWN_PAYMENT_MAX_PESOS),
  wallet: z.object({
    name: text(settingsMessages.walletName, 40),
    account_name: text(settingsMessages.accountName, 80),
    account_number: text(settingsMessages.accountNumber, 40),
  }),
  contact: z.object({
    address: text(settingsMessages.address, 200),
    phone: text(settingsMessages.phone, 30).check(z.regex(PHONE_PATTERN, settingsMessages.phone)),
    email: text(settingsMessages.email, 254).check(z.regex(EMAIL_PATTERN, settingsMessages.email)),
  }),
  opening_text: text(settingsMessages.openingText, 60),
  social_links: z
    .array(
      z.object({
        label: text(settingsMessages.socialLabel, 30),
        href: z.string({ error: settingsMessages.socialHref }).check(
          z.trim(),
          z.maxLength(300, tooLongMessage(300)),
          z.refine((value) => /^https:\/\/\S+$/i.test(value) && isPublicHttpsAddress(value), settingsMessages.socialHref),
        ),
      }),
      { error: settingsMessages.socialHref },
    )
    .check(z.maxLength(6, settingsMessages.socialCount)),
  dining_minutes: wholeNumber(settingsMessages.diningMinutes, 30, 300),
  open_weekdays: z
    .array(z.int({ error: settingsMessages.weekdays }).check(z.gte(0, settingsMessages.weekdays), z.lte(6, settingsMessages.weekdays)), {
      error: settingsMessages.weekdays,
    })
    .check(z.minLength(1, settingsMessages.weekdays), z.maxLength(7, settingsMessages.weekdays), z.refine(distinct, settingsMessages.weekdays)),
  closed_slots: z
    .array(z.enum(TIME_SLOTS.map((slot) => slot.start) as [string, ...string[]], { error: settingsMessages.slotUnknown }), {
      error: settingsMessages.slotUnknown,
    })
    .check(z.maxLength(TIME_SLOTS.length - 1, settingsMessages.slots), z.refine(distinct, settingsMessages.slotUnknown)),
  sold_out_refill_items: z
    .array(z.enum(refillItemNames as [string, ...string[]], { error: settingsMessages.refillUnknown }), { error: settingsMessages.refillUnknown })
    .check(z.maxLength(refillItemNames.length, settingsMessages.refillUnknown), z.refine(distinct, settingsMessages.refillUnknown)),
});
export type RestaurantSettingsInput = z.input<typeof restaurantSettingsSchema>;

/** POST /api/staff/closed-dates (admin). */
export const closedDateSchema = z.object({
  date: z.string({ error: settingsMessages.closedDate }).check(z.refine((value) => parseIsoDate(value) !== null, settingsMessages.closedDate)),
  reason: text(settingsMessages.closedReason, 120),
});

/** POST /api/staff/tables and PATCH /api/staff/tables/{id} (admin). */
export const tableSchema = z.object({
  table_number: wholeNumber(settingsMessages.tableNumber, 1, 999),
  capacity: wholeNumber(settingsMessages.tableSeats, 1, 20),
});
/** POST /api/staff/table-combinations: tables the owner lets be pushed together, and what they seat joined. */
export const tableCombinationSchema = z.object({
  table_ids: z
    .array(wholeNumber(settingsMessages.combinationTables, 1, 2 ** 31 - 1), { error: settingsMessages.combinationTables })
    .check(z.minLength(2, settingsMessages.combinationTables), z.maxLength(6, settingsMessages.combinationTables), z.refine(distinct, settingsMessages.combinationTables)),
  seats: wholeNumber(settingsMessages.combinationSeats, 2, 40),
});
export const tableCombinationChangeSchema = z.object({
  seats: z.optional(wholeNumber(settingsMessages.combinationSeats, 2, 40)),
  is_active: z.optional(z.boolean({ error: 'Send is_active as true or false.' })),
});

export const tableChangeSchema = z.object({
  table_number: z.optional(wholeNumber(settingsMessages.tableNumber, 1, 999)),
  capacity: z.optional(wholeNumber(settingsMessages.tableSeats, 1, 20)),
  is_active: z.optional(z.boolean({ error: 'Send is_active as true or false.' })),
});
