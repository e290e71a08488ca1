const { mkdirSync, mkdtempSync, rmSync, writeFileSync } = require('node:fs');
const { tmpdir } = require('node:os');
const path = require('node:path');
const { findProxyPrograms, findSystemPrograms } = require('./system-programs.cjs');

describe('the programs the deployment test needs', () => {
  /** @type {string} */
  let folder;
  beforeEach(() => {
    folder = mkdtempSync(path.join(tmpdir(), 'deploy-programs-'));
  });
  afterEach(() => rmSync(folder, { recursive: true, force: true }));
  const nowhere = () => ({ postgresRoot: path.join(folder, 'no-postgresql'), sbin: [] });
  const install = (/** @type {string[]} */ names) => {
    const bin = path.join(folder, 'bin');
    mkdirSync(bin, { recursive: true });
    for (const name of names) writeFileSync(path.join(bin, name), '', { mode: 0o755 });
    return bin;
  };

  it('stops with what is missing and the command that installs it (it never passes without them)', () => {
    expect(() => findSystemPrograms({ needServer: true }, { PATH: path.join(folder, 'empty') }, nowhere())).toThrow(
      "this machine lacks:\n  - nginx (package nginx)\n  - openssl (package openssl)\n  - PostgreSQL's initdb, pg_ctl, psql, pg_dump, pg_restore (package postgresql)\n" +
        'Install them with: apt-get install -y nginx openssl postgresql',
    );
  });

  it('needs only PostgreSQL’s client programs when it is given a server', () => {
    const bin = install(['nginx', 'openssl', 'psql', 'pg_dump', 'pg_restore']);
    expect(findSystemPrograms({ needServer: false }, { PATH: bin }, nowhere())).toEqual({ nginx: path.join(bin, 'nginx'), openssl: path.join(bin, 'openssl'), postgresBin: bin });
    expect(() => findSystemPrograms({ needServer: true }, { PATH: bin }, nowhere())).toThrow("PostgreSQL's initdb, pg_ctl");
  });

  it('takes the newest Debian PostgreSQL installation that has every program', () => {
    const bin = install(['nginx', 'openssl']);
    for (const major of ['13', '15', '16']) {
      const programs = path.join(folder, 'postgresql', major, 'bin');
      mkdirSync(programs, { recursive: true });
      for (const name of major === '16' ? ['psql'] : ['initdb', 'pg_ctl', 'psql', 'pg_dump', 'pg_restore']) writeFileSync(path.join(programs, name), '');
    }
    const found = findSystemPrograms({ needServer: true }, { PATH: bin }, { postgresRoot: path.join(folder, 'postgresql'), sbin: [] });
    expect(found.postgresBin).toBe(path.join(folder, 'postgresql', '15', 'bin'));
  });
});

describe('the programs a deployment on the embedded database needs', () => {
  it('is nginx and openssl, and says how to install what is missing', () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'deploy-programs-'));
    try {
      const bin = path.join(folder, 'bin');
      mkdirSync(bin);
      writeFileSync(path.join(bin, 'openssl'), '', { mode: 0o755 });
      expect(() => findProxyPrograms({ PATH: bin }, { sbin: [] })).toThrow('this machine lacks:\n  - nginx (package nginx)\nInstall them with: apt-get install -y nginx openssl');
      writeFileSync(path.join(bin, 'nginx'), '', { mode: 0o755 });
      expect(findProxyPrograms({ PATH: bin }, { sbin: [] })).toEqual({ nginx: path.join(bin, 'nginx'), openssl: path.join(bin, 'openssl') });
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
