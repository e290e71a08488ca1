import { createSigner, createVerifier } from 'fast-jwt';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppConfig } from '../config';
import { forbidden, unauthorized } from '../lib/http-error';

export type Role = 'customer' | 'staff' | 'admin';

export interface Principal {
  id: number;
  email: string;
  role: Role;
}

declare module 'fastify' {
  interface FastifyInstance {
    issueToken(principal: Principal): string;
    /** The request's principal, or 401. With roles, 403 for any other role. */
    authenticate(request: FastifyRequest, roles?: Role[]): Principal;
  }
}

const SESSION_ENDED = 'Your session has ended. Please log in again.';

/** Signed, expiring bearer tokens (HS256) for customers and staff. */
export function registerAuth(app: FastifyInstance, config: AppConfig) {
  const sign = createSigner({ key: config.jwtSecret, algorithm: 'HS256', expiresIn: config.tokenTtlSeconds * 1000 });
  const verify = createVerifier({ key: config.jwtSecret, algorithms: ['HS256'], cache: 1000 });

  app.decorate('issueToken', (principal: Principal) =>
    sign({ sub: String(principal.id), email: principal.email, role: principal.role }),
  );

  app.decorate('authenticate', (request: FastifyRequest, roles?: Role[]) => {
    const header = request.headers.authorization;
    const match = typeof header === 'string' ? /^Bearer ([A-Za-z0-9._-]+)$/.exec(header.trim()) : null;
    if (!match) throw unauthorized();
    let payload: { sub?: string; email?: string; role?: Role };
    try {
      payload = verify(match[1]);
    } catch {
      throw unauthorized(SESSION_ENDED);
    }
    const id = Number(payload.sub);
    if (!Number.isInteger(id) || !payload.role || typeof payload.email !== 'string') throw unauthorized(SESSION_ENDED);
    const principal: Principal = { id, email: payload.email, role: payload.role };
    if (roles && !roles.includes(principal.role)) throw forbidden();
    return principal;
  });
}
