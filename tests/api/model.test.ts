import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, startApi } from './support/harness';
import { newRun, openingArb, stepArbitraries } from './support/model/run';
import { createWorld, type World } from './support/model/world';

/**
 * The business rules that tie the features together (docs/architecture.md, "Cross-feature
 * rules"), checked by a model-based property test: random sequences of steps through the HTTP
 * API — orders created, edited, approved, rejected, cancelled, assigned and re-assigned to
 * drivers, prepared by scans, shipped, delivered with proof or failed, returned and refunded;
 * invoices issued and cancelled; stock adjusted and counted; products deactivated, deleted and
 * imported; earlier requests replayed under their idempotency key — each by a random user of
 * the company, often one who may not (then it must be refused), on several orders and products
 * at once. After every step the server's records are compared with a model of what they should
 * be, and the rules are read from the database (support/model/invariants.ts).
 *
 * A failure prints the shrunk sequence as numbered steps a person can replay.
 * MODEL_RUNS (sequences), MODEL_STEPS (most steps per sequence) and MODEL_SEED run more or other
 * sequences locally; CI runs the defaults with the fixed seed.
 */
const RUNS = Number(process.env.MODEL_RUNS || 100);
const STEPS = Number(process.env.MODEL_STEPS || 60);
const SEED = Number(process.env.MODEL_SEED || 20_260_601);
/**
 * Shrinking re-runs whole sequences through the server (about a second each), so it gets a time
 * budget: once it is spent, the remaining candidates are passed over and the smallest failing
 * sequence found so far is printed.
 */
const SHRINK_MS = 4 * 60_000;

/**
 * Every kind of step (support/model/commands-*.ts) and what a CI run must have seen of it: taken
 * and refused — but anyone may take an order, and nobody may deliver without a proof.
 */
const KINDS = [
  'create order: accepted',
  'deliver without proof: refused',
  ...[
    'edit order',
    'approve',
    'reject',
    'cancel',
    'assign driver',
    'scan',
    'prepare',
    'ship',
    'start delivery',
    'deliver',
    'fail delivery',
    'return',
    'refund',
    'issue invoice',
    'cancel invoice',
    'adjust stock',
    'count stock',
    'set product active',
    'delete product',
    'import',
    'replay',
    'late replay',
  ].flatMap((k) => [`${k}: accepted`, `${k}: refused`]),
];

let api: Api;
let world: World;

beforeAll(async () => {
  api = await startApi();
  // The server's timed jobs (a tenant backup every 10 minutes, log retention, the e-mail queue)
  // write on their own clock; a long run would see one land between a request and the check of
  // what that request wrote. The model checks requests, so the timers stop here.
  await api.app.scheduler.stop();
  world = await createWorld(api, 'modeltest');
});
afterAll(async () => api?.close());

describe('cross-feature rules under random use by every role', () => {
  it(`${RUNS} sequences of up to ${STEPS} steps (seed ${SEED})`, {
    timeout: RUNS * STEPS * 200 + SHRINK_MS + 120_000,
  }, async () => {
    let failedAt: number | undefined;
    await fc.assert(
      fc.asyncProperty(
        openingArb,
        // Without fast-check's bias towards short ones, sequence lengths spread evenly up to STEPS.
        fc.noBias(fc.commands(stepArbitraries(), { maxCommands: STEPS, size: 'max' })),
        async (opening, steps) => {
          if (failedAt !== undefined && Date.now() - failedAt > SHRINK_MS) return;
          try {
            await fc.asyncModelRun(() => newRun(world, opening), steps);
          } catch (error) {
            failedAt ??= Date.now();
            throw error;
          }
        },
      ),
      { numRuns: RUNS, seed: SEED },
    );
    // Passing proves something only if the sequences went everywhere: with the CI runs, every kind
    // of step was accepted somewhere and refused somewhere.
    if (RUNS >= 50) {
      const missing = KINDS.filter((k) => !world.coverage.has(k));
      expect(missing, 'steps never seen in this run').toEqual([]);
    }
  });
});
