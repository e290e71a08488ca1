import { formatPesos } from '../format/format-pesos';
import * as z from 'zod/mini';
import { parseIsoDate } from '../reservation/reservation-dates';
import { tooLongMessage } from './length-message';
import { shownTextChecks } from './shown-text';

export const MENU_CATEGORIES = ['unlimited', 'alacarte', 'sidedish'] as const;
export type MenuCategory = (typeof MENU_CATEGORIES)[number];

/** The most a menu price can be, in whole pesos (a typo guard: the dearest set is a few hundred). */
export const MENU_PRICE_MAX_PESOS = 100_000;
/** The largest photo staff may upload: a phone camera's full-size JPEG fits. */
export const PHOTO_MAX_BYTES = 10 * 1024 * 1024;
/**
 * Widths (CSS pixels x density) the server makes of every photo, in 8:5, the
 * cards' shape: steps close enough that a phone (a 380 px card at 1.75, 2 or 3
 * times) or a desktop column downloads little more than it shows.
 */
export const PHOTO_WIDTHS = [320, 480, 720, 960] as const;
export const PHOTO_ASPECT = { width: 8, height: 5 } as const;

export const menuMessages = {
  categoryRequired: 'Choose the menu the item goes on: unlimited sets, ala carte or side dishes.',
  nameRequired: 'Give the item a name.',
  priceRequired: 'Enter the price in whole pesos (0 for items included in the unlimited sets).',
  priceTooHigh: `A price can be at most ${formatPesos(MENU_PRICE_MAX_PESOS)}.`,
  nothingToChange: 'Send at least one change.',
  orderList: 'Send the ids of the items in their new order.',
  titleRequired: 'Give the promo a title.',
  termTooLong: 'Keep each term to 200 characters or fewer.',
  tooManyTerms: 'A promo has at most 10 terms.',
  badDate: 'Enter the date as YYYY-MM-DD, or leave it empty.',
  endsBeforeStart: 'The promo cannot end before it starts.',
  photoMissing: 'Choose a photo to upload.',
  photoType: 'Upload a JPEG, PNG or WebP photo.',
  photoHeic:
    'This HEIC photo cannot be read here. Upload it as JPEG (iPhone: Settings > Camera > Formats > Most Compatible), or pick it from the photo library, which sends a JPEG.',
  photoTooLarge: `The photo is too large. Upload one of at most ${PHOTO_MAX_BYTES / 1024 / 1024} MB.`,
  photoTooManyPixels: 'The photo has too many pixels (at most 50 megapixels). Upload a smaller one.',
  photoUnreadable: 'The photo could not be read. It may be damaged; try another one.',
  photoTooSmall: 'The photo is too small. Upload one at least 320 pixels wide and 200 high.',
} as const;

const text = (max: number, requiredMessage?: string) =>
  z
    .string({ error: requiredMessage ?? tooLongMessage(max) })
    .check(z.trim(), ...(requiredMessage ? [z.minLength(1, requiredMessage)] : []), z.maxLength(max, tooLongMessage(max)), ...shownTextChecks(requiredMessage));

const price = z.pipe(
  z.number({ error: menuMessages.priceRequired }),
  z.int({ error: menuMessages.priceRequired }).check(z.gte(0, menuMessages.priceRequired), z.lte(MENU_PRICE_MAX_PESOS, menuMessages.priceTooHigh)),
);
const flag = (name: string) => z.boolean({ error: `Send ${name} as true or false.` });

const menuItemFields = {
  name: text(80, menuMessages.nameRequired),
  description: z._default(text(400), ''),
  selling_price: price,
  is_premium: z._default(flag('is_premium'), false),
  is_featured: z._default(flag('is_featured'), false),
  is_available: z._default(flag('is_available'), true),
};

/** POST /api/staff/menu-items and the console's new-item form. */
export const menuItemSchema = z.object({ category: z.enum(MENU_CATEGORIES, { error: menuMessages.categoryRequired }), ...menuItemFields });
export type MenuItemInput = z.input<typeof menuItemSchema>;

