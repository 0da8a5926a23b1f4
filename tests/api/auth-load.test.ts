import { randomBytes, scryptSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD_HASH_PREFIX, passwordHashQueue, verifyPassword } from '../../src/server/lib/password';
import { MESSAGES } from '../../src/shared/api/errors';
import { type Api, type CallResult, countRows, type Session, startApi } from './support/harness';

/**
 * Sign-ins under load: the password hash is slow on purpose, so a burst of sign-ins must neither
 * stall the signed-in users' requests nor queue without bound. Ordering, not timing: what is
 * asserted is which request finishes first, or that a refusal came while the queue was held.
 */
let api: Api;
let manager: Session;
beforeAll(async () => {
  api = await startApi();
  manager = await api.login('demo', 'manager');
});
afterAll(async () => api?.close());

const login = (tenant: string, username: string, password: string) =>
  api.call('POST', '/auth/login', { tenant, body: { username, password } });

/**
 * Yields to the event loop (and so to finished I/O) until `condition` holds, or gives up after
 * `turns` turns and lets the test go on (its assertions then tell what went wrong).
 */
async function until(condition: () => boolean, turns = 100_000): Promise<void> {
  for (let i = 0; i < turns && !condition(); i++) {
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
}

async function sessionsOf(username: string): Promise<number> {
  const { id } = await api.db
    .selectFrom('users')
    .select('id')
    .where('tenant_id', '=', 'demo')
    .where('username', '=', username)
    .executeTakeFirstOrThrow();
  return countRows(api.db, 'sessions', { tenant_id: 'demo', user_id: id });
}

function gate() {
  let open!: () => void;
  const promise = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { promise, open };
}

describe('a burst of sign-ins', () => {
  // Generous timeout: 30 real scrypt hashes, one or two at a time, on a possibly busy machine.
  it('does not hold up a signed-in user: GET /api/orders finishes while most sign-ins are still pending', {
    timeout: 180_000,
  }, async () => {
    const users = ['admin', 'sales', 'sales2', 'warehouse', 'driver', 'driver2'];
    let settled = 0;
    const burst: Promise<CallResult>[] = [];
    for (let i = 0; i < 30; i++) {
      const attempt =
        i % 2 === 0
          ? login('demo', users[(i / 2) % users.length] as string, 'demo1234')
          : login('demo', `hayalet-${i}`, 'yanlis-sifre');
      burst.push(
        attempt.finally(() => {
          settled++;
        }),
      );
    }
    // Send the user's request once the sign-ins are really hashing and queued behind each other.
    await until(() => passwordHashQueue.running > 0 && passwordHashQueue.queued >= 10);
    const orders = await api.call<{ success: boolean; data: unknown }>('GET', '/orders', {
      tenant: 'demo',
      token: manager.token,
      query: { page: 1, limit: 10 },
    });
    const pendingWhenAnswered = 30 - settled;
    expect(orders.status).toBe(200);
    expect(orders.body.success).toBe(true);
    expect(pendingWhenAnswered).toBeGreaterThanOrEqual(10);

    // The burst itself is served in full: right passwords 200, wrong ones 401, nothing else.
    const answers = await Promise.all(burst);
    expect(answers.filter((r, i) => i % 2 === 0 && r.status === 200)).toHaveLength(15);
    expect(answers.filter((r, i) => i % 2 === 1 && r.status === 401)).toHaveLength(15);
  });
});

describe('the password-hash queue bound', () => {
  it('beyond it, sign-in, registration and password change are refused at once with 503 SERVER_BUSY, nothing written', async () => {
    const before = { concurrency: passwordHashQueue.concurrency, maxWaiting: passwordHashQueue.maxWaiting };
    const s = await api.login('demo', 'warehouse');
    const held = gate();
    passwordHashQueue.concurrency = 1;
    passwordHashQueue.maxWaiting = 1;
    const holders = [passwordHashQueue.run(() => held.promise), passwordHashQueue.run(() => held.promise)];
    try {
      await until(() => !passwordHashQueue.hasRoom());
      expect(passwordHashQueue.hasRoom()).toBe(false);
      const counts = async () => ({
        attempts: await countRows(api.db, 'login_attempts', { tenant_id: 'demo' }),
        audit: await countRows(api.db, 'audit_logs', { tenant_id: 'demo' }),
        sessions: await countRows(api.db, 'sessions', { tenant_id: 'demo' }),
        users: await countRows(api.db, 'users', { tenant_id: 'demo' }),
        idempotency: await countRows(api.db, 'idempotency_keys', { tenant_id: 'demo' }),
      });
      const start = await counts();
      const busy = { success: false, error: MESSAGES.serverBusy, code: 'SERVER_BUSY' };

      // These answers arrive while the held hashes have not finished: nothing waited for a slot.
      const right = await login('demo', 'manager', 'demo1234');
      expect(right.status).toBe(503);
      expect(right.body).toEqual(busy);
      const wrong = await login('demo', 'manager', 'yanlis');
      expect(wrong.status).toBe(503);
      expect(wrong.body).toEqual(busy);
      const register = await api.call('POST', '/auth/register', {
        tenant: 'demo',
        body: {
          username: 'mesgul',
          password: 'gizli123',
          full_name: 'Meşgul Kişi',
          email: 'mesgul@ornek.com.tr',
        },
      });
      expect(register.status).toBe(503);
      expect(register.body).toEqual(busy);
      const change = await api.call('PUT', '/auth/profile', {
        tenant: 'demo',
        token: s.token,
        body: { current_password: 'demo1234', new_password: 'yeni-depo-1' },
        idempotencyKey: 'busy-change-1',
      });
      expect(change.status).toBe(503);
      expect(change.body).toEqual(busy);
      expect(await counts()).toEqual(start);

      held.open();
      await Promise.all(holders);
      // Room again: the same requests now go through (the 503 was not stored for the key).
      expect((await login('demo', 'manager', 'demo1234')).status).toBe(200);
      const retried = await api.call('PUT', '/auth/profile', {
        tenant: 'demo',
        token: s.token,
        body: { current_password: 'demo1234', new_password: 'yeni-depo-1' },
        idempotencyKey: 'busy-change-1',
      });
      expect(retried.status).toBe(200);
      expect((await login('demo', 'warehouse', 'yeni-depo-1')).status).toBe(200);
    } finally {
      held.open();
      passwordHashQueue.concurrency = before.concurrency;
      passwordHashQueue.maxWaiting = before.maxWaiting;
    }
  });
});

describe('guesses sent in parallel', () => {
  it('a guess that waited for a hash slot while the account got locked is answered 429, right password or not', async () => {
    const before = { concurrency: passwordHashQueue.concurrency, maxWaiting: passwordHashQueue.maxWaiting };
    const held = gate();
    passwordHashQueue.concurrency = 1;
    passwordHashQueue.maxWaiting = 5;
    const sessionsBefore = await sessionsOf('sales2');
    const holder = passwordHashQueue.run(() => held.promise);
    try {
      const right = login('demo', 'sales2', 'demo1234');
      const wrong = login('demo', 'sales2', 'yanlis');
      await until(() => passwordHashQueue.queued >= 2);
      expect(passwordHashQueue.queued).toBe(2);
      // Meanwhile earlier guesses locked the account (as the 5th failure does).
      await api.db
        .insertInto('login_attempts')
        .values({
          tenant_id: 'demo',
          username: 'sales2',
          failed_count: 5,
          last_failed_at: new Date(),
          updated_at: new Date(),
          locked_until: new Date(Date.now() + 15 * 60_000),
        })
        .execute();
      held.open();
      for (const r of [await right, await wrong]) {
        expect(r.status).toBe(429);
        expect(r.body).toMatchObject({
          success: false,
          code: 'ACCOUNT_LOCKED',
          error: MESSAGES.accountLocked,
        });
      }
      expect(await sessionsOf('sales2')).toBe(sessionsBefore);
    } finally {
      held.open();
      await holder;
      passwordHashQueue.concurrency = before.concurrency;
      passwordHashQueue.maxWaiting = before.maxWaiting;
    }
  });
});

describe('hashes made with older parameters', () => {
  it('still sign in, and are replaced by a hash with the current parameters', async () => {
    const salt = randomBytes(16);
    const key = scryptSync('eski-sifre-1', salt, 64, { N: 2 ** 17, r: 8, p: 1, maxmem: 256 * 1024 * 1024 });
    const old = ['scrypt', 2 ** 17, 8, 1, salt.toString('base64url'), key.toString('base64url')].join('$');
    await api.db
      .updateTable('users')
      .set({ password_hash: old })
      .where('tenant_id', '=', 'client1')
      .where('username', '=', 'driver')
      .execute();
    const hashNow = async () =>
      (
        await api.db
          .selectFrom('users')
          .select('password_hash')
          .where('tenant_id', '=', 'client1')
          .where('username', '=', 'driver')
          .executeTakeFirstOrThrow()
      ).password_hash;

    expect((await login('client1', 'driver', 'demo1234')).status).toBe(401);
    expect(await hashNow()).toBe(old); // a failed sign-in changes nothing
    expect((await login('client1', 'driver', 'eski-sifre-1')).status).toBe(200);
    const replaced = await hashNow();
    expect(replaced.startsWith(PASSWORD_HASH_PREFIX)).toBe(true);
    expect(await verifyPassword('eski-sifre-1', replaced)).toBe(true);
    expect((await login('client1', 'driver', 'eski-sifre-1')).status).toBe(200);
    expect(await hashNow()).toBe(replaced); // current parameters: left alone
  });
});
