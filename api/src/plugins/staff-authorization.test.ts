import Fastify, { type FastifyInstance } from 'fastify';
import { forbidden, unauthorized } from '../lib/http-error';
import { ADMINS, EVERY_STAFF, registerStaffAuthorization, staffAccess, staffOf } from './staff-authorization';

/** A bare app with the hook, whose staff check reads the role from a header (the real one reads the token and the account). */
function appWithHook(): FastifyInstance {
  const app = Fastify();
  app.decorate('authenticateStaff', async (request: { headers: Record<string, unknown> }, roles: ('staff' | 'admin')[] = EVERY_STAFF) => {
    const role = request.headers['x-role'];
    if (role !== 'staff' && role !== 'admin') throw unauthorized();
    if (!roles.includes(role)) throw forbidden();
    return { id: 7, email: `${role}@samgyup.test`, role };
  });
  app.setErrorHandler((error: { statusCode?: number; message: string }, _request, reply) => void reply.status(error.statusCode ?? 500).send({ message: error.message }));
  registerStaffAuthorization(app);
  return app;
}

describe('the staff authorization hook', () => {
  it('refuses to start with a route under /api/staff that declares no staff roles', async () => {
    const app = appWithHook();
    const declareNothing = () => app.get('/api/staff/forgotten', async () => ({ ok: true }));
    let refused: unknown;
    try {
      declareNothing();
      await app.ready();
    } catch (error) {
      refused = error;
    }
    expect(String(refused)).toContain('GET /api/staff/forgotten is under /api/staff but declares no staffRoles');
    await app.close().catch(() => undefined);
  });

  it("checks each route's declared roles before its handler runs, and hands the handler the staff member", async () => {
    const app = appWithHook();
    const reached: string[] = [];
    app.get('/api/staff/for-staff', staffAccess(EVERY_STAFF), async (request) => {
      reached.push('for-staff');
      return { email: staffOf(request).email };
    });
    app.post('/api/staff/for-admins', staffAccess(ADMINS), async () => {
      reached.push('for-admins');
      return { ok: true };
    });
    app.post('/api/staff/login', staffAccess('anyone'), async (request) => ({ staff: request.staffPrincipal }));
    app.get('/api/public', async (request) => ({ staff: request.staffPrincipal }));
    await app.ready();
    const call = async (method: 'GET' | 'POST', url: string, role?: string) => {
      const answer = await app.inject({ method, url, headers: role ? { 'x-role': role } : {} });
      return [answer.statusCode, answer.json()];
    };
    expect(await call('GET', '/api/staff/for-staff')).toEqual([401, { message: 'Please log in to continue.' }]);
    expect(await call('GET', '/api/staff/for-staff', 'staff')).toEqual([200, { email: 'staff@samgyup.test' }]);
    expect(await call('POST', '/api/staff/for-admins', 'staff')).toEqual([403, { message: 'You do not have access to this.' }]);
    expect(await call('POST', '/api/staff/for-admins', 'admin')).toEqual([200, { ok: true }]);
    expect(await call('POST', '/api/staff/login')).toEqual([200, { staff: null }]);
    expect(await call('GET', '/api/public')).toEqual([200, { staff: null }]);
    expect(reached).toEqual(['for-staff', 'for-admins']);
    await app.close();
  });
});
