import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema';

export async function ping(db: Kysely<Database>): Promise<void> {
  await sql`SELECT 1`.execute(db);
}
