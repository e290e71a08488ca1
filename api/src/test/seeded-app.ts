import { createTestApp, type TestApp } from './create-test-app';
import { quickStaff } from './customer-helper';

/** What most route tests start from: the app on a seeded database and a staff account (`staffAuth`: its bearer header). */
export async function seededAppWithStaff(env: Record<string, string> = {}) {
  const t = await createTestApp({ seed: true, env });
  const staff = await quickStaff(t.app);
  return { t, staff, staffAuth: staff.auth };
}

/** The same with an admin account too (`adminAuth`). */
export async function seededAppWithStaffAndAdmin(env: Record<string, string> = {}) {
  const seeded = await seededAppWithStaff(env);
  return { ...seeded, adminAuth: (await quickStaff(seeded.t.app, 'admin')).auth };
}

/**
 * The seeded app with a staff account, listening on a free local port
 * (`origin`) for tests that fetch, such as the live streams. Its `close` first
 * drops the connections the fetch client keeps alive: a closing server waits for them.
 */
export async function listeningAppWithStaff(env: Record<string, string> = {}) {
  const seeded = await seededAppWithStaff(env);
  const origin = await seeded.t.app.listen({ port: 0, host: '127.0.0.1' });
  const t: TestApp = {
    ...seeded.t,
    close: async () => {
      seeded.t.app.server.closeAllConnections();
      await seeded.t.close();
    },
  };
  return { ...seeded, t, origin };
}
