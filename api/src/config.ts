import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { Secret } from './lib/secret';

const repoRoot = path.resolve(__dirname, '..', '..');

const loopbackOrigins = [3000, 3001, 3002, 3003, 3004, 3005].flatMap((port) => [`http://localhost:${port}`, `http://127.0.0.1:${port}`]);

/** The payment method types PayMongo's Checkout takes (`payment_method_types`). */
export const PAYMONGO_METHODS = ['gcash', 'paymaya', 'qrph', 'card', 'grab_pay', 'shopee_pay', 'billease', 'dob', 'brankas_bdo'] as const;
export type PaymongoMethod = (typeof PAYMONGO_METHODS)[number];

/** How diners pay: the proof upload alone, or PayMongo's checkout beside it. Keys are Secrets: they never print. */
export type PaymentSettings = { provider: 'proof' } | { provider: 'paymongo'; secretKey: Secret; webhookSecret: Secret; apiUrl: string; methods: PaymongoMethod[] };

const booleanText = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((value) => (value === undefined || value === '' ? undefined : value === 'true' || value === '1'));

/**
 * The secrets every API replica must hold alike: what one replica signs, another checks.
 * Without DATABASE_URL (PGlite, one process) each is generated once into its file in the
 * data folder; on a PostgreSQL server it must come from the environment, since a replica
 * with a secret of its own would refuse its neighbours' logins, captchas or manage links.
 */
export const replicaSecrets = {
  JWT_SECRET: { file: 'jwt-secret', signs: 'login tokens' },
  CAPTCHA_HMAC_SECRET: { file: 'captcha-secret', signs: 'captcha challenges' },
  MANAGE_LINK_SECRET: { file: 'manage-link-secret', signs: 'the manage and claim links in reservation messages' },
} as const;
type ReplicaSecretName = keyof typeof replicaSecrets;

