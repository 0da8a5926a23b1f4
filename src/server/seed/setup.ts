import { migrateToLatest, openDatabase } from '../db/database';
import { step } from '../lib/start-steps';
import { type SeedReport, seedIfEmpty } from './seed';

/**
 * A first start's set-up — create the PGlite cluster, migrate, seed — in a CHILD PROCESS that
 * ends when it is done (main.ts starts it; the server then opens the database itself). PGlite's
 * WebAssembly memory never shrinks, and this work (initdb, 30-odd migrations with their index
 * builds, the seed's one big transaction) grows it by hundreds of MB that serving never needs:
 * done in the server's process, it kept ~450 MB for good (~820 MB at the peak); in a worker
 * thread, ~385 MB (the allocator keeps what the thread freed). A process's memory is returned
 * whole when it exits. Input: SETUP_INPUT (JSON); result: one IPC message.
 */
export interface SetupInput {
  dataDir: string;
  sharedBuffers?: string;
  demoPassword: string;
  production: boolean;
}

export interface SetupResult {
  applied: number;
  seeded: SeedReport | null;
}

async function setup(input: SetupInput): Promise<SetupResult> {
  const database = await step('veritabanı oluşturuldu (PGlite)', () =>
    // main.ts has secured DATA_DIR, which holds it.
    openDatabase({ dataDir: input.dataDir, sharedBuffers: input.sharedBuffers, secure: false }),
  );
  try {
    const applied = await step(
      (count) => `${count} veritabanı geçişi uygulandı`,
      () => migrateToLatest(database.db),
    );
    const seeded = await step(
      (report) => (report ? 'ilk veriler oluşturuldu' : 'ilk veriler zaten var'),
      () =>
        seedIfEmpty(database.db, {
          demoPassword: input.demoPassword,
          production: input.production,
          // The seed takes seconds: say so, or it looks hung.
          onProgress: (line) => console.log(line),
        }),
    );
    return { applied, seeded };
  } finally {
    await database.close();
  }
}

// No top-level await: the built server is CommonJS (scripts/start.mjs). A failure is an unhandled
// rejection, which ends the process with its error, and main.ts reports the exit.
if (process.send && process.env.SETUP_INPUT) {
  const send = process.send.bind(process);
  void setup(JSON.parse(process.env.SETUP_INPUT) as SetupInput).then((result) =>
    // The IPC channel is closed once the message is out: then nothing keeps this process alive.
    send(result, () => process.disconnect()),
  );
}
