import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig } from './config';

const dirs: string[] = [];
const dataDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'samgyup-config-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

describe('the secrets replicas share', () => {
  it('takes the token and captcha secrets from the environment, the same on every replica whatever its data folder', () => {
    const env = { JWT_SECRET: 'j'.repeat(40), CAPTCHA_HMAC_SECRET: 'c'.repeat(40) };
    const a = loadConfig({ ...env, DATA_DIR: dataDir() });
    const b = loadConfig({ ...env, DATA_DIR: dataDir() });
    expect(a.jwtSecret).toBe(env.JWT_SECRET);
    expect(a.captcha.hmacSecret).toBe(env.CAPTCHA_HMAC_SECRET);
    expect(b.captcha.hmacSecret).toBe(a.captcha.hmacSecret);
  });

  it('checks the captcha secret with the rest of the configuration, listing every problem', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), CAPTCHA_HMAC_SECRET: 'short', JWT_SECRET: 'short' })).toThrow(
      /JWT_SECRET: must be at least 32 characters\n\s+- CAPTCHA_HMAC_SECRET: must be at least 32 characters/,
    );
  });

  it('generates and keeps one in the data folder when none is set (one replica)', () => {
    const dir = dataDir();
    expect(loadConfig({ DATA_DIR: dir }).captcha.hmacSecret).toBe(loadConfig({ DATA_DIR: dir }).captcha.hmacSecret);
  });
});

describe('the proxy in front of the replicas', () => {
  it('is trusted only when named, and never as a blanket true', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).trustProxy).toBe(false);
    expect(loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: 'loopback, 10.0.0.0/8' }).trustProxy).toBe('loopback, 10.0.0.0/8');
    expect(() => loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY: name the proxy addresses, never true/);
  });
});

describe("the host stand's test clock", () => {
  it('is taken only with NODE_ENV=test, never in production, and must be HH:MM', () => {
    expect(loadConfig({ DATA_DIR: dataDir(), NODE_ENV: 'test', TEST_RESTAURANT_TIME: '18:00' }).testRestaurantTime).toBe('18:00');
    expect(loadConfig({ DATA_DIR: dataDir(), NODE_ENV: 'test' }).testRestaurantTime).toBeUndefined();
    expect(() => loadConfig({ DATA_DIR: dataDir(), NODE_ENV: 'production', TEST_RESTAURANT_TIME: '18:00' })).toThrow(
      'TEST_RESTAURANT_TIME: is for tests only: set NODE_ENV=test too, never in production',
    );
    expect(() => loadConfig({ DATA_DIR: dataDir(), TEST_RESTAURANT_TIME: '18:00' })).toThrow('TEST_RESTAURANT_TIME');
    expect(() => loadConfig({ DATA_DIR: dataDir(), NODE_ENV: 'test', TEST_RESTAURANT_TIME: '6 PM' })).toThrow('TEST_RESTAURANT_TIME: must be HH:MM (24 hours)');
  });

  it('counts live streams per replica from LIVE_STREAMS_MAX (500 unless set)', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).liveStreamsMax).toBe(500);
    expect(loadConfig({ DATA_DIR: dataDir(), LIVE_STREAMS_MAX: '50' }).liveStreamsMax).toBe(50);
  });
});
