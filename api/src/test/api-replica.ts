import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { freePort } from './free-port';
import { waitUntil } from './wait-until';

const apiDir = path.resolve(__dirname, '..', '..');

export interface ApiReplica {
  origin: string;
  /** Everything the process wrote to stderr and stdout. */
  output(): string;
  /** The exit code or signal once the process has ended; null while it runs. */
  exited(): string | null;
  /** Resolves when /api/health answers 200 (or rejects when the process ends or after `timeoutMs`). */
  ready(timeoutMs?: number): Promise<void>;
  /** SIGTERM, as a service manager stops it (SIGKILL after 10 s); resolves once it has exited. */
  stop(): Promise<void>;
  /** Sends `signal` (SIGKILL: a crash, no shutdown at all); resolves once the process has exited. */
  kill(signal: NodeJS.Signals): Promise<void>;
}

/**
 * One API process (the server's TypeScript through tsx's loader, one process so a
 * signal reaches the server itself) on loopback with `env` on top of the test's
 * environment; on `port` (a replica started again on the same address), else a free one.
 */
export async function startApiReplica(env: Record<string, string>, port?: number): Promise<ApiReplica> {
  port ??= await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', path.join(apiDir, 'src', 'server.ts')], {
    cwd: apiDir,
    env: { ...process.env, LOG_LEVEL: 'error', ...env, API_PORT: String(port), API_HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let exit: string | null = null;
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const ended = new Promise<void>((resolve) =>
    child.once('exit', (code, signal) => {
      exit = signal ?? String(code);
      resolve();
    }),
  );
  return {
    origin,
    output: () => output,
    exited: () => exit,
    async ready(timeoutMs = 60_000) {
      await waitUntil(
        async () => {
          if (exit !== null) throw new Error(`The API on ${origin} exited (${exit}) before it was ready:\n${output}`);
          return fetch(`${origin}/api/health`).then(
            async (response) => (await response.arrayBuffer(), response.ok),
            () => false, // not listening yet
          );
        },
        { what: () => `the API on ${origin} to answer /api/health:\n${output}`, timeoutMs, intervalMs: 100 },
      );
    },
    async stop() {
      if (exit !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await ended;
      clearTimeout(timer);
    },
    async kill(signal) {
      if (exit !== null) return;
      child.kill(signal);
      await ended;
    },
  };
}
