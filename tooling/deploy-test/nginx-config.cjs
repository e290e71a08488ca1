// nginx as the deployment guide runs it: its site file
// (docs/deploy/samgyup-nginx.conf) filled in the way envsubst fills it, inside
// a main file that keeps everything nginx writes (pid, logs, temporary files)
// in a folder of the test's own, in one foreground process.
const { readFileSync } = require('node:fs');
const path = require('node:path');
const { repoRoot } = require('@samgyup/dev-site');

const SITE_TEMPLATE = path.join(repoRoot, 'docs', 'deploy', 'samgyup-nginx.conf');
const PLACE = /\$\{(SAMGYUP_[A-Z0-9_]+)\}/g;

/** The names the template asks for, in order of first use. @param {string} template */
const placesIn = (template) => [...new Set([...template.matchAll(PLACE)].map((match) => match[1]))];

/**
 * `template` with every ${SAMGYUP_...} replaced; throws naming the values it lacks.
 * @param {string} template @param {Record<string, string | undefined>} values
 */
function fillTemplate(template, values) {
  const missing = placesIn(template).filter((name) => typeof values[name] !== 'string' || values[name] === '');
  if (missing.length > 0) throw new Error(`The nginx template needs values for: ${missing.join(', ')}`);
  return template.replace(PLACE, (/** @type {string} */ _match, /** @type {string} */ name) => values[name] ?? '');
}

/**
 * The main configuration: one process in the foreground, everything it writes under `prefix`;
 * `modules` are the dynamic modules the site file uses (Debian's nginx.conf loads them from modules-enabled/).
 * @param {{ prefix: string, siteFile: string, modules?: string[], mimeTypes?: string }} options
 */
function mainConfig({ prefix, siteFile, modules = [], mimeTypes = '/etc/nginx/mime.types' }) {
  const inPrefix = (/** @type {string} */ name) => path.join(prefix, name);
  return `${modules.map((file) => `load_module ${file};\n`).join('')}daemon off;
master_process off;
pid ${inPrefix('nginx.pid')};
error_log ${inPrefix('error.log')} warn;
events { worker_connections 512; }
http {
    include ${mimeTypes};
    default_type application/octet-stream;
    access_log ${inPrefix('access.log')};
    client_body_temp_path ${inPrefix('client-body')};
    proxy_temp_path ${inPrefix('proxy')};
    fastcgi_temp_path ${inPrefix('fastcgi')};
    uwsgi_temp_path ${inPrefix('uwsgi')};
    scgi_temp_path ${inPrefix('scgi')};
    include ${siteFile};
}
`;
}

const readSiteTemplate = () => readFileSync(SITE_TEMPLATE, 'utf8');

module.exports = { SITE_TEMPLATE, fillTemplate, mainConfig, placesIn, readSiteTemplate };
