import { createHash } from 'node:crypto';
import type { Queryable } from '../db/database';
import { listAvailableMenuItems, type MenuCategory } from '../repositories/menu-repository';

// Menus are read far more often than they change: each replica keeps a
// category's answer for a few seconds, and browsers revalidate it by ETag.
const MEMORY_TTL_MS = 5_000;

export interface CachedMenu {
  body: string;
  etag: string;
}

export interface MenuCache {
  get(category: MenuCategory): Promise<CachedMenu>;
  /** Forget cached menus after staff change availability or prices. */
  clear(): void;
}

export function createMenuCache(db: Queryable): MenuCache {
  const entries = new Map<MenuCategory, CachedMenu & { loadedAt: number }>();
  return {
    async get(category) {
      const cached = entries.get(category);
      if (cached && Date.now() - cached.loadedAt < MEMORY_TTL_MS) return cached;
      const body = JSON.stringify({ success: true, data: await listAvailableMenuItems(db, category) });
      const fresh = { body, etag: `"${createHash('sha1').update(body).digest('base64url')}"`, loadedAt: Date.now() };
      entries.set(category, fresh);
      return fresh;
    },
    clear: () => entries.clear(),
  };
}
