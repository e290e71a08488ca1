import { createHash } from 'node:crypto';
import { createSigner, createVerifier } from 'fast-jwt';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppConfig } from '../config';
import { forbidden, unauthorized } from '../lib/http-error';
import { findSessionVersion } from '../repositories/customers-repository';
import { findStaffStanding } from '../repositories/staff-repository';

export type Role = 'customer' | 'staff' | 'admin';

export interface Principal {
  id: number;
  email: string;
  role: Role;
  /** A customer's session version when the token was issued (a password reset moves it on). */
  sessionVersion?: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    issueToken(principal: Principal): string;
    /** The request's principal, or 401. With roles, 403 for any other role. */
    authenticate(request: FastifyRequest, roles?: Role[]): Principal;
    /** A customer whose token was issued under the account's current session version: 401 once the password was reset. */
    authenticateCustomer(request: FastifyRequest): Promise<Principal>;
    /**
     * A staff principal whose account is still active (403 for customers, 401
     * for a disabled account); `['admin']` for admin-only routes. Id 0 is the
     * command line (`npm run table:open`), which signs with the server's secret.
     */
    authenticateStaff(request: FastifyRequest, roles?: ('staff' | 'admin')[]): Promise<Principal>;
    /** A ticket that opens the staff's live stream for the next minute (it goes in a URL, so it is good for nothing else). */
    issueStreamTicket(principal: Principal): string;
    /** The active staff member a stream ticket was issued to, or 401. */
    authenticateStreamTicket(ticket: string): Promise<Principal>;
  }
}

/** How long a stream ticket opens the stream: the page asks for one just before it connects. */
export const STREAM_TICKET_TTL_SECONDS = 60;

const SESSION_ENDED = 'Your session has ended. Please log in again.';
/** How far ahead of this replica's clock another replica's may be when it signs a login. */
const ISSUED_AT_DRIFT_MS = 60_000;
const STREAM_TICKET_ENDED = 'This live-updates ticket has expired. Ask for a new one.';
const STAFF_DISABLED = 'This staff account is disabled or no longer exists. Please ask an admin.';

/** Signed, expiring bearer tokens (HS256) for customers and staff. */
export function registerAuth(app: FastifyInstance, config: AppConfig) {
  const sign = createSigner({ key: config.jwtSecret, algorithm: 'HS256', expiresIn: config.tokenTtlSeconds * 1000 });
  const verify = createVerifier({ key: config.jwtSecret, algorithms: ['HS256'], cache: 1000 });

  app.decorate('issueToken', (principal: Principal) => sign({ sub: String(principal.id), email: principal.email, role: principal.role, ver: principal.sessionVersion ?? 0 }));

  app.decorate('authenticate', (request: FastifyRequest, roles?: Role[]) => {
    const header = request.headers.authorization;
    const match = typeof header === 'string' ? /^Bearer ([A-Za-z0-9._-]+)$/.exec(header.trim()) : null;
    if (!match) throw unauthorized();
    let payload: { sub?: string; email?: string; role?: Role; ver?: number; iat?: number };
    try {
      payload = verify(match[1]);
    } catch {
      throw unauthorized(SESSION_ENDED);
    }
    // fast-jwt checks when a token ends, not when it says it began: a token issued later than now
    // (beyond the clocks' drift between replicas) was not issued by this API as it runs.
    if (typeof payload.iat !== 'number' || payload.iat * 1000 > Date.now() + ISSUED_AT_DRIFT_MS) throw unauthorized(SESSION_ENDED);
    const id = Number(payload.sub);
    if (!Number.isInteger(id) || !payload.role || typeof payload.email !== 'string') throw unauthorized(SESSION_ENDED);
    const principal: Principal = { id, email: payload.email, role: payload.role, sessionVersion: Number(payload.ver ?? 0) };
    if (roles && !roles.includes(principal.role)) throw forbidden();
    return principal;
  });

  app.decorate('authenticateCustomer', async (request: FastifyRequest) => {
    const principal = app.authenticate(request, ['customer']);
    const sessionVersion = await findSessionVersion(app.db, principal.id);
    if (sessionVersion !== null && sessionVersion !== principal.sessionVersion) throw unauthorized(SESSION_ENDED);
    return principal;
  });

  // Tickets are signed with a key of their own, so no ticket is ever a login token (or the other way round).
  const ticketKey = createHash('sha256').update(`live-stream-ticket:${config.jwtSecret}`).digest('hex');
  const signTicket = createSigner({ key: ticketKey, algorithm: 'HS256', expiresIn: STREAM_TICKET_TTL_SECONDS * 1000 });
  const verifyTicket = createVerifier({ key: ticketKey, algorithms: ['HS256'] });
  app.decorate('issueStreamTicket', (principal: Principal) => signTicket({ sub: String(principal.id), email: principal.email }));
  app.decorate('authenticateStreamTicket', async (ticket: string) => {
    let payload: { sub?: string; email?: string };
    try {
      payload = verifyTicket(ticket);
    } catch {
      throw unauthorized(STREAM_TICKET_ENDED);
    }
    const id = Number(payload.sub);
    if (!Number.isInteger(id) || typeof payload.email !== 'string') throw unauthorized(STREAM_TICKET_ENDED);
    return activeStaff({ id, email: payload.email, role: 'staff' }, ['staff', 'admin']);
  });

  async function activeStaff(principal: Principal, roles: ('staff' | 'admin')[]): Promise<Principal> {
    if (principal.id === 0) return principal;
    const account = await findStaffStanding(app.db, principal.id, principal.email);
    if (!account || !account.is_active) throw unauthorized(STAFF_DISABLED);
    // A role taken away counts at once, whatever the token says.
    if (!roles.includes(account.role)) throw forbidden();
    return { ...principal, role: account.role };
  }

  app.decorate('authenticateStaff', async (request: FastifyRequest, roles: ('staff' | 'admin')[] = ['staff', 'admin']) => activeStaff(app.authenticate(request, roles), roles));
}
