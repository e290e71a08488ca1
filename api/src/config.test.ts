import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig } from './config';
import { startApiReplica } from './test/api-replica';

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

  it('generates and keeps each in the data folder when none is set on the embedded database (one process)', () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir });
    const again = loadConfig({ DATA_DIR: dir });
    expect([again.jwtSecret, again.captcha.hmacSecret, again.manageLinkSecret]).toEqual([first.jwtSecret, first.captcha.hmacSecret, first.manageLinkSecret]);
    expect(readdirSync(dir).sort()).toEqual(['captcha-secret', 'jwt-secret', 'manage-link-secret']);
  });

  it('refuses to start on a PostgreSQL server without them, saying why and how to make one, and generates none', () => {
    const dir = dataDir();
    const problem = (() => {
      try {
        loadConfig({ DATA_DIR: dir, DATABASE_URL: 'postgres://samgyup@127.0.0.1:5432/samgyup', JWT_SECRET: 'j'.repeat(40) });
      } catch (error) {
        return (error as Error).message;
      }
    })();
    expect(problem).toContain('The API configuration is not valid:');
    expect(problem).toContain(
      '  - CAPTCHA_HMAC_SECRET: is required with DATABASE_URL: it signs captcha challenges, and every API replica on the server must accept what the others signed, ' +
        'so none may generate a secret of its own. Make one with `openssl rand -hex 32` and give every replica the same value (docs/configuration.md)',
    );
    expect(problem).toContain('  - MANAGE_LINK_SECRET: is required with DATABASE_URL: it signs the manage and claim links in reservation messages');
    expect(problem).not.toContain('JWT_SECRET');
    expect(readdirSync(dir)).toEqual([]);
  });

  it('lists a missing secret with every other problem of the configuration', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), DATABASE_URL: 'postgres://127.0.0.1/samgyup', API_PORT: 'none' })).toThrow(
      /API_PORT: .+\n\s+- JWT_SECRET: is required with DATABASE_URL.+\n\s+- CAPTCHA_HMAC_SECRET: .+\n\s+- MANAGE_LINK_SECRET: /,
    );
  });

  it('stops the server at start with that message, before it touches the database', async () => {
    const dir = dataDir();
    const replica = await startApiReplica({ DATABASE_URL: 'postgres://127.0.0.1:1/samgyup', DATA_DIR: dir, JWT_SECRET: '', CAPTCHA_HMAC_SECRET: '', MANAGE_LINK_SECRET: '' });
    await expect(replica.ready(30_000)).rejects.toThrow(/exited \(1\)[\s\S]*- JWT_SECRET: is required with DATABASE_URL: it signs login tokens/);
    expect(readdirSync(dir)).toEqual([]);
  }, 40_000);

  it('starts on a PostgreSQL server with all three from the environment', () => {
    const secrets = { JWT_SECRET: 'j'.repeat(40), CAPTCHA_HMAC_SECRET: 'c'.repeat(40), MANAGE_LINK_SECRET: 'm'.repeat(40) };
    const config = loadConfig({ ...secrets, DATA_DIR: dataDir(), DATABASE_URL: 'postgres://127.0.0.1/samgyup' });
    expect([config.jwtSecret, config.captcha.hmacSecret, config.manageLinkSecret]).toEqual(Object.values(secrets));
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
