import { describe, expect, it } from 'vitest';
import { Monitor, RING_SIZE, WINDOW_MS } from '../../src/server/status/monitor';

/**
 * The in-memory figures behind the system status: requests of the last 15 minutes (ring buffer,
 * oldest overwritten), their 5xx share and mean time, active users per tenant, CPU readings.
 */
function clock(start = 1_800_000_000_000) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

describe('the status monitor', () => {
  it('counts the requests of the window, their 5xx and mean time; older ones drop out', () => {
    const c = clock();
    const m = new Monitor(c.now);
    m.record(200, 10, 'demo');
    c.advance(WINDOW_MS); // the first is now 15 min old, and past the window once a ms more has passed
    m.record(200, 30, 'demo');
    m.record(503, 50, 'demo');
    m.record(500, 70, 'other');
    c.advance(1);
    const r = m.requests('demo');
    expect(r.total).toBe(3);
    expect(r.serverErrors).toBe(2);
    expect(r.tenantServerErrors).toBe(1);
    expect(r.meanMs).toBeCloseTo(50);
    c.advance(WINDOW_MS);
    expect(m.requests('demo')).toEqual({ total: 0, serverErrors: 0, tenantServerErrors: 0, meanMs: null });
  });

  it('keeps only the last RING_SIZE requests', () => {
    const c = clock();
    const m = new Monitor(c.now);
    for (let i = 0; i < RING_SIZE + 100; i++) m.record(i < 100 ? 500 : 200, 1, 'demo');
    const r = m.requests('demo');
    expect(r.total).toBe(RING_SIZE);
    expect(r.serverErrors).toBe(0); // the 100 failures were the oldest, overwritten
  });

  it('lists a tenant’s users active in the last 15 minutes, most recent first, never another tenant’s', () => {
    const c = clock();
    const m = new Monitor(c.now);
    const user = (id: string) => ({ user_id: id, username: id, full_name: id, role: 'salesperson' });
    m.seen('demo', user('a'));
    c.advance(60_000);
    m.seen('demo', user('b'));
    m.seen('other', user('c'));
    expect(m.activeUsers('demo').map((u) => u.user_id)).toEqual(['b', 'a']);
    c.advance(WINDOW_MS - 30_000);
    expect(m.activeUsers('demo').map((u) => u.user_id)).toEqual(['b']);
    expect(m.activeUsers('nobody')).toEqual([]);
  });

  it('reads CPU as percentages', () => {
    const m = new Monitor();
    const first = m.cpu();
    for (const value of [first.process, first.machine]) {
      expect(value).not.toBeNull();
      expect(value).toBeGreaterThanOrEqual(0);
      expect(value).toBeLessThanOrEqual(100);
    }
    // Asked again within a second: the same figures (no noise from a few ms of samples).
    expect(m.cpu()).toEqual(first);
  });
});
