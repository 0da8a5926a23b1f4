/**
 * A customer's account on the device, in Chromium (not a test: it prints figures and asserts
 * nothing). The device keeps each account as the sync feed brings it (the balance and what is
 * still open of each debit with its due day) and ages it on its own day with the shared rule
 * (src/shared/domain/account.ts `ageingOfItems`), offline. Measured in a page, on IndexedDB
 * through Dexie (the UMD build from node_modules), with the rule bundled by esbuild from the
 * source the app uses:
 *   1. one account of a customer with 10,000 movements, the worst case for ageing: 10,000 invoices
 *      still open (nothing paid) — read by id and aged, REPS times (median, p95, max);
 *   2. ageing over 5,000 customers (10 open items each), two ways: every account read and aged,
 *      the buckets summed; and as the app does it, from the accounts' tally in the app's own local
 *      store (src/client/local/payments.ts `receivablesOf`, bundled with esbuild), plus the 10
 *      largest debtors by the balance index — REPS times each.
 *
 *   node --import tsx tests/bench/account-device-bench.ts
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { build } from 'esbuild';
import { launchBrowser, newContext } from '../helpers/browser';

const REPS = Number(process.env.REPS ?? 15);

async function main() {
  const rule = await build({
    stdin: {
      contents: [
        "export { ageingOfItems } from './src/shared/domain/account';",
        "export { LocalDb } from './src/client/local/database';",
        "export { putServerRows } from './src/client/local/outbox';",
        "export { largestDebtors, receivablesOf } from './src/client/local/payments';",
      ].join('\n'),
      resolveDir: resolve('.'),
      loader: 'ts',
    },
    bundle: true,
    format: 'iife',
    globalName: '__account',
    write: false,
  });
  // IndexedDB needs an origin: an empty page served from here.
  const origin = createServer((_req, res) => res.end('<!doctype html><title>bench</title>'));
  await new Promise<void>((done) => origin.listen(0, '127.0.0.1', done));
  const browser = await launchBrowser();
  try {
    const context = await newContext(browser, undefined, { worker: true });
    const page = await context.newPage();
    await page.goto(`http://127.0.0.1:${(origin.address() as AddressInfo).port}/`);
    await page.evaluate(
      `${readFileSync(resolve('node_modules/dexie/dist/dexie.js'), 'utf8')}\n;window.__BenchDexie = Dexie;`,
    );
    await page.evaluate(rule.outputFiles[0]?.text ?? '');
    // tsx names the functions it compiles with a helper the page lacks.
    await page.evaluate('window.__name = (f) => f');
    const figures = await page.evaluate(async (reps) => {
      type Item = { id: string; due_day: string; open_kurus: number };
      type Account = { id: string; balance_kurus: number; open_items: Item[]; unapplied_kurus: number };
      interface Db {
        version(n: number): { stores(s: Record<string, string>): void };
        open(): Promise<unknown>;
        table(name: string): {
          bulkPut(rows: Account[]): Promise<unknown>;
          get(id: string): Promise<Account | undefined>;
          toArray(): Promise<Account[]>;
        };
      }
      const w = window as unknown as {
        __BenchDexie: new (name: string) => Db;
        __account: {
          ageingOfItems(items: Item[], unapplied: number, today: string): Record<string, number>;
        };
      };
      const db = new w.__BenchDexie('bench-accounts');
      db.version(1).stores({ accounts: 'id, balance_kurus' });
      await db.open();
      const accounts = db.table('accounts');
      const day = (n: number) => new Date(Date.UTC(2026, 0, 1) + n * 86_400_000).toISOString().slice(0, 10);
      const itemsOf = (prefix: string, count: number) =>
        Array.from({ length: count }, (_, i) => ({
          id: `${prefix}-${i}`,
          due_day: day(i % 330),
          open_kurus: 1000 + (i % 97) * 13,
        }));
      const big: Account = {
        id: 'big',
        balance_kurus: 0,
        open_items: itemsOf('big', 10_000),
        unapplied_kurus: 0,
      };
      big.balance_kurus = big.open_items.reduce((s, i) => s + i.open_kurus, 0);
      await accounts.bulkPut([big]);
      const many: Account[] = Array.from({ length: 5000 }, (_, c) => {
        const open_items = itemsOf(`c${c}`, 10);
        return {
          id: `c${c}`,
          balance_kurus: open_items.reduce((s, i) => s + i.open_kurus, 0),
          open_items,
          unapplied_kurus: 0,
        };
      });
      await accounts.bulkPut(many);
      const today = '2026-11-30';
      const one: number[] = [];
      const all: number[] = [];
      const reads: number[] = [];
      for (let r = 0; r < reps; r++) {
        let t = performance.now();
        const a = (await accounts.get('big')) as Account;
        w.__account.ageingOfItems(a.open_items, a.unapplied_kurus, today);
        one.push(performance.now() - t);
        t = performance.now();
        const sums: Record<string, number> = {};
        const rows = await accounts.toArray();
        reads.push(performance.now() - t);
        for (const account of rows) {
          if (account.id === 'big') continue;
          const ageing = w.__account.ageingOfItems(account.open_items, account.unapplied_kurus, today);
          for (const [k, v] of Object.entries(ageing)) sums[k] = (sums[k] ?? 0) + v;
        }
        all.push(performance.now() - t);
      }
      const stats = (xs: number[]) => {
        const s = [...xs].sort((a, b) => a - b);
        const at = (q: number) => s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? 0;
        return { median: at(0.5), p95: at(0.95), max: s.at(-1) ?? 0 };
      };
      // As the app does it: the accounts in the app's local store (its tally kept as they are
      // written), the receivables read from the tally, the largest debtors from the balance index.
      const app = w.__account as unknown as {
        LocalDb: new (s: {
          tenant: string;
          userId: string;
        }) => {
          open(): Promise<unknown>;
          accounts: unknown;
          outbox: unknown;
          base: unknown;
          transaction(mode: string, tables: unknown[], fn: () => Promise<unknown>): Promise<unknown>;
        };
        putServerRows(db: unknown, collection: string, rows: unknown[], removals: string[]): Promise<void>;
        receivablesOf(db: unknown, today: string): Promise<{ balance_kurus: number }>;
        largestDebtors(db: unknown, limit: number): Promise<unknown[]>;
      };
      const local = new app.LocalDb({ tenant: 'bench', userId: 'u1' });
      await local.open();
      const wire = many.map((a) => ({
        ...a,
        due_days: 0,
        credit_limit_kurus: null,
        portfolio_kurus: 0,
        recent_payment_ids: [],
        movement_count: 10,
        last_movement_at: null,
        terms_version: 0,
        updated_at: '2026-01-01T00:00:00.000Z',
      }));
      let t = performance.now();
      for (let i = 0; i < wire.length; i += 500)
        await local.transaction('rw', [local.accounts, local.outbox, local.base], () =>
          app.putServerRows(local, 'accounts', wire.slice(i, i + 500), []),
        );
      const stored = performance.now() - t;
      const tally: number[] = [];
      for (let r = 0; r < reps; r++) {
        t = performance.now();
        await app.receivablesOf(local, today);
        await app.largestDebtors(local, 10);
        tally.push(performance.now() - t);
      }
      return { one: stats(one), all: stats(all), reads: stats(reads), tally: stats(tally), stored };
    }, REPS);
    const ms = (x: number) => `${x.toFixed(1)} ms`;
    console.log(
      `one account, 10,000 open items: read + ageing median ${ms(figures.one.median)}, p95 ${ms(figures.one.p95)}, max ${ms(figures.one.max)} (target ≤ 300 ms)`,
    );
    console.log(
      `5,000 accounts × 10 open items: read all + age + sum median ${ms(figures.all.median)}, p95 ${ms(figures.all.p95)}, max ${ms(figures.all.max)} (target ≤ 300 ms); of which the IndexedDB read median ${ms(figures.reads.median)}`,
    );
    console.log(
      `5,000 accounts in the app's store (receivables from the tally + 10 largest debtors): median ${ms(figures.tally.median)}, p95 ${ms(figures.tally.p95)}, max ${ms(figures.tally.max)} (target ≤ 300 ms); storing them in pages of 500 took ${ms(figures.stored)}`,
    );
    await context.close();
  } finally {
    await browser.close();
    origin.close();
  }
}

void main();
