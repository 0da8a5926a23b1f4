import { randomBytes, scryptSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../src/server/lib/errors';
import {
  dummyPasswordHash,
  HashQueue,
  hashPassword,
  needsRehash,
  PASSWORD_HASH_PREFIX,
  verifyPassword,
} from '../../src/server/lib/password';
import { MESSAGES } from '../../src/shared/api/errors';

/** A task the test finishes by hand. */
function gate<T = void>() {
  let open!: (value: T) => void;
  let fail!: (error: Error) => void;
  const promise = new Promise<T>((resolve, reject) => {
    open = resolve;
    fail = reject;
  });
  return { promise, open, fail };
}

/** Lets every already-resolved promise callback run. */
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('HashQueue', () => {
  it('runs at most `concurrency` tasks at once, first come first served', async () => {
    const queue = new HashQueue(2, 10);
    const gates = Array.from({ length: 5 }, () => gate());
    const started: number[] = [];
    const results = gates.map((g, i) =>
      queue.run(async () => {
        started.push(i);
        await g.promise;
        return i;
      }),
    );
    await settle();
    expect(started).toEqual([0, 1]);
    expect([queue.running, queue.queued]).toEqual([2, 3]);
    gates[1]?.open();
    await settle();
    expect(started).toEqual([0, 1, 2]);
    gates[0]?.open();
    await settle();
    expect(started).toEqual([0, 1, 2, 3]);
    for (const g of gates) g.open();
    expect(await Promise.all(results)).toEqual([0, 1, 2, 3, 4]);
    expect([queue.running, queue.queued]).toEqual([0, 0]);
  });

  it('beyond the waiting list refuses at once with 503 SERVER_BUSY, without running the task', async () => {
    const queue = new HashQueue(1, 2);
    const g = gate();
    const held = [queue.run(() => g.promise), queue.run(() => g.promise), queue.run(() => g.promise)];
    await settle();
    expect(queue.hasRoom()).toBe(false);
    let ran = false;
    const refused = queue.run(async () => {
      ran = true;
    });
    // Refused while the gate is still closed: nobody waited for a slot.
    await expect(refused).rejects.toBeInstanceOf(AppError);
    await expect(refused).rejects.toMatchObject({
      statusCode: 503,
      code: 'SERVER_BUSY',
      message: MESSAGES.serverBusy,
    });
    expect(ran).toBe(false);
    g.open();
    await Promise.all(held);
    expect(queue.hasRoom()).toBe(true);
    await queue.run(async () => {
      ran = true;
    });
    expect(ran).toBe(true);
  });

  it('a failing task frees its slot for the next one', async () => {
    const queue = new HashQueue(1, 5);
    const first = gate();
    const failing = queue.run(() => first.promise);
    const next = queue.run(async () => 'next');
    first.fail(new Error('boom'));
    await expect(failing).rejects.toThrow('boom');
    expect(await next).toBe('next');
    expect([queue.running, queue.queued]).toEqual([0, 0]);
  });
});

describe('password hashes', () => {
  it('hashes with the current parameters and verifies the right password only', async () => {
    const hash = await hashPassword('doğru-şifre');
    expect(hash.startsWith(PASSWORD_HASH_PREFIX)).toBe(true);
    expect(PASSWORD_HASH_PREFIX).toBe('scrypt$32768$8$3$');
    expect(needsRehash(hash)).toBe(false);
    expect(await verifyPassword('doğru-şifre', hash)).toBe(true);
    expect(await verifyPassword('yanlış-şifre', hash)).toBe(false);
    // Salted: the same password hashes differently each time.
    expect(await hashPassword('doğru-şifre')).not.toBe(hash);
  });

  it('still verifies a hash made with the previous parameters (N=2^17, r=8, p=1), which needs a rehash', async () => {
    const salt = randomBytes(16);
    const key = scryptSync('demo1234', salt, 64, { N: 2 ** 17, r: 8, p: 1, maxmem: 256 * 1024 * 1024 });
    const old = ['scrypt', 2 ** 17, 8, 1, salt.toString('base64url'), key.toString('base64url')].join('$');
    expect(await verifyPassword('demo1234', old)).toBe(true);
    expect(await verifyPassword('demo12345', old)).toBe(false);
    expect(needsRehash(old)).toBe(true);
  });

  it('answers false for unusable stored hashes, without trying parameters beyond the bound', async () => {
    const salt = randomBytes(16).toString('base64url');
    const key = randomBytes(64).toString('base64url');
    for (const stored of [
      '',
      'plain-text',
      `bcrypt$32768$8$3$${salt}$${key}`,
      `scrypt$32768$8$3$${salt}`,
      `scrypt$${2 ** 20}$8$1$${salt}$${key}`, // 1 GiB
      `scrypt$${2 ** 17}$16$1$${salt}$${key}`, // 256 MiB
      `scrypt$30000$8$3$${salt}$${key}`, // not a power of two
      `scrypt$32768$8$1000$${salt}$${key}`,
      `scrypt$32768$0$3$${salt}$${key}`,
      `scrypt$abc$8$3$${salt}$${key}`,
      `scrypt$32768$8$3$$${key}`,
    ]) {
      expect(await verifyPassword('demo1234', stored), stored).toBe(false);
    }
  });

  it('the stand-in for unknown usernames has the current parameters and never matches', async () => {
    expect(dummyPasswordHash().startsWith(PASSWORD_HASH_PREFIX)).toBe(true);
    expect(await verifyPassword('', dummyPasswordHash())).toBe(false);
    expect(await verifyPassword('demo1234', dummyPasswordHash())).toBe(false);
  });
});
