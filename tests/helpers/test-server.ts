import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { buildApp } from '../../src/server/app';
import { type Config, testConfig } from '../../src/server/config';
import type { Database } from '../../src/server/db/schema';
import { createTestDatabase } from './test-db';

export interface TestServer {
  /** http://127.0.0.1:PORT */
  url: string;
  /** http://127.0.0.1:PORT/api */
  apiBase: string;
  app: FastifyInstance;
  db: Kysely<Database>;
  config: Config;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

/**
 * A LISTENING server on 127.0.0.1 (random port) over a fresh, migrated and seeded database (see
 * test-db.ts): real HTTP for clients that need a socket (the sync engine's tests). Demo logins as
 * in the README (password demo1234). Call close() at the end: it stops the server and drops or
 * closes the database.
 */
export async function startTestServer(options: { config?: Partial<Config> } = {}): Promise<TestServer> {
  const database = await createTestDatabase();
  const config = testConfig(options.config);
  let app: FastifyInstance | undefined;
  try {
    app = await buildApp({ db: database.db, config });
    await app.listen({ host: '127.0.0.1', port: 0 });
  } catch (error) {
    await app?.close().catch(() => {});
    await database.close();
    throw error;
  }
  const address = app.server.address();
  if (!address || typeof address !== 'object') throw new Error('server did not bind');
  const url = `http://127.0.0.1:${address.port}`;
  const listening = app;
  return {
    url,
    apiBase: `${url}/api`,
    app: listening,
    db: database.db,
    config,
    kind: database.kind,
    close: async () => {
      await listening.close();
      await database.close();
    },
  };
}
