import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Principal } from './auth';

export type StaffRole = 'staff' | 'admin';

/**
 * Who may call a route under /api/staff: the staff roles the hook checks
 * (from the bearer token, against the account as it is now), 'anyone' (the
 * staff login itself), or 'stream-ticket' (the live stream: a browser's
 * EventSource sends no Authorization header, so its one-minute ticket in the
 * address is checked by the route as it opens the stream).
 */
export type StaffAccess = StaffRole[] | 'anyone' | 'stream-ticket';

declare module 'fastify' {
  interface FastifyContextConfig {
    staffRoles?: StaffAccess;
  }
  interface FastifyRequest {
    /** The staff member the authorization hook let through (null outside staff routes). */
    staffPrincipal: Principal | null;
  }
}

export const EVERY_STAFF: StaffRole[] = ['staff', 'admin'];
export const ADMINS: StaffRole[] = ['admin'];

const STAFF_PREFIX = '/api/staff/';

/** The options of a route under /api/staff: who may call it, merged with any others (a rate limit's config). */
export function staffAccess<T extends { config?: object }>(access: StaffAccess, options: T = {} as T) {
  return { ...options, config: { ...options.config, staffRoles: access } };
}

/**
 * One authorization check for every route under /api/staff: each declares
 * who may call it (route config `staffRoles`), and this hook checks it before
 * the handler runs. A staff route without a declaration stops the API at
 * start, so none can be added that forgets it.
 */
export function registerStaffAuthorization(app: FastifyInstance): void {
  app.decorateRequest('staffPrincipal', null);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith(STAFF_PREFIX)) return;
    const access = route.config?.staffRoles;
    if (access === undefined) {
      throw new Error(`${String(route.method)} ${route.url} is under /api/staff but declares no staffRoles: say who may call it in the route's config.`);
    }
    if (!Array.isArray(access)) return;
    const authorize = async (request: FastifyRequest) => {
      request.staffPrincipal = await app.authenticateStaff(request, access);
    };
    route.preHandler = [authorize, ...[route.preHandler ?? []].flat()];
  });
}

/** The staff member calling a route that declared its staff roles. */
export function staffOf(request: FastifyRequest): Principal {
  if (!request.staffPrincipal) throw new Error(`${request.url}: staffOf called on a route without staff roles`);
  return request.staffPrincipal;
}
