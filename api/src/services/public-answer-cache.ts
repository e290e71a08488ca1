import { createHash } from 'node:crypto';
import type { Queryable } from '../db/database';
import { listPublicFeedbackPage } from '../repositories/feedback-repository';
import { restaurantToday } from '@samgyup/shared/reservation';
import { listAvailableMenuItems, listFeaturedMenuItems, type MenuCategory } from '../repositories/menu-repository';
import { listShownPromos } from '../repositories/promos-repository';
import { publicSettings } from './restaurant-settings';

// Public lists (menus, published reviews) are read far more often than they
// change. Each replica keeps the serialised answer for a few seconds and drops
// it at once when a change is announced (services/change-notices: through
// PostgreSQL to every replica); browsers revalidate by ETag.
const MEMORY_TTL_MS = 5_000;

/** Reviews per page of the public list: the carousel asks for the next page as a diner nears the end. */
export const PUBLIC_REVIEWS_PAGE_SIZE = 20;

export interface CachedAnswer {
  /** The JSON text as UTF-8 bytes: sent as they are, with no encoding or length count per request. */
  body: Buffer;
  etag: string;
}

export interface AnswerCache<K> {
  /** The answer if one is cached and fresh, without waiting: the hot path of a public read. */
  peek(key: K): CachedAnswer | undefined;
  get(key: K): Promise<CachedAnswer>;
  /** Forget every cached answer, after a change to what they list. */
  clear(): void;
}

/** `load` gives the answer's fields beside `success: true` (at least `data`). */
function createAnswerCache<K>(load: (key: K) => Promise<{ data: unknown }>): AnswerCache<K> {
  type Entry = CachedAnswer & { loadedAt: number };
  const fresh = new Map<K, Entry>();
  const inFlight = new Map<K, Promise<Entry>>();
  let generation = 0;
  const peek = (key: K) => {
    const hit = fresh.get(key);
    return hit && Date.now() - hit.loadedAt < MEMORY_TTL_MS ? hit : undefined;
  };
  return {
    peek,
    get(key) {
      const hit = peek(key);
      if (hit) return Promise.resolve(hit);
      // One database read however many requests arrive while it runs.
      let loading = inFlight.get(key);
      if (!loading) {
        const startedIn = generation;
        const current: Promise<Entry> = load(key)
          .then((answer) => {
            const body = Buffer.from(JSON.stringify({ success: true, ...answer }));
            const entry = { body, etag: `"${createHash('sha1').update(body).digest('base64url')}"`, loadedAt: Date.now() };
            // A change that landed while this read ran makes it unfit to keep.
            if (startedIn === generation) fresh.set(key, entry);
            return entry;
          })
          .finally(() => {
            if (inFlight.get(key) === current) inFlight.delete(key);
          });
        inFlight.set(key, current);
        loading = current;
      }
      return loading;
    },
    clear() {
      generation += 1;
      fresh.clear();
      inFlight.clear();
    },
  };
}

/** A menu's list, or the featured items of every menu. */
export type MenuCache = AnswerCache<MenuCategory | 'featured'>;
/** The promos /promos shows today. */
export type PromosCache = AnswerCache<'shown'>;
/** The newest page of published reviews, the one every visit to /feedback reads. */
export type ReviewsCache = AnswerCache<'first page'>;

export const createMenuCache = (db: Queryable): MenuCache =>
  createAnswerCache(async (key) => ({ data: await (key === 'featured' ? listFeaturedMenuItems(db) : listAvailableMenuItems(db, key)) }));
// Read with the date of the moment: a promo starting today shows within the cache's few seconds of midnight.
export const createPromosCache = (db: Queryable): PromosCache => createAnswerCache(async () => ({ data: await listShownPromos(db, restaurantToday()) }));
export const createReviewsCache = (db: Queryable): ReviewsCache => createAnswerCache(() => listPublicFeedbackPage(db, PUBLIC_REVIEWS_PAGE_SIZE));
/** The owner's settings as every page reads them. */
export type SettingsCache = AnswerCache<'settings'>;
export const createSettingsCache = (db: Queryable, defaultDownPayment: number): SettingsCache =>
  createAnswerCache(async () => ({ data: await publicSettings(db, defaultDownPayment) }));
