import type { AppConfig } from '../config';

/**
 * The route option that lets one address call a route 30 times a minute (login,
 * register, reset, the table-code routes); none when limits are off (load benchmarks).
 */
export function perAddressLimit(config: AppConfig) {
  return config.rateLimitEnabled ? { config: { rateLimit: { max: 30, timeWindow: '1 minute' } } } : {};
}
