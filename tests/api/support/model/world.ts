import { randomUUID } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../../../src/server/db/schema';
import type { Role } from '../../../../src/shared/domain/roles';
import type { Api, CallResult, Session } from '../harness';
import { signInAndSetOwnPassword } from '../one-time-password';

/**
 * The real side of the model-based test: a company of its own (made through the platform admin's
 * API, so the seed's orders do not slow every check), its staff signed in once, and the request
 * and row-tracking helpers every step uses.
 */

export const STAFF = ['admin', 'manager', 'sales', 'sales2', 'warehouse', 'driver', 'driver2'] as const;
export type Staff = (typeof STAFF)[number];

export const ROLE_OF: Record<Staff, Role> = {
  admin: 'admin',
  manager: 'manager',
  sales: 'salesperson',
  sales2: 'salesperson',
  warehouse: 'warehouse',
  driver: 'driver',
  driver2: 'driver',
};

export interface World {
  api: Api;
  tenant: string;
  sessions: Record<Staff, Session>;
  ids: Record<Staff, string>;
  /** The tables whose writes are noted (every one but the migrator's). */
  tables: string[];
  /** Kinds of step seen, accepted or refused (a run that never reached one proves nothing about it). */
  coverage: Set<string>;
}

/** The password the platform admin and the admin type (one-time), and the one each user then sets. */
const PASSWORD = 'Model-Test-1234';
const OWN_PASSWORD = 'Model-Kendi-1234';

/** Creates the test company with its staff (one of each role, two salespeople, two drivers). */
export async function createWorld(api: Api, tenant: string): Promise<World> {
  const platform = await api.login('default', 'admin');
  const made = await api.call('POST', '/admin/tenants', {
    tenant: 'default',
    token: platform.token,
    body: {
      company_name: 'Model Test Ticaret',
      subdomain: tenant,
      first_admin: {
        full_name: 'Model Yönetici',
        username: 'admin',
        email: 'admin@model.com.tr',
        password: PASSWORD,
      },
    },
  });
  if (made.status !== 201) throw new Error(`tenant: ${made.status} ${made.raw}`);
  // A password someone else made is one-time: each user sets their own at the first sign-in.
  const admin = await signInAndSetOwnPassword(api, tenant, 'admin', PASSWORD, OWN_PASSWORD);
  const as = (method: string, path: string, body?: unknown) =>
    api.call(method, path, { tenant, token: admin.token, body, idempotencyKey: randomUUID() });
  // Invoices need the seller's legal name, tax number and tax office.
  const company = await api.call<{ data: Record<string, unknown> }>('GET', '/admin/company', {
    tenant,
    token: admin.token,
  });
  const profile = await as('PUT', '/admin/company', {
    name: 'Model Test Ticaret',
    legal_name: 'Model Test Ticaret A.Ş.',
    tax_number: '2701341846',
    tax_office: 'Kadıköy',
    address: 'Moda Cad. No:1 Kadıköy İstanbul',
    phone: '0216 000 00 00',
    email: 'info@model.com.tr',
    currency: company.body.data.currency,
    timezone: company.body.data.timezone,
    language: company.body.data.language,
    expected_version: company.body.data.version,
  });
  if (profile.status !== 200) throw new Error(`company: ${profile.status} ${profile.raw}`);
  for (const key of STAFF.filter((s) => s !== 'admin')) {
    const r = await as('POST', '/admin/users', {
      username: key,
      email: `${key}@model.com.tr`,
      full_name: `Model ${key}`,
      role: ROLE_OF[key],
      password: PASSWORD,
    });
    if (r.status !== 201) throw new Error(`user ${key}: ${r.status} ${r.raw}`);
  }
  const sessions = { admin } as Record<Staff, Session>;
  for (const key of STAFF)
    if (key !== 'admin')
      sessions[key] = await signInAndSetOwnPassword(api, tenant, key, PASSWORD, OWN_PASSWORD);
  const ids = Object.fromEntries(STAFF.map((k) => [k, sessions[k].user.id])) as Record<Staff, string>;
  const tables = await sql<{ table_name: string }>`
    SELECT table_name FROM information_schema.tables
    WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`.execute(api.db);
  // Every table is watched but the migrator's own (see installWriteNotes for `sessions`).
  const watched = tables.rows.map((r) => r.table_name).filter((t) => !t.startsWith('kysely_'));
  await installWriteNotes(api.db, watched);
  return { api, tenant, sessions, ids, tables: watched, coverage: new Set() };
}

// ------------------------------------------------------------------------------ requests ---

export interface Sent {
  actor: Staff;
  method: string;
  path: string;
  body: unknown;
  key: string;
  status: number;
  answer: unknown;
  raw: string;
  /** The step of the sequence that sent it. */
  step?: number;
}

export async function send(
  world: World,
  actor: Staff,
  method: string,
  path: string,
  body: unknown,
  key: string = randomUUID(),
): Promise<Sent> {
  const r: CallResult = await world.api.call(method, path, {
    tenant: world.tenant,
    token: world.sessions[actor].token,
    body,
    idempotencyKey: key,
  });
  return { actor, method, path, body, key, status: r.status, answer: r.body, raw: r.raw };
}

