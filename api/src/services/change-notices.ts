import type { FastifyInstance } from 'fastify';
import { notifyChannel } from '../repositories/change-notices-repository';

/** The public lists a replica caches, by the name their changes are announced under. */
export type PublicList = 'menu' | 'reviews' | 'promos' | 'settings';

const CHANNEL = 'samgyup_public_lists';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * After a change to a public list: this replica forgets its cached answer at
     * once, and every other replica when PostgreSQL's NOTIFY reaches it.
     */
    publicListChanged(list: PublicList): Promise<void>;
  }
}

/**
 * Cache invalidation across replicas through LISTEN/NOTIFY. A replica whose
 * listening connection dropped forgets everything once it is back (notices
 * sent meanwhile are lost); until then its answers are at most the cache's few
 * seconds old. On PGlite the notices stay in the one process there is.
 */
export async function registerChangeNotices(app: FastifyInstance) {
  const caches = { menu: app.menuCache, reviews: app.reviewsCache, promos: app.promosCache, settings: app.settingsCache } as const;
  const isList = (value: string): value is PublicList => Object.hasOwn(caches, value);
  await app.db.listen(CHANNEL, {
    onMessage: (payload) => {
      if (isList(payload)) caches[payload].clear();
    },
    onResync: () => Object.values(caches).forEach((cache) => cache.clear()),
  });
  app.decorate('publicListChanged', async (list: PublicList) => {
    caches[list].clear();
    try {
      await notifyChannel(app.db, CHANNEL, list);
    } catch (error) {
      // The change is saved; the other replicas see it when their cache expires.
      app.apiLog.warn({ err: error, list }, 'could not announce a change to the other replicas');
    }
  });
}
