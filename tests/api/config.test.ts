import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/server/config';

describe('configuration from the environment', () => {
  it('has the documented defaults', () => {
    const dir = mkdtempSync(join(tmpdir(), 'siparis-config-'));
    try {
      const config = loadConfig({ DATA_DIR: dir });
      expect(config).toMatchObject({
        port: 3000,
        host: '0.0.0.0',
        databaseUrl: undefined,
        jwtTtlSeconds: 12 * 3600,
        demoPassword: 'demo1234',
        nodeEnv: 'development',
        logLevel: 'info',
        loginRateLimitPerMinute: 20,
      });
      expect(config.distDir.endsWith('dist')).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('generates the JWT secret once and keeps it in DATA_DIR', () => {
    const dir = mkdtempSync(join(tmpdir(), 'siparis-config-'));
    try {
      const a = loadConfig({ DATA_DIR: dir, DATABASE_URL: 'postgres://u@h/db' });
      const b = loadConfig({ DATA_DIR: dir });
      expect(Buffer.from(a.jwtSecret).toString()).toBe(Buffer.from(b.jwtSecret).toString());
      expect(a.jwtSecret.length).toBeGreaterThanOrEqual(32);
      const file = join(dir, 'jwt-secret');
      expect(readFileSync(file, 'utf8').trim()).toBe(Buffer.from(a.jwtSecret).toString());
      expect(statSync(file).mode & 0o777).toBe(0o600);
      const given = loadConfig({ DATA_DIR: dir, JWT_SECRET: 's'.repeat(40) });
      expect(Buffer.from(given.jwtSecret).toString()).toBe('s'.repeat(40));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('fails with one readable line per bad variable', () => {
    let error: unknown;
    try {
      loadConfig({
        PORT: 'abc',
        DATABASE_URL: 'mysql://x',
        JWT_SECRET: 'short',
        JWT_TTL: 'forever',
        NODE_ENV: 'staging',
      });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems;
    expect(problems.map((p) => p.split(':')[0])).toEqual([
      'PORT',
      'DATABASE_URL',
      'JWT_SECRET',
      'JWT_TTL',
      'NODE_ENV',
    ]);
    expect((error as Error).message).toContain('DATABASE_URL: DATABASE_URL postgres:// ile başlamalıdır');
    expect((error as Error).message).not.toMatch(/\bat\s/);
  });

  it('the server refuses to start on bad config, printing the problem and exiting 1', () => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      env: {
        ...process.env,
        PORT: 'seksen',
        DATA_DIR: join(tmpdir(), 'siparis-never-created'),
        DATABASE_URL: '',
      },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('Geçersiz yapılandırma');
    expect(result.stderr).toContain('PORT');
    expect(result.stderr).not.toMatch(/node_modules|\bat\s+\S+\s+\(/);
  });
});
