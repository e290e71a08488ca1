import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { freePort } from './free-port';

const apiDir = path.resolve(__dirname, '..', '..');

export interface ApiReplica {
  origin: string;
  /** Everything the process wrote to stderr and stdout. */
  output(): string;
  /** The exit code or signal once the process has ended; null while it runs. */
  exited(): string | null;
  /** Resolves when /api/health answers 200 (or rejects when the process ends or after `timeoutMs`). */
  ready(timeoutMs?: number): Promise<void>;
  stop(): Promise<void>;
}

/**
 * One API process (the server's TypeScript through tsx's loader, one process so a
 * signal reaches the server itself) on a free loopback port with `env` on top of
 * the test's environment.
 */
export async function startApiReplica(env: Record<string, string>): Promise<ApiReplica> {
  const port = await freePort();
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
      const started = Date.now();
      while (Date.now() - started < timeoutMs) {
        if (exit !== null) throw new Error(`The API on ${origin} exited (${exit}) before it was ready:\n${output}`);
        try {
          if ((await fetch(`${origin}/api/health`)).ok) return;
        } catch {
          // not listening yet
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error(`The API on ${origin} was not ready in ${timeoutMs} ms:\n${output}`);
    },
    async stop() {
      if (exit !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await ended;
      clearTimeout(timer);
    },
  };
}