/** Every setting the API reads, with its check and default (docs/configuration.md lists them; a test compares). */
export const envSchema = z
  .object({
    API_PORT: z.coerce.number().int().min(1).max(65535).default(4000),
    API_HOST: z.string().min(1).default('127.0.0.1'),
    DATA_DIR: z.string().min(1).default(path.join(repoRoot, '.data')),
    DATABASE_URL: z
      .string()
      .optional()
      .transform((value) => value || undefined)
      .refine((value) => value === undefined || /^postgres(ql)?:\/\//.test(value), 'must be a postgres:// URL'),
    CORS_ORIGINS: z
      .string()
      .optional()
      .transform((value) =>
        value
          ? value
              .split(',')
              .map((origin) => origin.trim())
              .filter(Boolean)
          : loopbackOrigins,
      ),
    JWT_SECRET: z
      .string()
      .min(32, 'must be at least 32 characters')
      .optional()
      .or(z.literal('').transform(() => undefined)),
    CAPTCHA_HMAC_SECRET: z
      .string()
      .min(32, 'must be at least 32 characters')
      .optional()
      .or(z.literal('').transform(() => undefined)),
    TOKEN_TTL_SECONDS: z.coerce
      .number()
      .int()
      .min(60)
      .default(60 * 60 * 8),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    MAILBOX_DIR: z.string().optional(),
    SMTP_URL: z
      .string()
      .optional()
      .transform((value) => value || undefined),
    MAIL_FROM: z.string().default('Samgyup Plaridel <no-reply@samgyupplaridel.ph>'),
    DOWN_PAYMENT_PESOS: z.coerce.number().int().min(0).default(100),
    RATE_LIMIT_ENABLED: booleanText.transform((value) => value ?? true),
    // Who may say, in X-Forwarded-For, which address a request came from: the load
    // balancer's addresses, comma-separated (or proxy-addr's names such as `loopback`).
    // Unset, the connection's own address counts (and behind a proxy every visitor shares it).
    TRUST_PROXY: z
      .string()
      .optional()
      .transform((value, context) => {
        const text = value?.trim();
        if (!text) return false;
        if (text === 'true') {
          context.addIssue({ code: 'custom', message: 'name the proxy addresses, never true: any client could then choose its address' });
          return z.NEVER;
        }
        return text;
      }),
    CAPTCHA_PROVIDER: z.enum(['altcha']).default('altcha'),
    // Hash rounds per attempt; about 256 attempts are needed, so 100 takes a phone about a second.
    CAPTCHA_COST: z.coerce.number().int().min(1).max(1_000_000).default(100),
    SEED_DEMO_DATA: booleanText.transform((value) => value ?? true),
    // A customer holds this many bookings without a proof of payment at once (how long each holds: the booking policy).
    PENDING_RESERVATIONS_PER_CUSTOMER: z.coerce.number().int().min(1).default(3),
    // Live-update streams (Server-Sent Events) one replica keeps open at once; past it pages poll instead.
    LIVE_STREAMS_MAX: z.coerce.number().int().min(1).max(100_000).default(500),
    // Of those, streams one address may hold (the restaurant's Wi-Fi puts every diner's phone behind one address).
    LIVE_STREAMS_PER_ADDRESS: z.coerce.number().int().min(1).max(100_000).default(100),
    // Browser reports (release health): batches one address may send a replica a minute
    // (a restaurant's Wi-Fi is one address), how often a replica writes its counts, and how long they are kept.
    BROWSER_REPORTS_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(600),
    BROWSER_REPORTS_FLUSH_MS: z.coerce.number().int().min(100).max(300_000).default(10_000),
    BROWSER_REPORTS_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
    // The release registry the site's servers follow (RELEASES_DIR of docs/releases.md), read for the staff's Releases screen.
    RELEASES_DIR: z.string().min(1).default(path.join(repoRoot, '.releases')),
    // Canaries (docs/releases.md): how long one must hold before it is promoted, how many page views of it
    // before it is judged at all, and how often it is looked at (once a minute by the job queue's schedule; less in tests).
    CANARY_SOAK_SECONDS: z.coerce
      .number()
      .int()
      .min(1)
      .max(7 * 86_400)
      .default(1800),
    CANARY_MIN_PAGE_VIEWS: z.coerce.number().int().min(1).max(1_000_000).default(100),
    CANARY_CHECK_SECONDS: z.coerce.number().int().min(1).max(60).default(60),
    // Pins the restaurant's wall clock (HH:MM) for the host stand's "tonight", so end-to-end
    // tests see the evening slots whatever the hour; refused unless NODE_ENV is test.
    TEST_RESTAURANT_TIME: z
      .string()
      .optional()
      .transform((value) => value || undefined)
      .refine((value) => value === undefined || /^([01]\d|2[0-3]):[0-5]\d$/.test(value), 'must be HH:MM (24 hours)'),
    NODE_ENV: z.string().optional(),
    // Text messages: the local outbox folder by default, or the Semaphore gateway.
    SMS_PROVIDER: z.enum(['outbox', 'semaphore']).default('outbox'),
    SMS_OUTBOX_DIR: z.string().optional(),
    SEMAPHORE_API_KEY: z
      .string()
      .optional()
      .transform((value) => value || undefined),
    SEMAPHORE_SENDER_NAME: z
      .string()
      .max(11)
      .optional()
      .transform((value) => value || undefined),
    SEMAPHORE_API_URL: z.url().default('https://api.semaphore.co/api/v4/messages'),
    // Signs the manage links in reservation messages; replicas must share it.
    MANAGE_LINK_SECRET: z
      .string()
      .min(32, 'must be at least 32 characters')
      .optional()
      .or(z.literal('').transform(() => undefined)),
    // Where the links in messages point: the site's public address.
    SITE_URL: z.url().default('http://127.0.0.1:3000'),
    // Off: no job workers in this process (it still queues jobs for processes that have them).
    JOB_WORKERS_ENABLED: booleanText.transform((value) => value ?? true),
    // How diners pay the down payment: `proof` (the restaurant's QR and an uploaded screenshot)
    // or `paymongo` (PayMongo's hosted checkout: GCash, Maya, QR Ph, card; the proof upload stays).
    PAYMENT_PROVIDER: z.enum(['proof', 'paymongo']).default('proof'),
    PAYMONGO_SECRET_KEY: z
      .string()
      .optional()
      .transform((value) => value || undefined)
      .refine((value) => value === undefined || /^sk_(test|live)_\S+$/.test(value), 'must be a PayMongo secret key (sk_test_… or sk_live_…)'),
    PAYMONGO_WEBHOOK_SECRET: z
      .string()
      .optional()
      .transform((value) => value || undefined),
    PAYMONGO_API_URL: z.url().default('https://api.paymongo.com'),
    PAYMONGO_PAYMENT_METHODS: z
      .string()
      .default('gcash,paymaya,qrph,card')
      .transform((value) =>
        value
          .split(',')
          .map((method) => method.trim())
          .filter(Boolean),
      )
      .pipe(z.array(z.enum(PAYMONGO_METHODS, `must list PayMongo payment method types, from: ${PAYMONGO_METHODS.join(', ')}`)).min(1, 'must name at least one payment method')),
  })
  .refine((value) => value.SMS_PROVIDER !== 'semaphore' || value.SEMAPHORE_API_KEY, {
    path: ['SEMAPHORE_API_KEY'],
    message: 'is required when SMS_PROVIDER=semaphore',
  })
  .refine((value) => value.PAYMENT_PROVIDER !== 'paymongo' || value.PAYMONGO_SECRET_KEY, {
    path: ['PAYMONGO_SECRET_KEY'],
    message: 'is required when PAYMENT_PROVIDER=paymongo',
  })
  .refine((value) => value.PAYMENT_PROVIDER !== 'paymongo' || value.PAYMONGO_WEBHOOK_SECRET, {
    path: ['PAYMONGO_WEBHOOK_SECRET'],
    message: 'is required when PAYMENT_PROVIDER=paymongo',
  })
  .refine((env) => env.TEST_RESTAURANT_TIME === undefined || env.NODE_ENV === 'test', {
    path: ['TEST_RESTAURANT_TIME'],
    message: 'is for tests only: set NODE_ENV=test too, never in production',
  });

export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  corsOrigins: string[];
  jwtSecret: string;
  tokenTtlSeconds: number;
  logLevel: string;
  mailboxDir: string;
  smtpUrl?: string;
  mailFrom: string;
  downPaymentPesos: number;
  rateLimitEnabled: boolean;
  /** Fastify's `trustProxy`: false, or the proxies' addresses. */
  trustProxy: false | string;
  captcha: { provider: 'altcha'; cost: number; hmacSecret: string };
  seedDemoData: boolean;
  pendingReservationsPerCustomer: number;
  liveStreamsMax: number;
  liveStreamsPerAddress: number;
  browserReportsPerMinute: number;
  browserReportsFlushMs: number;
  browserReportsRetentionDays: number;
  /** The release registry folder (registry.json and each release's release.json): read, and written to end canaries. */
  releasesDir: string;
  canarySoakSeconds: number;
  canaryMinPageViews: number;
  canaryCheckSeconds: number;
  /** The restaurant's wall clock pinned for tests (HH:MM), else the real one. */
  testRestaurantTime?: string;
  sms: { provider: 'outbox' | 'semaphore'; outboxDir: string; semaphore?: { apiKey: string; senderName?: string; url: string } };
  manageLinkSecret: string;
  siteUrl: string;
  jobWorkersEnabled: boolean;
  payments: PaymentSettings;
}

