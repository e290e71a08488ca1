import { createTestApp } from './create-test-app';
import { quickStaff } from './customer-helper';

/** What most route tests start from: the app on a seeded database and a staff account (`staffAuth`: its bearer header). */
export async function seededAppWithStaff(env: Record<string, string> = {}) {
  const t = await createTestApp({ seed: true, env });
  const staff = await quickStaff(t.app);
  return { t, staff, staffAuth: staff.auth };
}
