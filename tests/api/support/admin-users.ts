import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect } from 'vitest';
import { adminUserSchema, adminUsersResponse } from '../../../src/shared/api/admin-users';
import { type Api, type Session, startApi } from './harness';
import { signInAndSetOwnPassword } from './one-time-password';
import { type OpenStream, openEvents } from './sse-client';

/**
 * Shared set-up of the admin user management API tests (admin-users*.test.ts): one listening
 * server per file (the periodic session re-check of event streams set to a minute, so a stream
 * that ends within seconds was ended by the action), the demo tenant's staff signed in, and
 * helpers that call the endpoints as a given user.
 */
export const TENANT = 'demo';
export let api: Api;
export let base: string;
export let admin: Session;
export let others: Record<'manager' | 'sales' | 'warehouse' | 'driver', Session>;
export let foreignAdmin: Session;
const streams: OpenStream[] = [];

/** Starts the file's server (listening: event streams are read over real HTTP) and signs in. */
export function startAdminUsersApi(): void {
  beforeAll(async () => {
    api = await startApi({ config: { eventsRecheckMs: 60_000 } });
    await api.app.listen({ port: 0, host: '127.0.0.1' });
    const address = api.app.server.address();
    base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    const [a, m, s, w, d, f] = await Promise.all([
      api.login(TENANT, 'admin'),
      api.login(TENANT, 'manager'),
      api.login(TENANT, 'sales'),
      api.login(TENANT, 'warehouse'),
      api.login(TENANT, 'driver'),
      api.login('client1', 'admin'),
    ]);
    admin = a;
    others = { manager: m, sales: s, warehouse: w, driver: d };
    foreignAdmin = f;
  });
  afterAll(async () => {
    for (const s of streams) s.close();
    await api?.close();
  });
}

export type Body = { data?: unknown; error?: string; code?: string; field?: string; current?: unknown };

export function as(session: Session, method: string, path: string, body?: unknown, tenant = session.tenant) {
  return api.call<Body>(method, path, { tenant, token: session.token, body, idempotencyKey: randomUUID() });
}

let counter = 0;
export function newUser(overrides: Record<string, unknown> = {}) {
  counter += 1;
  return {
    username: `kullanici${counter}`,
    email: `kullanici${counter}@ornek.com.tr`,
    full_name: `Deneme Kullanıcı ${counter}`,
    role: 'salesperson',
    phone: '0532 000 00 00',
    password: 'gizli1234',
    ...overrides,
  };
}

export async function create(body: Record<string, unknown>, session = admin) {
  const r = await as(session, 'POST', '/admin/users', body);
  expect(r.status, r.raw).toBe(201);
  return adminUserSchema.parse(r.body.data);
}

/**
 * The first sign-in of a user an admin created: the password the admin typed is a one-time
 * password, so the user sets their own (`<one-time>Kendi1`), which `body.password` holds from
 * then on. Returns the session, open for everything the role allows.
 */
export async function firstSignIn(body: Record<string, unknown>, tenant = TENANT): Promise<Session> {
  const own = `${body.password as string}Kendi1`;
  const session = await signInAndSetOwnPassword(
    api,
    tenant,
    body.username as string,
    body.password as string,
    own,
  );
  body.password = own;
  return session;
}

export async function listAll(query: Record<string, string | number> = {}, session = admin) {
  const r = await api.call<{ data: unknown }>('GET', '/admin/users', {
    tenant: session.tenant,
    token: session.token,
    query: { limit: 25, ...query },
  });
  expect(r.status, r.raw).toBe(200);
  return adminUsersResponse.parse(r.body.data);
}

export async function profileStatus(session: Session): Promise<number> {
  return (await api.call('GET', '/auth/profile', { tenant: session.tenant, token: session.token })).status;
}

export async function openStream(session: Session): Promise<OpenStream> {
  const stream = await openEvents(base, { tenant: session.tenant, token: session.token });
  streams.push(stream);
  expect(stream.status).toBe(200);
  return stream;
}

/** Resolves true when the stream ends within `ms` (it must not take the minute-long re-check). */
export async function endsWithin(stream: OpenStream, ms = 3_000): Promise<boolean> {
  return Promise.race([
    stream.ended.then(() => true),
    new Promise<boolean>((r) => setTimeout(() => r(false), ms)),
  ]);
}

export const liveUsers = (tenant = TENANT) =>
  api.db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('tenant_id', '=', tenant)
    .executeTakeFirstOrThrow()
    .then((r) => Number(r.n));
