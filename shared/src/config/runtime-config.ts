/**
 * Public settings read at run time from `/env.json`, served next to the shell.
 * Deploying to another host means editing that file, never rebuilding.
 * Nothing secret may ever be put there: every visitor can read it.
 */
export interface RuntimeConfig {
  apiBaseUrl: string;
  captcha: { provider: 'altcha' | 'none' | string; siteKey?: string };
  version: string;
  /** The share of page loads (0 to 1) whose browsers report release health (the shell's reporter). */
  reportsSampleRate?: number;
  environment: string;
}

const defaults: RuntimeConfig = {
  apiBaseUrl: '',
  captcha: { provider: 'altcha' },
  version: 'dev',
  environment: 'development',
};

let current: RuntimeConfig | null = null;
let pending: Promise<RuntimeConfig> | null = null;

export function setRuntimeConfig(config: Partial<RuntimeConfig>): RuntimeConfig {
  current = { ...defaults, ...config, captcha: { ...defaults.captcha, ...config.captcha } };
  return current;
}

/** Loads `/env.json` once; later calls share the same answer. */
export function loadRuntimeConfig(url = '/env.json'): Promise<RuntimeConfig> {
  if (current) return Promise.resolve(current);
  if (!pending) {
    pending = fetch(url, { cache: 'no-cache' })
      .then((response) => (response.ok ? response.json() : {}))
      .catch(() => ({}))
      .then((json: Partial<RuntimeConfig>) => current ?? setRuntimeConfig(json));
  }
  return pending;
}

export function getRuntimeConfig(): RuntimeConfig {
  return current ?? defaults;
}

export function resetRuntimeConfigForTests(): void {
  current = null;
  pending = null;
}
