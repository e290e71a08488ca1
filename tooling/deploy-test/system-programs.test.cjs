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
  const nowhere = () => ({ postgresRoot: path.join(folder, 'no-postgresql'), sbin: [], nginxModules: path.join(folder, 'no-modules') });
  /** Debian's brotli_static module, where nginx's modules go. */
  const modules = () => {
    const dir = path.join(folder, 'modules');
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, 'ngx_http_brotli_static_module.so'), '');
    return dir;
  };
  const install = (/** @type {string[]} */ names) => {
    const bin = path.join(folder, 'bin');
    mkdirSync(bin, { recursive: true });
    for (const name of names) writeFileSync(path.join(bin, name), '', { mode: 0o755 });
    return bin;
  };

  it('stops with what is missing and the command that installs it (it never passes without them)', () => {
    expect(() => findSystemPrograms({ needServer: true }, { PATH: path.join(folder, 'empty') }, nowhere())).toThrow(
      "this machine lacks:\n  - nginx (package nginx)\n  - nginx's brotli_static module (package libnginx-mod-http-brotli-static)\n  - openssl (package openssl)\n" +
        "  - PostgreSQL's initdb, pg_ctl, psql, pg_dump, pg_restore (package postgresql)\n" +
        'Install them with: apt-get install -y nginx libnginx-mod-http-brotli-static openssl postgresql',
    );
  });

  it('needs only PostgreSQL’s client programs when it is given a server', () => {
    const bin = install(['nginx', 'openssl', 'psql', 'pg_dump', 'pg_restore']);
    const places = { ...nowhere(), nginxModules: modules() };
    expect(findSystemPrograms({ needServer: false }, { PATH: bin }, places)).toEqual({
      nginx: path.join(bin, 'nginx'),
      openssl: path.join(bin, 'openssl'),
      brotliStatic: path.join(places.nginxModules, 'ngx_http_brotli_static_module.so'),
      postgresBin: bin,
    });
    expect(() => findSystemPrograms({ needServer: true }, { PATH: bin }, places)).toThrow("PostgreSQL's initdb, pg_ctl");
    expect(() => findSystemPrograms({ needServer: false }, { PATH: bin }, nowhere())).toThrow(
      "lacks:\n  - nginx's brotli_static module (package libnginx-mod-http-brotli-static)\n",
    );
  });

  it('takes the newest Debian PostgreSQL installation that has every program', () => {
    const bin = install(['nginx', 'openssl']);
    for (const major of ['13', '15', '16']) {
      const programs = path.join(folder, 'postgresql', major, 'bin');
      mkdirSync(programs, { recursive: true });
      for (const name of major === '16' ? ['psql'] : ['initdb', 'pg_ctl', 'psql', 'pg_dump', 'pg_restore']) writeFileSync(path.join(programs, name), '');
    }
    const found = findSystemPrograms({ needServer: true }, { PATH: bin }, { postgresRoot: path.join(folder, 'postgresql'), sbin: [], nginxModules: modules() });
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
      const nginxModules = path.join(folder, 'modules');
      mkdirSync(nginxModules);
      expect(() => findProxyPrograms({ PATH: bin }, { sbin: [], nginxModules })).toThrow(
        "this machine lacks:\n  - nginx (package nginx)\n  - nginx's brotli_static module (package libnginx-mod-http-brotli-static)\n" +
          'Install them with: apt-get install -y nginx libnginx-mod-http-brotli-static openssl',
      );
      writeFileSync(path.join(bin, 'nginx'), '', { mode: 0o755 });
      writeFileSync(path.join(nginxModules, 'ngx_http_brotli_static_module.so'), '');
      expect(findProxyPrograms({ PATH: bin }, { sbin: [], nginxModules })).toEqual({
        nginx: path.join(bin, 'nginx'),
        openssl: path.join(bin, 'openssl'),
        brotliStatic: path.join(nginxModules, 'ngx_http_brotli_static_module.so'),
      });
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
