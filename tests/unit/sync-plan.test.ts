import 'fake-indexeddb/auto';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LocalDb, recordKey } from '../../src/client/local/database';
import { markNotificationRead } from '../../src/client/local/notifications';
import {
  acknowledge,
  discardEntry,
  enqueue,
  listEntries,
  putServerRows,
  reject,
  retryEntry,
} from '../../src/client/local/outbox';
import { type PlanEntry, planSends } from '../../src/client/local/sync/plan';
import type { Notification } from '../../src/shared/api';

/** The outbox's one scheduling rule (sync/plan.ts), as a table, and the outbox algebra as a property. */

const NOW = 1_000_000;
const e = (key: string, over: Partial<PlanEntry> & { name?: string } = {}) => ({
  name: over.name ?? key,
  record_key: key,
  status: 'pending' as const,
  next_attempt_at: 0,
  tenant: 't',
  user_id: 'me',
  kind: 'order.status',
  waiting_for: null,
  ...over,
});
const opts = {
  now: NOW,
  isMine: (x: PlanEntry) => x.user_id === 'me',
  isKnown: (k: string) => k !== 'future.kind',
};
const names = (xs: Array<{ name: string }>) => xs.map((x) => x.name);

describe('planSends: which entries go now and when to wake', () => {
  const table: Array<{
    case: string;
    entries: ReturnType<typeof e>[];
    options?: object;
    send: string[];
    wakeAt: number | null;
  }> = [
    { case: 'empty outbox', entries: [], send: [], wakeAt: null },
    {
      case: 'due entries of one record go in order',
      entries: [e('order:a', { name: 'a1' }), e('order:a', { name: 'a2' })],
      send: ['a1', 'a2'],
      wakeAt: null,
    },
    {
      case: 'a failed entry holds back its record only',
      entries: [
        e('order:a', { name: 'a1', status: 'failed' }),
        e('order:a', { name: 'a2' }),
        e('order:b', { name: 'b1' }),
      ],
      send: ['b1'],
      wakeAt: null,
    },
    {
      case: 'an entry in backoff holds back its record and sets the wake-up',
      entries: [
        e('order:a', { name: 'a1', next_attempt_at: NOW + 500 }),
        e('order:a', { name: 'a2' }),
        e('order:b', { name: 'b1' }),
      ],
      send: ['b1'],
      wakeAt: NOW + 500,
    },
    {
      case: 'force sends entries in backoff',
      entries: [e('order:a', { name: 'a1', next_attempt_at: NOW + 500 })],
      options: { force: true },
      send: ['a1'],
      wakeAt: null,
    },
    {
      case: 'the server answering again sends what waited for the network, not what waits for a 5xx backoff',
      entries: [
        e('order:a', { name: 'a1', next_attempt_at: NOW + 9000, waiting_for: 'network' }),
        e('order:b', { name: 'b1', next_attempt_at: NOW + 9000, waiting_for: 'server' }),
      ],
      options: { networkBack: true },
      send: ['a1'],
      wakeAt: NOW + 9000,
    },
    {
      case: 'a network hold sends nothing and wakes at its end',
      entries: [e('order:a', { name: 'a1' })],
      options: { networkHoldUntil: NOW + 3000 },
      send: [],
      wakeAt: NOW + 3000,
    },
    {
      case: 'another user’s entry is never sent and holds back its record, no wake-up',
      entries: [e('order:a', { name: 'a1', user_id: 'other' }), e('order:a', { name: 'a2' })],
      send: [],
      wakeAt: null,
    },
    {
      case: 'an unknown kind is kept, not sent, and holds back its record',
      entries: [
        e('order:a', { name: 'a1', kind: 'future.kind' }),
        e('order:a', { name: 'a2' }),
        e('order:b', { name: 'b1' }),
      ],
      send: ['b1'],
      wakeAt: null,
    },
    {
      case: 'a wildcard orders against every record of its collection',
      entries: [
        e('notification:n1', { name: 'n1', status: 'failed' }),
        e('notification:*', { name: 'all' }),
        e('notification:n2', { name: 'n2' }),
        e('order:a', { name: 'a1' }),
      ],
      send: ['a1'],
      wakeAt: null,
    },
  ];
  for (const row of table) {
    it(row.case, () => {
      const plan = planSends(row.entries, { ...opts, ...row.options });
      expect(names(plan.send)).toEqual(row.send);
      expect(plan.wakeAt).toBe(row.wakeAt);
    });
  }
});

describe('outbox algebra (property)', () => {
  const T0 = '2025-01-10T10:00:00.000Z';
  const notification = (id: string, title: string, is_read: boolean): Notification => ({
    id,
    type: 'order_created',
    title,
    message: 'm',
    is_read,
    created_at: T0,
    related_order: null,
  });

  it('after any interleaving of pull, acknowledge, reject, discard and retry, the row shown = server row + pending effects', async () => {
    const op = fc.oneof(
      fc.constant({ t: 'read' as const }),
      fc.record({
        t: fc.constant('pull' as const),
        title: fc.constantFrom('A', 'B', 'C'),
        read: fc.boolean(),
      }),
      fc.constant({ t: 'ack' as const }),
      fc.constant({ t: 'reject' as const }),
      fc.constant({ t: 'discard' as const }),
      fc.constant({ t: 'retry' as const }),
    );
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(op, { maxLength: 12 }), async (ops) => {
        const db = new LocalDb(
          { tenant: 't', userId: `u${run++}` },
          { indexedDB: new IDBFactory(), IDBKeyRange },
        );
        await db.open();
        let server = notification('n1', 'A', false);
        await db.transaction('rw', [db.notifications, db.outbox, db.base], () =>
          putServerRows(db, 'notifications', [server], []),
        );
        for (const o of ops) {
          const entries = await listEntries(db);
          const pending = entries.find((x) => x.status === 'pending');
          const failed = entries.find((x) => x.status === 'failed');
          if (o.t === 'read') {
            // Queue a read even when already shown read (the action itself would skip it; the algebra must not care).
            await enqueue(db, {
              kind: 'notification.read',
              summary: 'r',
              params: { id: 'n1' },
              records: [recordKey('notifications', 'n1')],
            });
          } else if (o.t === 'pull') {
            server = notification('n1', o.title, o.read);
            await db.transaction('rw', [db.notifications, db.outbox, db.base], () =>
              putServerRows(db, 'notifications', [server], []),
            );
          } else if (o.t === 'ack' && pending) {
            server = { ...server, is_read: true };
            await acknowledge(db, pending, server);
          } else if (o.t === 'reject' && pending) {
            await reject(db, pending, { status: 403, error: 'hayır', code: 'FORBIDDEN' });
          } else if (o.t === 'discard' && (failed ?? pending)) {
            await discardEntry(db, (failed ?? pending)?.id as string);
          } else if (o.t === 'retry' && failed) {
            await retryEntry(db, failed.id);
          }
        }
        const stillPending = (await listEntries(db)).some((x) => x.status === 'pending');
        const shown = await db.notifications.get('n1');
        expect(shown?.title).toBe(server.title);
        expect(shown?.is_read).toBe(server.is_read || stillPending);
        db.close();
        await db.delete();
      }),
      { numRuns: 60 },
    );
  });

  it('markNotificationRead on an unknown id queues nothing', async () => {
    const db = new LocalDb({ tenant: 't', userId: 'x' }, { indexedDB: new IDBFactory(), IDBKeyRange });
    await db.open();
    expect(await markNotificationRead(db, 'nope')).toBeNull();
    db.close();
  });
});
