import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { parseHostList } from '../shared/domain/tenant-host';

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
  PGLITE_SHARED_BUFFERS: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^\d+(kB|MB|GB)$/, 'PGLITE_SHARED_BUFFERS örneğin 32MB veya 256MB olmalıdır')
      .optional(),
  ),
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
  /** The product's own hosts (the client build reads it too): they mean the default tenant. */
  VITE_HOSTED_DOMAINS: z.preprocess(emptyToUndefined, z.string().max(2000).optional()),
  DNS_PROVIDER: z.preprocess(
    emptyToUndefined,
    z.enum(['powerdns', 'none'], { error: 'DNS_PROVIDER powerdns veya none olmalıdır' }).default('none'),
  ),
  DNS_API_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(
        /^https?:\/\/[^\s]+$/,
        'DNS_API_URL http:// veya https:// ile başlamalıdır (ör. http://127.0.0.1:8081)',
      )
      .optional(),
  ),
  DNS_API_KEY: z.preprocess(emptyToUndefined, z.string().max(500).optional()),
  DNS_ZONE: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(
        /^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+\.?$/i,
        'DNS_ZONE bir alan adı olmalıdır (ör. siparis.example.com)',
      )
      .optional(),
  ),
  DNS_TARGET: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .refine(
        (v) =>
          isIP(v) !== 0 || /^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+\.?$/i.test(v),
        'DNS_TARGET bir IP adresi veya alan adı olmalıdır (ör. 203.0.113.10 veya lb.example.com)',
      )
      .optional(),
  ),
  DNS_RESOLVER: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .refine(
        (v) => parseResolver(v) !== null,
        'DNS_RESOLVER bir IP adresi ve isteğe bağlı port olmalıdır (ör. 127.0.0.1:53 veya [::1]:53)',
      )
      .optional(),
  ),
});

/** `host:port` (IPv6 in brackets), port optional (53): what Resolver.setServers accepts, or null. */
export function parseResolver(text: string): { host: string; port: number; server: string } | null {
  const match = /^(?:\[([0-9a-f:.]+)\]|([0-9.]+))(?::(\d{1,5}))?$/i.exec(text.trim());
  if (!match) return null;
  const host = (match[1] ?? match[2]) as string;
  const port = match[3] === undefined ? 53 : Number(match[3]);
  if (isIP(host) === 0 || port < 1 || port > 65_535) return null;
  return { host, port, server: isIP(host) === 6 ? `[${host}]:${port}` : `${host}:${port}` };
}

/** Where tenant host records are written (DNS_PROVIDER); 'none': the DNS calls say it is not configured. */
export type DnsConfig =
  | { provider: 'none' }
  | {
      provider: 'powerdns';
      /** PowerDNS Authoritative's web server, e.g. http://127.0.0.1:8081 (the API is under /api/v1). */
      apiUrl: string;
      apiKey: string;
      /** The zone tenant hosts are written in (DNS_ZONE, default BASE_DOMAIN), without trailing dot. */
      zone: string;
      /** What each tenant host points at: an address (A/AAAA record) or a name (CNAME). */
      target: string;
      /** The resolver asked for a tenant's status, `ip:port`. */
      resolver: string;
    };

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** PGlite's page cache (shared_buffers) when set; the default is database.ts's. */
  pgliteSharedBuffers?: string;
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
  /** The product's own hosts besides BASE_DOMAIN (VITE_HOSTED_DOMAINS): the default tenant's. */
  hostedDomains: string[];
  /** The DNS provider of tenant host records (dns/dns.config.ts). */
  dns: DnsConfig;
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

/** DNS_PROVIDER=powerdns needs its API, key, target and resolver; each missing one is named. */
function dnsConfigFrom(e: z.infer<typeof envSchema>): DnsConfig {
  if (e.DNS_PROVIDER === 'none') return { provider: 'none' };
  const problems: string[] = [];
  const need = (name: string, value: string | undefined) => {
    if (value === undefined) problems.push(`${name}: DNS_PROVIDER=powerdns için ${name} gereklidir`);
    return value ?? '';
  };
  const apiUrl = need('DNS_API_URL', e.DNS_API_URL);
  const apiKey = need('DNS_API_KEY', e.DNS_API_KEY);
  const target = need('DNS_TARGET', e.DNS_TARGET);
  const resolver = need('DNS_RESOLVER', e.DNS_RESOLVER);
  if (problems.length > 0) throw new ConfigError(problems);
  return {
    provider: 'powerdns',
    apiUrl: apiUrl.replace(/\/+$/, ''),
    apiKey,
    zone: (e.DNS_ZONE ?? e.BASE_DOMAIN).toLowerCase().replace(/\.$/, ''),
    target: target.toLowerCase().replace(/\.$/, ''),
    resolver: parseResolver(resolver)?.server ?? resolver,
  };
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
  const dns = dnsConfigFrom(e);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    pgliteSharedBuffers: e.PGLITE_SHARED_BUFFERS,
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
    hostedDomains: parseHostList(e.VITE_HOSTED_DOMAINS),
    dns,
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
    hostedDomains: [],
    dns: { provider: 'none' },
    ...overrides,
  };
}
