/**
 * /collections' receivables on the device (not a test: it prints figures and asserts nothing):
 * the ageing of every account and the 10 largest debtors (src/client/collections/figures.ts
 * receivablesOf) over 5,000 accounts with ~10 open items each — what an admin's or a manager's
 * device mirrors for a large tenant — and the week's collections over 20,000 payments. The target:
 * ageing 5,000 customers on the device within 300 ms. Median and worst of RUNS runs after a warm-up.
 *
 *   node --import tsx tests/bench/collections-figures-bench.ts     (ACCOUNTS=5000 ITEMS=10 RUNS=20)
 */
import { performance } from 'node:perf_hooks';
import { collectionsOf, receivablesOf, weekOf } from '../../src/client/collections/figures';
import type { Payment, SyncedAccount } from '../../src/shared/api/accounts';
import { addDays, PAYMENT_METHODS } from '../../src/shared/domain/account';

const ACCOUNTS = Number(process.env.ACCOUNTS ?? 5000);
const ITEMS = Number(process.env.ITEMS ?? 10);
const RUNS = Number(process.env.RUNS ?? 20);
const PAYMENTS = Number(process.env.PAYMENTS ?? 20_000);
const TODAY = '2026-03-11';

/** A deterministic spread: due days from 200 days ago to 60 days ahead, amounts up to 5,000 TL. */
function accounts(): SyncedAccount[] {
  let seed = 42;
  const next = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  return Array.from({ length: ACCOUNTS }, (_, a) => {
    const count = Math.max(1, Math.round(ITEMS * (0.5 + next())));
    const open_items = Array.from({ length: count }, (_, i) => ({
      id: `${a}-${i}`,
      due_day: addDays(TODAY, Math.round(next() * 260) - 200),
      open_kurus: Math.round(next() * 500_000) + 1,
    }));
    const unapplied = next() < 0.05 ? Math.round(next() * 100_000) : 0;
    return {
      id: `customer-${a}`,
      balance_kurus: open_items.reduce((s, i) => s + i.open_kurus, 0) - unapplied,
      due_days: 30,
      credit_limit_kurus: null,
      open_items,
      unapplied_kurus: unapplied,
      portfolio_kurus: 0,
      recent_payment_ids: [],
      movement_count: count,
      last_movement_at: null,
      terms_version: 0,
      updated_at: '2026-03-01T00:00:00.000Z',
    };
  });
}

function payments(): Pick<
  Payment,
  'method' | 'amount_kurus' | 'taken_by' | 'taken_by_name' | 'day' | 'reversed_at'
>[] {
  return Array.from({ length: PAYMENTS }, (_, i) => ({
    method: PAYMENT_METHODS[i % PAYMENT_METHODS.length] as Payment['method'],
    amount_kurus: 1_000 + (i % 977) * 100,
    taken_by: `user-${i % 25}`,
    taken_by_name: `Kişi ${i % 25}`,
    day: addDays(TODAY, -(i % 60)),
    reversed_at: i % 50 === 0 ? '2026-03-01T00:00:00.000Z' : null,
  }));
}

function time(label: string, fn: () => unknown): void {
  fn(); // warm-up
  const ms: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    fn();
    ms.push(performance.now() - start);
  }
  ms.sort((a, b) => a - b);
  const median = ms[Math.floor(ms.length / 2)] as number;
  const worst = ms[ms.length - 1] as number;
  console.log(`${label}: median ${median.toFixed(1)} ms, worst ${worst.toFixed(1)} ms (${RUNS} runs)`);
}

const rows = accounts();
const items = rows.reduce((s, a) => s + a.open_items.length, 0);
console.log(
  `${ACCOUNTS.toLocaleString('en')} accounts, ${items.toLocaleString('en')} open items; node ${process.version}`,
);
time('receivables: ageing of every account + 10 largest debtors (target ≤ 300 ms)', () =>
  receivablesOf(rows, TODAY, 10),
);
const list = payments();
const week = weekOf(TODAY);
time(`collections of the week over ${PAYMENTS.toLocaleString('en')} payments, by method and person`, () =>
  collectionsOf(list, week.from, week.to),
);