/** A replica secret from the environment, else (one process on PGlite) generated once into the data folder. */
function persistentSecret(dataDir: string, name: ReplicaSecretName, fromEnv?: string): string {
  if (fromEnv) return fromEnv;
  const file = path.join(dataDir, replicaSecrets[name].file);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

const missingReplicaSecret = (name: ReplicaSecretName) =>
  `is required with DATABASE_URL: it signs ${replicaSecrets[name].signs}, and every API replica on the server must accept what the others signed, ` +
  `so none may generate a secret of its own. Make one with \`openssl rand -hex 32\` and give every replica the same value (docs/configuration.md)`;

/** Reads and checks the environment once, failing with a list of everything wrong. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(env);
  const problems = parsed.success ? [] : parsed.error.issues.map((issue) => `  - ${issue.path.join('.')}: ${issue.message}`);
  // Read from the raw environment so that a missing secret is listed with every other problem.
  if (env.DATABASE_URL) {
    for (const name of Object.keys(replicaSecrets) as ReplicaSecretName[]) {
      if (!env[name]) problems.push(`  - ${name}: ${missingReplicaSecret(name)}`);
    }
  }
  if (!parsed.success || problems.length > 0) throw new Error(`The API configuration is not valid:\n${problems.join('\n')}`);
  const value = parsed.data;
  const dataDir = path.resolve(value.DATA_DIR);
  return {
    port: value.API_PORT,
    host: value.API_HOST,
    dataDir,
    databaseUrl: value.DATABASE_URL,
    corsOrigins: value.CORS_ORIGINS,
    jwtSecret: persistentSecret(dataDir, 'JWT_SECRET', value.JWT_SECRET),
    tokenTtlSeconds: value.TOKEN_TTL_SECONDS,
    logLevel: value.LOG_LEVEL,
    mailboxDir: path.resolve(value.MAILBOX_DIR ?? path.join(dataDir, 'mailbox')),
    smtpUrl: value.SMTP_URL,
    mailFrom: value.MAIL_FROM,
    downPaymentPesos: value.DOWN_PAYMENT_PESOS,
    rateLimitEnabled: value.RATE_LIMIT_ENABLED,
    trustProxy: value.TRUST_PROXY,
    captcha: {
      provider: value.CAPTCHA_PROVIDER,
      cost: value.CAPTCHA_COST,
      hmacSecret: persistentSecret(dataDir, 'CAPTCHA_HMAC_SECRET', value.CAPTCHA_HMAC_SECRET),
    },
    seedDemoData: value.SEED_DEMO_DATA,
    pendingReservationsPerCustomer: value.PENDING_RESERVATIONS_PER_CUSTOMER,
    liveStreamsMax: value.LIVE_STREAMS_MAX,
    liveStreamsPerAddress: value.LIVE_STREAMS_PER_ADDRESS,
    browserReportsPerMinute: value.BROWSER_REPORTS_PER_MINUTE,
    browserReportsFlushMs: value.BROWSER_REPORTS_FLUSH_MS,
    browserReportsRetentionDays: value.BROWSER_REPORTS_RETENTION_DAYS,
    releasesDir: path.resolve(value.RELEASES_DIR),
    canarySoakSeconds: value.CANARY_SOAK_SECONDS,
    canaryMinPageViews: value.CANARY_MIN_PAGE_VIEWS,
    canaryCheckSeconds: value.CANARY_CHECK_SECONDS,
    testRestaurantTime: value.TEST_RESTAURANT_TIME,
    sms: {
      provider: value.SMS_PROVIDER,
      outboxDir: path.resolve(value.SMS_OUTBOX_DIR ?? path.join(dataDir, 'sms-outbox')),
      semaphore: value.SEMAPHORE_API_KEY ? { apiKey: value.SEMAPHORE_API_KEY, senderName: value.SEMAPHORE_SENDER_NAME, url: value.SEMAPHORE_API_URL } : undefined,
    },
    manageLinkSecret: persistentSecret(dataDir, 'MANAGE_LINK_SECRET', value.MANAGE_LINK_SECRET),
    siteUrl: value.SITE_URL.replace(/\/+$/, ''),
    jobWorkersEnabled: value.JOB_WORKERS_ENABLED,
    payments:
      value.PAYMENT_PROVIDER === 'paymongo'
        ? {
            provider: 'paymongo',
            secretKey: new Secret(value.PAYMONGO_SECRET_KEY!),
            webhookSecret: new Secret(value.PAYMONGO_WEBHOOK_SECRET!),
            apiUrl: value.PAYMONGO_API_URL.replace(/\/+$/, ''),
            methods: value.PAYMONGO_PAYMENT_METHODS,
          }
        : { provider: 'proof' },
  };
}
