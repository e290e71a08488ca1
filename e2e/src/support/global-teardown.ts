import type { ChildProcess } from 'node:child_process';

export default async function globalTeardown() {
  const api = (globalThis as { __E2E_API__?: ChildProcess }).__E2E_API__;
  if (api && api.exitCode === null) {
    api.kill('SIGTERM');
    await new Promise((resolve) => api.once('exit', resolve));
  }
}
