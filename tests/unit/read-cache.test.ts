import { describe, expect, it } from 'vitest';
import { ReadCache } from '../../src/server/lib/read-cache';

describe('ReadCache', () => {
  it('loads once within the TTL and again after an invalidation', async () => {
    const cache = new ReadCache<number>(60_000, 10);
    let loads = 0;
    const load = async () => ++loads;
    expect(await cache.get('k', load)).toBe(1);
    expect(await cache.get('k', load)).toBe(1);
    cache.invalidate();
    expect(await cache.get('k', load)).toBe(2);
  });

  it('never stores a read that started before an invalidation (a read racing a logout)', async () => {
    const cache = new ReadCache<string>(60_000, 10);
    let release: (v: string) => void = () => {};
    const slow = cache.get('session', () => new Promise<string>((r) => (release = r)));
    cache.invalidate(); // the logout commits while the read is in flight
    release('live (read before the logout)');
    expect(await slow).toBe('live (read before the logout)');
    expect(await cache.get('session', async () => 'revoked')).toBe('revoked');
  });

  it('keeps nothing for a missing row, and nothing at all with a TTL of 0', async () => {
    const cache = new ReadCache<string>(60_000, 10);
    let loads = 0;
    const missing = async () => {
      loads++;
      return undefined;
    };
    await cache.get('x', missing);
    await cache.get('x', missing);
    expect(loads).toBe(2);
    const off = new ReadCache<string>(0, 10);
    await off.get('y', async () => 'a');
    expect(off.size).toBe(0);
  });

  it('expires entries after the TTL and stays within its bound', async () => {
    const cache = new ReadCache<number>(20, 100);
    let loads = 0;
    await cache.get('k', async () => ++loads);
    await new Promise((r) => setTimeout(r, 40));
    expect(await cache.get('k', async () => ++loads)).toBe(2);
    for (let i = 0; i < 1000; i++) await cache.get(`key-${i}`, async () => i);
    expect(cache.size).toBeLessThanOrEqual(100);
  });
});
