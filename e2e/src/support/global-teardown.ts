import type { startApi } from '@samgyup/dev-site';

export default async function globalTeardown() {
  await (globalThis as { __E2E_API__?: Awaited<ReturnType<typeof startApi>> }).__E2E_API__?.stop();
}
