/**
 * Binary values (`bytea`) written to and read from the embedded database: PGlite with its own
 * converters against PGlite as the server opens it (src/server/db/pglite.ts: Node's hex codec),
 * both in memory, in the same run, rounds alternating. Not a test: it prints figures (medians of 7
 * rounds) and the ratio ours ÷ PGlite's own. The time is the server's one thread held while the
 * statement runs — every other request waits for it.
 *
 *   node --import tsx tests/bench/pglite-bytea-bench.ts
 */
import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { startPglite } from '../../src/server/db/pglite';
import { median } from './support/mirror';

const SIZES = [64 * 1024, 800 * 1024, 4 * 1024 * 1024];
const ROUNDS = 7;

async function time(db: PGlite, value: Uint8Array, id: number): Promise<{ write: number; read: number }> {
  let started = performance.now();
  await db.query('INSERT INTO blobs VALUES ($1, $2)', [id, value]);
  const write = performance.now() - started;
  started = performance.now();
  const { rows } = await db.query<{ b: Uint8Array }>('SELECT b FROM blobs WHERE id = $1', [id]);
  const read = performance.now() - started;
  if (rows[0]?.b.length !== value.length) throw new Error('the value read back is not the value written');
  return { write, read };
}

async function main() {
  const stock = new PGlite();
  const ours = startPglite({});
  try {
    for (const db of [stock, ours]) await db.exec('CREATE TABLE blobs (id int PRIMARY KEY, b bytea)');
    const ms = (v: number) => `${v.toFixed(1)} ms`;
    let id = 0;
    for (const size of SIZES) {
      const value = randomBytes(size);
      const runs = {
        stock: [] as { write: number; read: number }[],
        ours: [] as { write: number; read: number }[],
      };
      for (let round = 0; round < ROUNDS; round++) {
        const order = round % 2 === 0 ? (['stock', 'ours'] as const) : (['ours', 'stock'] as const);
        for (const side of order) runs[side].push(await time(side === 'stock' ? stock : ours, value, id++));
      }
      const m = (side: 'stock' | 'ours', k: 'write' | 'read') => median(runs[side].map((r) => r[k]));
      console.log(
        `${Math.round(size / 1024)} KiB: write ${ms(m('stock', 'write'))} (PGlite's converters) → ${ms(m('ours', 'write'))}` +
          ` (÷ ${(m('ours', 'write') / m('stock', 'write')).toFixed(2)}); read ${ms(m('stock', 'read'))} → ${ms(m('ours', 'read'))}` +
          ` (÷ ${(m('ours', 'read') / m('stock', 'read')).toFixed(2)}); median of ${ROUNDS}`,
      );
    }
  } finally {
    await stock.close();
    await ours.close();
  }
}

await main();
