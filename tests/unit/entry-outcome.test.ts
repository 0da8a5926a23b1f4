import 'fake-indexeddb/auto';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LocalDb, type OutboxEntry } from '../../src/client/local/database';
import { markNotificationRead } from '../../src/client/local/notifications';
import { acknowledge, putServerRows, reject } from '../../src/client/local/outbox';
import { entryOutcome } from '../../src/client/local/outcome';

/**
 * What a screen waits for after a user action (shared-ui/local-action.ts picks its text from it):
 * the server's answer to that action's outbox entry — accepted, refused, or not (yet) known. The
 * answer may arrive while waiting (the sync engine, perhaps in another tab, writes it to Dexie).
 */
let db: LocalDb;
let entry: OutboxEntry;

beforeEach(async () => {
  db = new LocalDb({ tenant: 'demo', userId: 'u1' }, { indexedDB: new IDBFactory(), IDBKeyRange });
  await db.open();
  const notification = {
    id: 'n1',
    type: 'system',
    title: 'Duyuru',
    message: 'Merhaba',
    params: null,
    is_read: false,
    created_at: '2026-03-10T09:00:00.000Z',
    related_order: null,
  };
  await db.transaction('rw', db.syncScope(), () => putServerRows(db, 'notifications', [notification], []));
  entry = (await markNotificationRead(db, 'n1')) as OutboxEntry;
});
afterEach(() => db.close());

describe('entryOutcome', () => {
  it('accepted while waiting: applied', async () => {
    const waiting = entryOutcome(db, entry.id, 5000);
    await acknowledge(db, entry, { id: 'n1' });
    expect(await waiting).toEqual({ state: 'applied' });
  });

  it('refused while waiting: failed, with the server reason', async () => {
    const waiting = entryOutcome(db, entry.id, 5000);
    await reject(db, entry, { status: 409, error: 'Sunucu reddetti', code: 'CONFLICT' });
    const outcome = await waiting;
    expect(outcome.state).toBe('failed');
    expect(outcome.state === 'failed' && outcome.entry.error).toBe('Sunucu reddetti');
  });

  it('no answer in time, or the device cannot send: still queued (nothing is claimed)', async () => {
    expect(await entryOutcome(db, entry.id, 0)).toEqual({ state: 'queued' });
    expect(await entryOutcome(db, entry.id, 60_000, () => true)).toEqual({ state: 'queued' });
  });
});
