import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';

/**
 * Server configuration, read from the environment and checked with zod at start-up. A bad value
 * stops the process with one readable line per problem (see `formatConfigError`), never a stack.
 */
const durationPattern = /^(\d+)\s*(s|m|h|d)$/;

function durationToSeconds(text: string): number {
  const match = durationPattern.exec(text.trim());
  if (!match) return Number.NaN;
  const n = Number(match[1]);
  const unit = match[2];
  return n * (unit === 's' ? 1 : unit === 'm' ? 60 : unit === 'h' ? 3600 : 86_400);
}

const emptyToUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

const envSchema = z.object({
  PORT: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: 'PORT bir sayı olmalıdır' })
      .int('PORT bir tam sayı olmalıdır')
      .min(0)
      .max(65_535)
      .default(3000),
  ),
  HOST: z.preprocess(emptyToUndefined, z.string().min(1).default('0.0.0.0')),
  DATA_DIR: z.preprocess(emptyToUndefined, z.string().min(1).default('./data')),
  DATABASE_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(
        /^postgres(ql)?:\/\//,
        'DATABASE_URL postgres:// ile başlamalıdır (ör. postgres://user@host:5432/db)',
      )
      .optional(),
  ),
  JWT_SECRET: z.preprocess(
    emptyToUndefined,
    z.string().min(32, 'JWT_SECRET en az 32 karakter olmalıdır').optional(),
  ),
  JWT_TTL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .default('12h')
      .refine(
        (v) => Number.isFinite(durationToSeconds(v)) && durationToSeconds(v) > 0,
        'JWT_TTL örneğin 30m, 12h veya 7d olmalıdır',
      ),
  ),
  DEMO_PASSWORD: z.preprocess(
    emptyToUndefined,
    z.string().min(6, 'DEMO_PASSWORD en az 6 karakter olmalıdır').default('demo1234'),
  ),
  NODE_ENV: z.preprocess(
    emptyToUndefined,
    z.enum(['development', 'production', 'test']).default('development'),
  ),
  LOG_LEVEL: z.preprocess(
    emptyToUndefined,
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ),
  DIST_DIR: z.preprocess(emptyToUndefined, z.string().min(1).default('./dist')),
  TRUST_PROXY: z.preprocess(emptyToUndefined, z.string().optional()),
  AUTH_CACHE_MS: z.preprocess(
    emptyToUndefined,
    z.coerce.number({ error: 'AUTH_CACHE_MS bir sayı olmalıdır' }).int().min(0).max(60_000).default(2_000),
  ),
  DEMO_MODE: z.preprocess(emptyToUndefined, z.enum(['true', 'false']).optional()),
  LOGIN_RATE_LIMIT: z.preprocess(
    emptyToUndefined,
    z.coerce.number({ error: 'LOGIN_RATE_LIMIT bir sayı olmalıdır' }).int().min(1).max(100_000).default(20),
  ),
  SMTP_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(
        /^smtps?:\/\//,
        'SMTP_URL smtp:// veya smtps:// ile başlamalıdır (ör. smtp://user:pass@host:587)',
      )
      .optional(),
  ),
  SMTP_FROM: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .max(254, 'SMTP_FROM en fazla 254 karakter olmalıdır')
      .default('Sipariş Yönetim Sistemi <no-reply@localhost>'),
  ),
  BACKUP_DIR: z.preprocess(emptyToUndefined, z.string().min(1).optional()),
  BASE_DOMAIN: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(
        /^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+$/,
        'BASE_DOMAIN bir alan adı olmalıdır (ör. siparis.example.com)',
      )
      .default('localhost.localdomain'),
  ),
  AUDIT_RETENTION_DAYS: z.preprocess(
    emptyToUndefined,
    z.coerce.number({ error: 'AUDIT_RETENTION_DAYS bir sayı olmalıdır' }).int().min(1).max(3650).default(365),
  ),
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** HS256 key bytes. */
  jwtSecret: Uint8Array;
  jwtTtlSeconds: number;
  demoPassword: string;
  nodeEnv: 'development' | 'production' | 'test';
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  distDir: string;
  /** Per-IP limit of POST /auth/login per minute. */
  loginRateLimitPerMinute: number;
  /**
   * The spec's debug calls (/debug/…) and their buttons ALLOWED: by default unless
   * NODE_ENV=production; DEMO_MODE=true|false overrides. They are on only when, in addition, the
   * database was seeded with demo data (app.ts; otherwise 404 and hidden).
   */
  demoMode: boolean;
  /**
   * How long (ms) a tenant and a session + user stay in the read cache (lib/read-cache.ts);
   * 0 turns it off. With several API processes on PostgreSQL, the longest another process may
   * still accept a revoked token.
   */
  authCacheMs: number;
  /** Fastify trustProxy: false, true, or a comma list of proxy addresses/CIDRs (TRUST_PROXY). */
  trustProxy: boolean | string;
  /** GET /events: heartbeat comment interval (default 25 s; tests shorten it). */
  eventsHeartbeatMs?: number;
  /** GET /events: open streams per user per process; beyond it the oldest is closed (default 5). */
  eventsMaxStreamsPerUser?: number;
  /** GET /events: how often an open stream re-checks its session and role (default 30 s). */
  eventsRecheckMs?: number;
  /** Outgoing e-mail (nodemailer transport URL); undefined: e-mail is not configured. */
  smtpUrl: string | undefined;
  /** The From of every e-mail sent. */
  smtpFrom: string;
  /** The e-mail queue's first retry delay (ms; doubles per attempt). Default 30 s; tests shorten it. */
  emailRetryBaseMs?: number;
  /** Where tenant backups are written (default DATA_DIR/backups). */
  backupDir: string;
  /** The domain tenants' subdomains live under (`client1.<BASE_DOMAIN>`). */
  baseDomain: string;
  /** How many days audit log entries are kept before the scheduler prunes them. */
  auditRetentionDays: number;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Geçersiz yapılandırma:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/**
 * The JWT secret, when not given, is generated once and kept in DATA_DIR/jwt-secret (also when the
 * database is PostgreSQL): tokens survive restarts. Several API processes on PostgreSQL must share
 * it, so set JWT_SECRET there (docs/operations.md, "Several processes").
 */
