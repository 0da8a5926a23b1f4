/**
 * `npm test`: lint and format check (Biome), import boundaries (dependency-cruiser), dead code
 * (knip: unused files, exports and dependencies), type check,
 * then unit and component, API (PGlite; and PostgreSQL when TEST_DATABASE_URL or DATABASE_URL is set) and
 * browser tests. Prints one closing line "N passed, N failed". `npm test -- lint|typecheck|unit|
 * api|e2e` runs one part; `npm test -- quick` the first three (no database, no browser). The API
 * suite's two databases run side by side (runSideBySide).
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

/** One command of the suite: a check (one passed or failed test) or a vitest run (its report's counts). */
interface Step {
  label: string;
  cmd: string;
  args: string[];
  env?: NodeJS.ProcessEnv;
  /** A vitest run's JSON report; none for a check. */
  report?: string;
}

function checkStep(label: string, cmd: string, args: string[]): Step {
  return { label, cmd, args };
}

function vitestStep(label: string, project: string, env: NodeJS.ProcessEnv = {}): Step {
  const out = join(reports, `${slug(label)}.json`);
  return {
    label,
    cmd: 'npx',
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
    env,
    report: out,
  };
}

function slug(label: string): string {
  return label.replace(/\W+/g, '-');
}

/** Adds a step's outcome to the totals; a vitest run with no report counts as one failure. */
function settle(step: Step, code: number | null) {
  if (code !== 0) ok = false;
  if (!step.report) {
    if (code === 0) passed += 1;
    else failed += 1;
  } else if (existsSync(step.report)) {
    const report = JSON.parse(readFileSync(step.report, 'utf8')) as {
      numPassedTests: number;
      numFailedTests: number;
    };
    passed += report.numPassedTests;
    failed += report.numFailedTests;
  } else {
    failed += 1;
  }
}

/** Steps one after the other, their output straight to the terminal. */
function runSteps(steps: Step[]) {
  for (const step of steps) {
    console.log(`\n=== ${step.label} ===`);
    const result = spawnSync(step.cmd, step.args, { stdio: 'inherit', env: { ...process.env, ...step.env } });
    settle(step, result.status);
  }
}

/**
 * Steps AT THE SAME TIME; each one's output is kept in a file and printed whole, in order, once
 * all have ended. For the API suite on PGlite and on PostgreSQL: each runs its files one at a time
 * (vitest's default on 2 cores is one worker), so side by side they use the machine's two cores.
 */
async function runSideBySide(steps: Step[]) {
  const ended = await Promise.all(
    steps.map(async (step) => {
      const log = join(reports, `${slug(step.label)}.log`);
      const fd = openSync(log, 'w');
      const child = spawn(step.cmd, step.args, {
        stdio: ['ignore', fd, fd],
        env: { ...process.env, ...step.env },
      });
      const code = await new Promise<number | null>((resolve) => {
        child.on('exit', (c) => resolve(c));
        child.on('error', () => resolve(1));
      });
      closeSync(fd);
      return { step, log, code };
    }),
  );
  for (const { step, log, code } of ended) {
    console.log(`\n=== ${step.label} ===`);
    process.stdout.write(readFileSync(log, 'utf8'));
    settle(step, code);
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
const lint = [
  checkStep('lint and format (biome ci)', 'npx', ['biome', 'ci']),
  checkStep('import boundaries (dependency-cruiser)', 'npm', ['run', '--silent', 'lint:deps']),
  checkStep('dead code (knip)', 'npm', ['run', '--silent', 'lint:dead']),
];
const typecheck = [checkStep('type check (tsc --noEmit)', 'npx', ['tsc', '--noEmit'])];
const unit = [vitestStep('unit', 'unit'), vitestStep('component', 'component')];
// One after the other: run beside the linters and the type check, unit and component took 4 min 8 s
// in all, against ~4 min one after the other (measured on 2 cores).
if (!only || only === 'quick') runSteps([...lint, ...typecheck, ...unit]);
if (only === 'lint') runSteps(lint);
if (only === 'typecheck') runSteps(typecheck);
if (only === 'unit') runSteps(unit);
if (!only || only === 'api') {
  ensureDebianPackages([PDFTOTEXT, ...POWERDNS]);
  const pg = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;
  if (pg) {
    await runSideBySide([
      vitestStep('api (PGlite)', 'api', { TEST_DATABASE_URL: '' }),
      vitestStep('api (PostgreSQL)', 'api', { TEST_DATABASE_URL: pg }),
    ]);
  } else {
    runSteps([vitestStep('api (PGlite)', 'api', { TEST_DATABASE_URL: '' })]);
    console.log('\n(api on PostgreSQL skipped: set TEST_DATABASE_URL=postgres://… to run it too)');
  }
}
if (!only || only === 'e2e') {
  ensureDebianPackages([CHROMIUM, PDFTOTEXT]);
  runSteps([vitestStep('e2e (Chromium)', 'e2e')]);
}

console.log(`\n${passed} passed, ${failed} failed`);
process.exit(ok && failed === 0 ? 0 : 1);
