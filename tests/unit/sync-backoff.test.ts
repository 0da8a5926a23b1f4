import { describe, expect, it } from 'vitest';
import { backoffDelay } from '../../src/client/local/sync/backoff';
import { tokenClaims } from '../../src/client/local/sync/status';
import { OUTBOX_BACKOFF_CAP_MS } from '../../src/shared/domain/constants';

describe('outbox retry backoff', () => {
  it('doubles from 1 s and is capped at 30 s, with jitter in [d/2, d]', () => {
    const low = () => 0;
    const high = () => 1;
    expect([0, 1, 2, 3, 4].map((n) => backoffDelay(n, high))).toEqual([1000, 2000, 4000, 8000, 16000]);
    expect([0, 1, 2, 3, 4].map((n) => backoffDelay(n, low))).toEqual([500, 1000, 2000, 4000, 8000]);
    for (const n of [5, 6, 10, 50, 1000]) {
      expect(backoffDelay(n, high)).toBe(OUTBOX_BACKOFF_CAP_MS);
      expect(backoffDelay(n, low)).toBe(OUTBOX_BACKOFF_CAP_MS / 2);
    }
    for (let i = 0; i < 200; i++) {
      const d = backoffDelay(3);
      expect(d).toBeGreaterThanOrEqual(4000);
      expect(d).toBeLessThanOrEqual(8000);
    }
  });
});

describe('token owner check', () => {
  it('reads sub and tid from a JWT payload (base64url) and rejects garbage', () => {
    const payload = Buffer.from(JSON.stringify({ sub: 'ü-1', tid: 'demo', role: 'driver' })).toString(
      'base64url',
    );
    expect(tokenClaims(`h.${payload}.s`)).toMatchObject({ sub: 'ü-1', tid: 'demo' });
    expect(tokenClaims('not-a-jwt')).toBeNull();
    expect(tokenClaims('a.%%%.c')).toBeNull();
  });
});