/** PATCH /api/staff/menu-items/{id}: any of the fields; `retired: true` takes the item off for good (kept for history). */
export const menuItemChangeSchema = z
  .object({
    name: z.optional(menuItemFields.name),
    description: z.optional(text(400)),
    selling_price: z.optional(price),
    is_premium: z.optional(flag('is_premium')),
    is_featured: z.optional(flag('is_featured')),
    is_available: z.optional(flag('is_available')),
    retired: z.optional(flag('retired')),
  })
  .check(z.refine((change) => Object.values(change).some((value) => value !== undefined), menuMessages.nothingToChange));
export type MenuItemChange = z.input<typeof menuItemChangeSchema>;

const idList = z.array(z.int({ error: menuMessages.orderList }).check(z.positive(menuMessages.orderList)), { error: menuMessages.orderList }).check(
  z.minLength(1, menuMessages.orderList),
  z.maxLength(500, menuMessages.orderList),
  z.refine((ids) => new Set(ids).size === ids.length, menuMessages.orderList),
);

/** PUT /api/staff/menu-items/order: one menu's items, first to last. */
export const menuOrderSchema = z.object({ category: z.enum(MENU_CATEGORIES, { error: menuMessages.categoryRequired }), ids: idList });
/** PUT /api/staff/promos/order. */
export const promoOrderSchema = z.object({ ids: idList });

const optionalDate = z._default(z.nullable(z.string({ error: menuMessages.badDate }).check(z.refine((value) => parseIsoDate(value) !== null, menuMessages.badDate))), null);

const promoFields = {
  title: text(120, menuMessages.titleRequired),
  summary: z._default(text(400), ''),
  terms: z._default(z.array(text(200, menuMessages.termTooLong), { error: menuMessages.tooManyTerms }).check(z.maxLength(10, menuMessages.tooManyTerms)), []),
  starts_on: optionalDate,
  ends_on: optionalDate,
  is_hidden: z._default(flag('is_hidden'), false),
};

const endsAfterStart = z.refine<{ starts_on?: string | null; ends_on?: string | null }>(({ starts_on, ends_on }) => !starts_on || !ends_on || starts_on <= ends_on, {
  message: menuMessages.endsBeforeStart,
  path: ['ends_on'],
});

/** POST /api/staff/promos, and PUT /api/staff/promos/{id} (the whole promo as the form shows it). */
export const promoSchema = z.object(promoFields).check(endsAfterStart);
export type PromoInput = z.input<typeof promoSchema>;

/** A photo as the API describes it: its files are `${path}/${width}.${avif|webp|jpg}` on the API. */
export interface PhotoVariants {
  path: string;
  widths: number[];
  /** Of the largest file (the shape of every one). */
  width: number;
  height: number;
  /** A blurred picture of a few hundred bytes, shown while the photo loads. */
  placeholder: string;
}

/** A public menu list's item (GET /api/inventory/menu/*). `photo` is null when the page shows a bundled picture. */
export interface PublicMenuItem {
  id: number;
  name: string;
  description: string;
  selling_price: number;
  image_url: string | null;
  is_premium: boolean | number;
  is_featured?: boolean;
  photo?: PhotoVariants | null;
}

/** GET /api/promos: the promos on show, in the restaurant's order. */
export interface PublicPromo {
  id: number;
  title: string;
  summary: string;
  terms: string[];
  starts_on: string | null;
  ends_on: string | null;
  photo: PhotoVariants | null;
}

/** An item as the staff console lists it (GET /api/staff/menu-items), retired ones included. */
export interface StaffMenuItem extends PublicMenuItem {
  category: MenuCategory;
  is_premium: boolean;
  is_featured: boolean;
  is_available: boolean;
  availability_changed_by: string | null;
  /** When the item was retired; null while it is on a menu. */
  retired_at: string | null;
  photo: PhotoVariants | null;
}

/** A promo as the staff console lists it (GET /api/staff/promos), hidden ones included. */
export interface StaffPromo extends PublicPromo {
  is_hidden: boolean;
  updated_by: string | null;
}
