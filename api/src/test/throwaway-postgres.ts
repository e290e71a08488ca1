import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from './free-port';

export interface ThrowawayPostgres {
  /** postgres://… of the cluster's `postgres` database (trust auth on loopback). */
  url: string;
  port: number;
  /** Stops the server (fast: open connections are terminated) and leaves the data folder. */
  stop(): void;
  start(): void;
  /** Stops and removes everything. */
  destroy(): void;
}

/** The newest PostgreSQL server binaries Debian's `postgresql` package installed. */
export function findPostgresBin(): string {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).filter((name) => existsSync(path.join(root, name, 'bin', 'pg_ctl'))) : [];
  if (versions.length === 0) {
    throw new Error(
      'The chaos tests start a PostgreSQL server of their own, and its binaries are not installed here ' +
        '(no /usr/lib/postgresql/<version>/bin/pg_ctl). Install them with: apt-get install -y postgresql',
    );
  }
  versions.sort((a, b) => Number(a) - Number(b));
  return path.join(root, versions[versions.length - 1], 'bin');
}

/**
 * A PostgreSQL cluster of its own in a temporary folder, on a free loopback
 * port, that a test may stop and start at will. PostgreSQL refuses to run as
 * root, so as root it runs as the `postgres` user (the package creates it).
 */
export async function startThrowawayPostgres(): Promise<ThrowawayPostgres> {
  const bin = findPostgresBin();
  const port = await freePort();
  const dir = mkdtempSync(path.join(tmpdir(), 'samgyup-chaos-pg-'));
  const dataDir = path.join(dir, 'data');
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    chownSync(dir, uid, gid);
    chmodSync(dir, 0o700);
  }
  const run = (tool: string, args: string[]) => {
    const command = asRoot ? 'runuser' : path.join(bin, tool);
    const fullArgs = asRoot ? ['-u', 'postgres', '--', path.join(bin, tool), ...args] : args;
    const result = spawnSync(command, fullArgs, { encoding: 'utf8', timeout: 60_000 });
    if (result.status !== 0) throw new Error(`${tool} ${args.join(' ')} failed: ${result.stderr || result.stdout}`);
  };
  run('initdb', ['-D', dataDir, '-U', 'postgres', '-A', 'trust', '--no-sync', '-E', 'UTF8', '--locale=C']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=100`;
  const start = () => run('pg_ctl', ['-D', dataDir, '-o', options, '-l', path.join(dir, 'server.log'), '-w', '-t', '60', 'start']);
  const stop = () => run('pg_ctl', ['-D', dataDir, '-m', 'fast', '-w', '-t', '60', 'stop']);
  start();
  let running = true;
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    stop: () => {
      stop();
      running = false;
    },
    start: () => {
      start();
      running = true;
    },
    destroy: () => {
      if (running) {
        try {
          stop();
        } catch {
          // already down
        }
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
