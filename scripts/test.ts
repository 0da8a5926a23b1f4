/**
 * `npm test`: lint and format check (Biome), import boundaries (dependency-cruiser), dead code
 * (knip: unused files, exports and dependencies), type check,
 * then unit and component, API (PGlite; and PostgreSQL when TEST_DATABASE_URL or DATABASE_URL is set) and
 * browser tests. Prints one closing line "N passed, N failed". `npm test -- lint|typecheck|unit|
 * api|e2e` runs one part. The API suite's two databases run side by side (vitestSideBySide).
 */
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const root = process.cwd();
const reports = join(root, 'test-results');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

let passed = 0;
let failed = 0;
let ok = true;

function run(label: string, cmd: string, args: string[], env: NodeJS.ProcessEnv = {}) {
  console.log(`\n=== ${label} ===`);
  const result = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) ok = false;
  return result.status === 0;
}

/** A check that is one command: it counts as one passed or one failed test. */
function check(label: string, cmd: string, args: string[]) {
  if (run(label, cmd, args)) passed += 1;
  else failed += 1;
}

function vitestArgs(label: string, project: string) {
  const out = join(reports, `${label.replace(/\W+/g, '-')}.json`);
  return {
    out,
    args: [
      'vitest',
      'run',
      '--project',
      project,
      '--reporter=default',
      '--reporter=./tests/helpers/failure-reporter.ts',
      '--reporter=json',
      `--outputFile=${out}`,
    ],
  };
}

/** Adds a vitest run's counts (its JSON report) to the totals; a run with no report counts as failed. */
function countReport(out: string) {
  if (existsSync(out)) {
    const report = JSON.parse(readFileSync(out, 'utf8')) as {
      numPassedTests: number;
      numFailedTests: number;
    };
    passed += report.numPassedTests;
    failed += report.numFailedTests;
  } else {
    failed += 1;
  }
}

function vitest(label: string, project: string, env: NodeJS.ProcessEnv = {}) {
  const { out, args } = vitestArgs(label, project);
  run(label, 'npx', args, env);
  countReport(out);
}

/**
 * Several vitest runs AT THE SAME TIME, each with its own environment; their output is kept in a
 * file each and printed whole, one run after the other, once all have ended. For the API suite on
 * PGlite and on PostgreSQL: each runs its files one at a time (vitest's default on 2 cores is one
 * worker), so side by side they use the machine's two cores instead of one after the other.
 */
async function vitestSideBySide(runs: { label: string; project: string; env: NodeJS.ProcessEnv }[]) {
  const started = runs.map(({ label, project, env }) => {
    const { out, args } = vitestArgs(label, project);
    const log = join(reports, `${label.replace(/\W+/g, '-')}.log`);
    const fd = openSync(log, 'w');
    const child = spawn('npx', args, { stdio: ['ignore', fd, fd], env: { ...process.env, ...env } });
    const ended = new Promise<number | null>((resolve) => {
      child.on('exit', (code) => resolve(code));
      child.on('error', () => resolve(1));
    });
    return { label, out, log, fd, ended };
  });
  for (const one of started) {
    const code = await one.ended;
    closeSync(one.fd);
    console.log(`\n=== ${one.label} ===`);
    process.stdout.write(readFileSync(one.log, 'utf8'));
    if (code !== 0) ok = false;
    countReport(one.out);
  }
}

/**
 * Debian packages the tests drive: Chromium (browser tests), poppler-utils' pdftotext (the
 * delivery note's text is read back from the PDF) and PowerDNS Authoritative with its SQLite
 * backend and the sqlite3 shell (the DNS tests start their own PowerDNS, tests/helpers/powerdns.ts).
 * Installed with apt-get when missing and root.
 */
function ensureDebianPackages(wanted: { path: string; pkg: string }[]) {
  const missing = wanted.filter((w) => !existsSync(w.path));
  if (missing.length === 0) return;
  const names = missing.map((m) => m.pkg);
  if (process.getuid?.() === 0) {
    console.log(`Missing: ${names.join(', ')} — installing Debian's packages (apt-get)…`);
    spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    spawnSync('apt-get', ['install', '-y', '-qq', ...names], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    if (missing.every((m) => existsSync(m.path))) return;
  }
  console.error(
    `Not found: ${missing.map((m) => m.path).join(', ')}. Install with:\n  sudo apt-get update && sudo apt-get install -y ${names.join(' ')}`,
  );
  process.exit(1);
}

const CHROMIUM = { path: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', pkg: 'chromium' };
const PDFTOTEXT = { path: '/usr/bin/pdftotext', pkg: 'poppler-utils' };
const POWERDNS = [
  { path: '/usr/sbin/pdns_server', pkg: 'pdns-server' },
  { path: '/usr/share/pdns-backend-sqlite3/schema/schema.sqlite3.sql', pkg: 'pdns-backend-sqlite3' },
  { path: '/usr/bin/sqlite3', pkg: 'sqlite3' },
];

const only = process.argv[2];
if (!only || only === 'lint') {
  check('lint and format (biome ci)', 'npx', ['biome', 'ci']);
  check('import boundaries (dependency-cruiser)', 'npm', ['run', '--silent', 'lint:deps']);
  check('dead code (knip)', 'npm', ['run', '--silent', 'lint:dead']);
}
if (!only || only === 'typecheck') check('type check (tsc --noEmit)', 'npx', ['tsc', '--noEmit']);
if (!only || only === 'unit') {
  vitest('unit', 'unit');
  vitest('component', 'component');
}
if (!only || only === 'api') {
  ensureDebianPackages([PDFTOTEXT, ...POWERDNS]);
  const pg = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;
  if (pg) {
    await vitestSideBySide([
      { label: 'api (PGlite)', project: 'api', env: { TEST_DATABASE_URL: '' } },
      { label: 'api (PostgreSQL)', project: 'api', env: { TEST_DATABASE_URL: pg } },
    ]);
  } else {
    vitest('api (PGlite)', 'api', { TEST_DATABASE_URL: '' });
    console.log('\n(api on PostgreSQL skipped: set TEST_DATABASE_URL=postgres://… to run it too)');
  }
}
if (!only || only === 'e2e') {
  ensureDebianPackages([CHROMIUM, PDFTOTEXT]);
  vitest('e2e (Chromium)', 'e2e');
}

console.log(`\n${passed} passed, ${failed} failed`);
process.exit(ok && failed === 0 ? 0 : 1);
