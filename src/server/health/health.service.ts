import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { ping } from './health.repository';

export async function checkDatabase(db: Kysely<Database>): Promise<boolean> {
  try {
    await ping(db);
    return true;
  } catch {
    return false;
  }
}
