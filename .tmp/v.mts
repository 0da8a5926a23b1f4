import { sql } from 'kysely';
import { openDatabase } from '../src/server/db/database';
const h = await openDatabase({});
console.log((await sql`select version() v`.execute(h.db)).rows);
await h.close();
