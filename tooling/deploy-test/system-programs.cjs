// The programs from Debian's packages the deployment test runs: nginx (with the
// brotli_static module the site file uses), openssl and PostgreSQL's server and client programs. Missing ones stop the test with
// the command that installs them (it never passes without them).
const { existsSync, readdirSync } = require('node:fs');
const path = require('node:path');

const POSTGRES_CLIENT = ['psql', 'pg_dump', 'pg_restore'];
const POSTGRES_SERVER = ['initdb', 'pg_ctl'];
// Where Debian's libnginx-mod-* packages put nginx's dynamic modules.
const NGINX_MODULES = '/usr/lib/nginx/modules';
const BROTLI_STATIC = 'ngx_http_brotli_static_module.so';
const BROTLI_STATIC_PACKAGE = 'libnginx-mod-http-brotli-static';

/** The brotli_static module's file, or null. @param {string} modulesDir */
const brotliStaticIn = (modulesDir) => (existsSync(path.join(modulesDir, BROTLI_STATIC)) ? path.join(modulesDir, BROTLI_STATIC) : null);

/**
 * `name` on PATH or in the sbin folders (nginx lives in /usr/sbin, often off a user's PATH).
 * @param {string} name @param {NodeJS.ProcessEnv} env @param {string[]} sbin
 */
function onPath(name, env, sbin) {
  const folders = [...(env.PATH ?? '').split(path.delimiter).filter(Boolean), ...sbin];
  return folders.map((folder) => path.join(folder, name)).find((file) => existsSync(file)) ?? null;
}

/**
 * The newest Debian PostgreSQL installation (/usr/lib/postgresql/<major>/bin) holding `programs`, else their folder on PATH.
 * @param {string[]} programs @param {NodeJS.ProcessEnv} env @param {string} root @param {string[]} sbin
 */
function postgresBinFolder(programs, env, root, sbin) {
  const majors = existsSync(root)
    ? readdirSync(root)
        .filter((name) => /^\d+$/.test(name))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  const installed = majors.map((major) => path.join(root, major, 'bin')).find((bin) => programs.every((name) => existsSync(path.join(bin, name))));
  if (installed) return installed;
  const found = programs.map((name) => onPath(name, env, sbin));
  const files = found.filter((file) => file !== null);
  return files.length === found.length && new Set(files.map((file) => path.dirname(file))).size === 1 ? path.dirname(files[0]) : null;
}

/**
 * nginx and openssl alone: a deployment on the API's embedded database (the bench's) needs no PostgreSQL.
 * @param {NodeJS.ProcessEnv} [env]
 * @param {{ sbin?: string[], nginxModules?: string }} [places]
 * @returns {{ nginx: string, openssl: string, brotliStatic: string }}
 */
function findProxyPrograms(env = process.env, { sbin = ['/usr/sbin', '/sbin'], nginxModules = NGINX_MODULES } = {}) {
  const nginx = onPath('nginx', env, sbin);
  const openssl = onPath('openssl', env, sbin);
  const brotliStatic = brotliStaticIn(nginxModules);
  if (nginx && openssl && brotliStatic) return { nginx, openssl, brotliStatic };
  const missing = [
    ...(nginx ? [] : ['nginx (package nginx)']),
    ...(brotliStatic ? [] : [`nginx's brotli_static module (package ${BROTLI_STATIC_PACKAGE})`]),
    ...(openssl ? [] : ['openssl (package openssl)']),
  ];
  throw new Error(
    `A local deployment puts nginx with TLS in front of the site, and this machine lacks:\n  - ${missing.join('\n  - ')}\nInstall them with: apt-get install -y nginx ${BROTLI_STATIC_PACKAGE} openssl`,
  );
}

/**
 * @param {{ needServer: boolean }} options  needServer: false when the test uses a PostgreSQL server it is given
 * @param {NodeJS.ProcessEnv} [env]
 * @param {{ postgresRoot?: string, sbin?: string[], nginxModules?: string }} [places]  where Debian puts them
 * @returns {{ nginx: string, openssl: string, brotliStatic: string, postgresBin: string }}
 */
function findSystemPrograms({ needServer }, env = process.env, { postgresRoot = '/usr/lib/postgresql', sbin = ['/usr/sbin', '/sbin'], nginxModules = NGINX_MODULES } = {}) {
  const nginx = onPath('nginx', env, sbin);
  const openssl = onPath('openssl', env, sbin);
  const brotliStatic = brotliStaticIn(nginxModules);
  const programs = needServer ? [...POSTGRES_SERVER, ...POSTGRES_CLIENT] : POSTGRES_CLIENT;
  const postgresBin = postgresBinFolder(programs, env, postgresRoot, sbin);
  const missing = [];
  if (!nginx) missing.push('nginx (package nginx)');
  if (!brotliStatic) missing.push(`nginx's brotli_static module (package ${BROTLI_STATIC_PACKAGE})`);
  if (!openssl) missing.push('openssl (package openssl)');
  if (!postgresBin) missing.push(`PostgreSQL's ${programs.join(', ')} (package postgresql)`);
  if (!nginx || !brotliStatic || !openssl || !postgresBin) {
    throw new Error(
      `The deployment test follows docs/deploy.md with real programs, and this machine lacks:\n  - ${missing.join('\n  - ')}\n` +
        `Install them with: apt-get install -y nginx ${BROTLI_STATIC_PACKAGE} openssl postgresql   (.ci/run does this on a fresh machine)`,
    );
  }
  return { nginx, openssl, brotliStatic, postgresBin };
}

module.exports = { findProxyPrograms, findSystemPrograms };
