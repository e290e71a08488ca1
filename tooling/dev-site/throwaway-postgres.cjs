// A PostgreSQL cluster of a test's own (the deployment test's): initdb into a folder,
// pg_ctl on a loopback port, a role and a database for the API as the guide
// sets them up. PostgreSQL refuses to run as root, so as root the cluster runs
// as the `postgres` user (runuser), which owns the cluster's folder.
const { execFileSync } = require('node:child_process');
const { chownSync, mkdirSync, writeFileSync } = require('node:fs');
const { userInfo } = require('node:os');
const path = require('node:path');

const ROLE = 'samgyup';
const DATABASE = 'samgyup';

/**
 * @param {{ folder: string, port: number, bin: string, password: string }} options
 * @returns {{ url: string, stop: () => void, logFile: string }}
 */
function startPostgres({ folder, port, bin, password }) {
  const isRoot = process.getuid?.() === 0;
  const data = path.join(folder, 'data');
  const sockets = path.join(folder, 'sockets');
  const logFile = path.join(folder, 'postgres.log');
  mkdirSync(sockets, { recursive: true });
  writeFileSync(logFile, '');
  const owner = isRoot ? 'postgres' : userInfo().username;
  if (isRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }));
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }));
    for (const entry of [folder, sockets, logFile]) chownSync(entry, uid, gid);
  }
  /** @param {string} program @param {string[]} args */
  const run = (program, args) =>
    execFileSync(isRoot ? 'runuser' : path.join(bin, program), isRoot ? ['-u', owner, '--', path.join(bin, program), ...args] : args, {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: 60_000,
    });

  // Local socket: trust (the cluster's owner sets it up); TCP: passwords only.
  run('initdb', ['-D', data, '-U', owner, '--auth-local=trust', '--auth-host=scram-sha-256', '-E', 'UTF8', '--no-instructions']);
  const settings = `-c listen_addresses=127.0.0.1 -c port=${port} -c unix_socket_directories=${sockets} -c fsync=off`;
  run('pg_ctl', ['-D', data, '-l', logFile, '-o', settings, '-w', '-t', '30', 'start']);
  const stop = () => run('pg_ctl', ['-D', data, '-m', 'fast', '-w', '-t', '30', 'stop']);
  try {
    /** @param {string} statement */
    const sql = (statement, database = 'postgres') => run('psql', ['-h', sockets, '-p', String(port), '-U', owner, '-d', database, '-v', 'ON_ERROR_STOP=1', '-qc', statement]);
    sql(`CREATE ROLE ${ROLE} LOGIN PASSWORD '${password}'`);
    sql(`CREATE DATABASE ${DATABASE} OWNER ${ROLE}`);
    // Lets the backup test restore into a database of its own.
    sql(`ALTER ROLE ${ROLE} CREATEDB`);
  } catch (error) {
    stop();
    throw error;
  }
  return { url: `postgres://${ROLE}:${password}@127.0.0.1:${port}/${DATABASE}`, stop, logFile };
}

module.exports = { startPostgres };
