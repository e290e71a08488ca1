// The site servers' settings, read from the environment and checked once at
// start (a list of everything wrong, like the API's configuration).
const { existsSync, readFileSync } = require('node:fs');
const path = require('node:path');
const { z } = require('zod');

const port = z.coerce.number().int().min(1).max(65535);
const optionalText = z
  .string()
  .optional()
  .transform((value) => value || undefined);

// Every setting the site servers read but the remotes' ports (docs/configuration.md lists them; a test compares).
const envSchema = z.object({
  SITE_HOST: z.string().min(1).default('127.0.0.1'),
  SHELL_PORT: port.default(3000),
  API_PORT: port.default(4000),
  API_URL: z
    .url({ protocol: /^https?$/ })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  // The address diners reach the site at: canonical links, link previews and the sitemap name it.
  SITE_URL: z
    .url({ protocol: /^https?$/ })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  RELEASES_DIR: optionalText,
  CAPTCHA_PROVIDER: z.enum(['altcha']).default('altcha'),
  CAPTCHA_SITE_KEY: optionalText,
  // The share of page loads whose browsers report release health (0 to 1), chosen per page load.
  REPORTS_SAMPLE_RATE: z.coerce.number().min(0).max(1).default(1),
  NODE_ENV: z.string().default('production'),
});

/** The folder holding the project's root package.json (with "workspaces"), else the working folder. */
function projectRoot(start = process.cwd()) {
  for (let dir = path.resolve(start); ; dir = path.dirname(dir)) {
    const file = path.join(dir, 'package.json');
    if (existsSync(file) && JSON.parse(readFileSync(file, 'utf8')).workspaces) return dir;
    if (path.dirname(dir) === dir) return path.resolve(start);
  }
}

/** `mfe_menus` -> `MFE_MENUS_PORT`: the port a remote's server listens on. */
const remotePortVariable = (/** @type {string} */ remoteName) => `${remoteName.toUpperCase()}_PORT`;

/**
 * @param {NodeJS.ProcessEnv} [env]
 * @returns {{ host: string, shellPort: number, apiPort: number, shellOrigin: string, apiOrigin: string, siteUrl: string,
 *   releasesDir: string, captcha: { provider: string, siteKey?: string }, reportsSampleRate: number, environment: string,
 *   remotePort: (name: string, fallback: number) => number }}
 */
function loadSiteSettings(env = process.env) {
  const parsed = envSchema.safeParse(env);
  const problems = parsed.success ? [] : parsed.error.issues.map((issue) => `  - ${issue.path.join('.')}: ${issue.message}`);
  for (const [name, value] of Object.entries(env)) {
    if (/^MFE_[A-Z0-9_]+_PORT$/.test(name) && value && !port.safeParse(value).success) problems.push(`  - ${name}: must be a port number (1-65535)`);
  }
  if (!parsed.success || problems.length > 0) throw new Error(`The site servers' configuration is not valid:\n${problems.join('\n')}`);
  const settings = parsed.data;
  return {
    host: settings.SITE_HOST,
    shellPort: settings.SHELL_PORT,
    apiPort: settings.API_PORT,
    shellOrigin: `http://${settings.SITE_HOST}:${settings.SHELL_PORT}`,
    siteUrl: new URL(settings.SITE_URL ?? `http://${settings.SITE_HOST}:${settings.SHELL_PORT}`).origin,
    apiOrigin: (settings.API_URL ?? `http://${settings.SITE_HOST}:${settings.API_PORT}`).replace(/\/+$/, ''),
    releasesDir: path.resolve(settings.RELEASES_DIR ?? path.join(projectRoot(), '.releases')),
    captcha: { provider: settings.CAPTCHA_PROVIDER, ...(settings.CAPTCHA_SITE_KEY ? { siteKey: settings.CAPTCHA_SITE_KEY } : {}) },
    reportsSampleRate: settings.REPORTS_SAMPLE_RATE,
    environment: settings.NODE_ENV,
    remotePort: (name, fallback) => Number(env[remotePortVariable(name)]) || fallback,
  };
}

module.exports = { loadSiteSettings, projectRoot, remotePortVariable, siteSettingsSchema: envSchema };