function loadOrCreateSecret(dataDir: string): Uint8Array {
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) {
    const text = readFileSync(file, 'utf8').trim();
    if (text.length >= 32) return new TextEncoder().encode(text);
  }
  // Owner-only from the start (main.ts then tightens DATA_DIR as a whole, database.ts).
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  try {
    chmodSync(file, 0o600);
  } catch {
    /* best effort on file systems without modes */
  }
  return new TextEncoder().encode(secret);
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => `${issue.path.join('.') || 'env'}: ${issue.message}`),
    );
  }
  const e = parsed.data;
  const dataDir = resolve(e.DATA_DIR);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    jwtSecret: e.JWT_SECRET ? new TextEncoder().encode(e.JWT_SECRET) : loadOrCreateSecret(dataDir),
    jwtTtlSeconds: durationToSeconds(e.JWT_TTL),
    demoPassword: e.DEMO_PASSWORD,
    nodeEnv: e.NODE_ENV,
    logLevel: e.LOG_LEVEL,
    distDir: resolve(e.DIST_DIR),
    loginRateLimitPerMinute: e.LOGIN_RATE_LIMIT,
    smtpUrl: e.SMTP_URL,
    smtpFrom: e.SMTP_FROM,
    backupDir: resolve(e.BACKUP_DIR ?? join(dataDir, 'backups')),
    baseDomain: e.BASE_DOMAIN,
    auditRetentionDays: e.AUDIT_RETENTION_DAYS,
    authCacheMs: e.AUTH_CACHE_MS,
    demoMode: e.DEMO_MODE !== undefined ? e.DEMO_MODE === 'true' : e.NODE_ENV !== 'production',
    trustProxy:
      e.TRUST_PROXY === undefined || e.TRUST_PROXY === 'false'
        ? false
        : e.TRUST_PROXY === 'true'
          ? true
          : e.TRUST_PROXY,
  };
}

/** A config for tests and tools: no files touched, a random secret. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    port: 0,
    host: '127.0.0.1',
    dataDir: resolve('.test-data'),
    databaseUrl: undefined,
    jwtSecret: new Uint8Array(randomBytes(32)),
    jwtTtlSeconds: 12 * 3600,
    demoPassword: 'demo1234',
    nodeEnv: 'test',
    logLevel: 'silent',
    distDir: resolve('dist'),
    // Tests log in far more often than a person; the rate-limit test sets its own low limit.
    loginRateLimitPerMinute: 10_000,
    trustProxy: false,
    demoMode: true,
    // API tests change tenants and users with SQL, standing in for administration screens that
    // do not exist yet; tests/api/read-cache.test.ts runs with the cache on.
    authCacheMs: 0,
    smtpUrl: undefined,
    smtpFrom: 'Sipariş Yönetim Sistemi <no-reply@localhost>',
    backupDir: resolve('.test-data/backups'),
    baseDomain: 'localhost.localdomain',
    auditRetentionDays: 365,
    ...overrides,
  };
}
