import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/schema';
import {
  EventHub,
  type EventSink,
  eventFrame,
  isRelevant,
  parseChange,
} from '../../src/server/events/events.service';

/**
 * The events hub without HTTP: who an announcement concerns (the status machine's canSeeOrder on
 * the order before AND after), and the backpressure rule (a full socket coalesces to the newest
 * number instead of queueing). The real stream over HTTP is tests/api/events.test.ts.
 */
const SALES = '11111111-1111-4111-8111-111111111111';
const SALES2 = '22222222-2222-4222-8222-222222222222';
const DRIVER = '33333333-3333-4333-8333-333333333333';

const order = (t: string, s: number, b: unknown[] | null, a: unknown[] | null) =>
  JSON.stringify({ t, s, k: 'o', b, a });

function sink() {
  const written: string[] = [];
  let full = false;
  let drain: (() => void) | null = null;
  let ended = false;
  const s: EventSink & { written: string[]; setFull(v: boolean): void; drain(): void; ended(): boolean } = {
    written,
    write(chunk) {
      written.push(chunk);
      return !full;
    },
    onDrain(fn) {
      drain = fn;
    },
    end() {
      ended = true;
    },
    setFull(v) {
      full = v;
    },
    drain() {
      full = false;
      drain?.();
    },
    ended: () => ended,
  };
  return s;
}

const hub = (max = 5) =>
  new EventHub({} as Kysely<Database>, null, {
    heartbeatMs: 60_000,
    maxStreamsPerUser: max,
    latest: async () => null,
  });

describe('events: who a change concerns', () => {
  it('orders: before or after within the user’s view; notifications: the owner; catalogue: everyone', () => {
    const sales = { id: SALES, role: 'salesperson' as const };
    const wh = { id: 'w', role: 'warehouse' as const };
    const drv = { id: DRIVER, role: 'driver' as const };
    const mgr = { id: 'm', role: 'manager' as const };
    const approve = parseChange(
      order('demo', 5, ['pending_approval', SALES, null], ['approved', SALES, null]),
    );
    if (!approve) throw new Error('parse');
    expect([sales, wh, drv, mgr].map((u) => isRelevant(approve, u))).toEqual([true, true, false, true]);
    expect(isRelevant(approve, { id: SALES2, role: 'salesperson' })).toBe(false);
    // leaving the warehouse's view (approved → cancelled) still concerns it
    const cancel = parseChange(order('demo', 6, ['approved', SALES, null], ['cancelled', SALES, null]));
    if (!cancel) throw new Error('parse');
    expect(isRelevant(cancel, wh)).toBe(true);
    // a driver taken off an order hears of it; a deleted order concerns who saw it before
    const reassign = parseChange(order('demo', 7, ['prepared', SALES, DRIVER], ['prepared', SALES, 'x']));
    if (!reassign) throw new Error('parse');
    expect(isRelevant(reassign, drv)).toBe(true);
    const deleted = parseChange(order('demo', 8, ['pending_approval', SALES, null], null));
    if (!deleted) throw new Error('parse');
    expect([sales, wh].map((u) => isRelevant(deleted, u))).toEqual([true, false]);
    const note = parseChange(JSON.stringify({ t: 'demo', s: 9, k: 'n', u: SALES }));
    if (!note) throw new Error('parse');
    expect([sales, mgr].map((u) => isRelevant(note, u))).toEqual([true, false]);
    const product = parseChange(JSON.stringify({ t: 'demo', s: 10, k: 'c' }));
    if (!product) throw new Error('parse');
    expect([sales, wh, drv, mgr].every((u) => isRelevant(product, u))).toBe(true);
    for (const bad of [
      '',
      'x',
      '{}',
      '{"t":"demo","s":0,"k":"c"}',
      '{"t":"demo","s":1,"k":"n"}',
      '{"t":1,"s":1,"k":"c"}',
    ])
      expect(parseChange(bad)).toBeNull();
  });
});

describe('events hub', () => {
  it('sends only to streams of the tenant it concerns, each number once, only forward', async () => {
    const h = hub();
    const a = sink();
    const b = sink();
    const other = sink();
    await h.open('demo', { id: SALES, role: 'salesperson' }, a, 0);
    await h.open('demo', { id: SALES2, role: 'salesperson' }, b, 0);
    await h.open('client1', { id: SALES, role: 'salesperson' }, other, 0);
    h.dispatch(order('demo', 5, null, ['pending_approval', SALES, null]));
    h.dispatch(order('demo', 5, null, ['pending_approval', SALES, null]));
    h.dispatch(order('demo', 4, null, ['pending_approval', SALES, null]));
    expect(a.written).toEqual([eventFrame(5)]);
    expect(b.written).toEqual([]);
    expect(other.written).toEqual([]);
    h.closeAll();
    expect(a.ended() && b.ended() && other.ended()).toBe(true);
    expect(h.size).toBe(0);
  });

  it('backpressure: while the socket is full, numbers coalesce to the newest; drain writes that one', async () => {
    const h = hub();
    const s = sink();
    await h.open('demo', { id: 'm', role: 'manager' }, s, 0);
    s.setFull(true);
    h.dispatch(JSON.stringify({ t: 'demo', s: 1, k: 'c' })); // written, and the buffer is now full
    for (let n = 2; n <= 1000; n++) h.dispatch(JSON.stringify({ t: 'demo', s: n, k: 'c' }));
    expect(s.written).toEqual([eventFrame(1)]);
    s.drain();
    expect(s.written).toEqual([eventFrame(1), eventFrame(1000)]);
    h.closeAll();
  });

  it('at most N streams per user: opening one more closes the oldest', async () => {
    const h = hub(2);
    const sinks = [sink(), sink(), sink()];
    for (const s of sinks) await h.open('demo', { id: SALES, role: 'salesperson' }, s, 0);
    expect(sinks.map((s) => s.ended())).toEqual([true, false, false]);
    expect(h.streamsOf('demo', SALES)).toBe(2);
    h.closeAll();
  });
});