/** A multipart upload of one file (the product import's preview, which keeps no idempotency record). */
export async function upload(world: World, actor: Staff, path: string, name: string, bytes: Buffer) {
  const boundary = `----model${randomUUID()}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: text/csv\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const r = await world.api.app.inject({
    method: 'POST',
    url: `/api${path}?tenant=${world.tenant}`,
    headers: {
      authorization: `Bearer ${world.sessions[actor].token}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
    payload,
  });
  let answer: unknown;
  try {
    answer = JSON.parse(r.body);
  } catch {
    answer = r.body;
  }
  return { status: r.statusCode, answer, raw: r.body };
}

// ------------------------------------------------------------------ what a step wrote ---

/**
 * Row tracking: a trigger on every table notes each row inserted, updated or deleted in
 * `model_writes`, inside the writing transaction — so a rolled-back write leaves no note, and a
 * check reads only the notes since its mark, not whole tables: it costs the same after four
 * thousand steps as after one. The triggers observe; they change nothing the application reads.
 *
 * The one write not noted: an update of a `sessions` row that changes nothing but `last_seen_at`.
 * Every request may refresh its own session's `last_seen_at` (at most once a minute) — the
 * caller's sign-in being used, not a trace of the action it asked for.
 */
export async function installWriteNotes(db: Kysely<Database>, tables: readonly string[]): Promise<void> {
  await sql`CREATE TABLE model_writes (
    seq bigserial PRIMARY KEY, tbl text NOT NULL, op text NOT NULL, tenant_id text, row_key text)`.execute(
    db,
  );
  await sql`CREATE FUNCTION model_note_write() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE r jsonb;
    BEGIN
      IF TG_OP = 'DELETE' THEN r := to_jsonb(OLD); ELSE r := to_jsonb(NEW); END IF;
      IF TG_TABLE_NAME = 'sessions' AND TG_OP = 'UPDATE'
         AND to_jsonb(OLD) - 'last_seen_at' = r - 'last_seen_at' THEN
        RETURN NULL;
      END IF;
      INSERT INTO model_writes (tbl, op, tenant_id, row_key)
        VALUES (TG_TABLE_NAME, TG_OP,
                CASE WHEN TG_TABLE_NAME = 'tenants' THEN r->>'id' ELSE r->>'tenant_id' END,
                COALESCE(r->>'id', r->>'key'));
      RETURN NULL;
    END $$`.execute(db);
  for (const t of tables)
    await sql`CREATE TRIGGER model_note AFTER INSERT OR UPDATE OR DELETE ON ${sql.id(t)}
      FOR EACH ROW EXECUTE FUNCTION model_note_write()`.execute(db);
}

export interface Mark {
  note: number;
  movement: number;
}

export interface Written {
  /** Per table: rows inserted or updated, and the change of its row count. */
  tables: Map<string, { fresh: number; delta: number }>;
  orders: string[];
  products: string[];
  invoices: { id: string; type: string; status: string }[];
  movements: { product_id: string; quantity: number; reserved_delta: number; reason: string }[];
  keys: string[];
}

export async function mark(world: World): Promise<Mark> {
  const r = await sql<{ note: string; movement: string }>`
    SELECT (SELECT COALESCE(max(seq), 0) FROM model_writes)::text AS note,
           (SELECT COALESCE(max(seq), 0) FROM stock_movements)::text AS movement`.execute(world.api.db);
  return { note: Number(r.rows[0]?.note ?? 0), movement: Number(r.rows[0]?.movement ?? 0) };
}

export async function written(world: World, since: Mark): Promise<Written> {
  const db = world.api.db;
  const notes = await sql<{ tbl: string; op: string; tenant_id: string | null; row_key: string | null }>`
    SELECT tbl, op, tenant_id, row_key FROM model_writes WHERE seq > ${since.note} ORDER BY seq`.execute(db);
  const movements = await db
    .selectFrom('stock_movements')
    .select(['product_id', 'quantity', 'reserved_delta', 'reason'])
    .where('seq', '>', since.movement)
    .orderBy('seq')
    .execute();
  const tables = new Map<string, { fresh: number; delta: number }>();
  const ids = (table: string) => [
    ...new Set(notes.rows.filter((n) => n.tbl === table && n.op !== 'DELETE').map((n) => String(n.row_key))),
  ];
  for (const n of notes.rows) {
    // Another company's row is named as such: no step of this company may write one.
    const name = n.tenant_id === world.tenant ? n.tbl : `${n.tbl} of company ${n.tenant_id}`;
    const c = tables.get(name) ?? { fresh: 0, delta: 0 };
    if (n.op !== 'DELETE') c.fresh += 1;
    c.delta += n.op === 'INSERT' ? 1 : n.op === 'DELETE' ? -1 : 0;
    tables.set(name, c);
  }
  const invoiceIds = ids('invoices');
  const invoices = invoiceIds.length
    ? await db.selectFrom('invoices').select(['id', 'type', 'status']).where('id', 'in', invoiceIds).execute()
    : [];
  return {
    tables,
    orders: ids('orders'),
    products: ids('products'),
    invoices,
    movements,
    keys: ids('idempotency_keys'),
  };
}

/** The tables a step changed (rows written or removed), for messages. */
export function changedTables(w: Written, except: readonly string[] = []): string[] {
  return [...w.tables]
    .filter(([t, c]) => !except.includes(t) && (c.fresh > 0 || c.delta !== 0))
    .map(([t, c]) => `${t} (${c.fresh} written, ${c.delta >= 0 ? '+' : ''}${c.delta} rows)`);
}
