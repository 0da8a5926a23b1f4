import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema';

/** The database's size and what it runs on (PGlite reports a wasm32 build), in one statement. */
export async function databaseFacts(db: Kysely<Database>): Promise<{ size: number; version: string }> {
  const { rows } = await sql<{ size: number | string; version: string }>`
    SELECT pg_database_size(current_database()) AS size, version() AS version`.execute(db);
  const row = rows[0];
  return { size: Number(row?.size ?? 0), version: row?.version ?? '' };
}
