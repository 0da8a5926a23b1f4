import { describe, expect, it } from 'vitest';
import { type BatchEntry, nextBatch, wireSize } from '../../src/client/local/sync/batch';
import { PUSH_BATCH_BYTES, PUSH_MAX_ENTRIES } from '../../src/shared/api/push';

/**
 * Which of the sendable entries go in the next POST /sync/push: bounded by count and bytes, in
 * order, and never a versioned edit behind an entry of its own record in the same batch (its
 * expected_version is moved on only when that entry is acknowledged).
 */

let n = 0;
function e(
  record_key: string,
  body: unknown = { scan_id: `s${n}` },
  path = '/warehouse/scan-barcode',
): BatchEntry {
  n++;
  return { id: `k${n}`, method: 'POST', path, body, record_key };
}
const keys = (entries: BatchEntry[]) => entries.map((x) => x.id);

describe('nextBatch: split by count and size', () => {
  it(`takes at most ${PUSH_MAX_ENTRIES} entries, in order, and the rest come next`, () => {
    const send = Array.from({ length: 250 }, () => e('order:a'));
    const first = nextBatch(send);
    expect(first).toHaveLength(PUSH_MAX_ENTRIES);
    expect(keys(first)).toEqual(keys(send.slice(0, PUSH_MAX_ENTRIES)));
    const second = nextBatch(send.slice(first.length));
    expect(keys(second)).toEqual(keys(send.slice(100, 200)));
    expect(nextBatch(send.slice(200))).toHaveLength(50);
    expect(nextBatch([])).toEqual([]);
  });

  it('stops before the entry that would pass the byte bound (nothing after it overtakes it)', () => {
    const note = 'x'.repeat(1000);
    const send = Array.from({ length: 10 }, (_, i) => e(`order:${i}`, { notes: note }));
    const size = wireSize(send[0] as BatchEntry);
    const batch = nextBatch(send, { maxBytes: size * 3 + 10 });
    expect(keys(batch)).toEqual(keys(send.slice(0, 3)));
    // the default bound
    const big = Array.from({ length: 100 }, (_, i) => e(`order:${i}`, { notes: 'y'.repeat(10_000) }));
    const bytes = nextBatch(big).reduce((sum, x) => sum + wireSize(x), 0);
    expect(bytes).toBeLessThanOrEqual(PUSH_BATCH_BYTES);
    expect(nextBatch(big).length).toBe(Math.floor(PUSH_BATCH_BYTES / wireSize(big[0] as BatchEntry)));
  });

  it('an entry larger than the bound on its own goes alone (a delivery with its photo)', () => {
    const photo = e('order:d', { photo: 'z'.repeat(PUSH_BATCH_BYTES + 1) }, '/orders/d/deliver');
    const after = e('order:x');
    expect(keys(nextBatch([photo, after]))).toEqual([photo.id]);
    const before = e('order:y');
    expect(keys(nextBatch([before, photo, after]))).toEqual([before.id]);
  });

  it('counts bytes as UTF-8 (ı and ğ take two each)', () => {
    const ascii = e('order:a', { notes: 'sigir' });
    const turkish = e('order:a', { notes: 'sığır' });
    expect(wireSize(turkish) - wireSize(ascii)).toBe(3);
  });
});

describe('nextBatch: per-record order', () => {
  it('scans, status changes and reads of one record share a batch, in their order', () => {
    const send = [
      e('order:a'),
      e('order:a'),
      e('order:a', { status: 'prepared', expected_status: 'approved' }, '/orders/a/status'),
      e('notification:n', undefined, '/notifications/n/read'),
    ];
    expect(keys(nextBatch(send))).toEqual(keys(send));
  });

  it('a versioned edit behind an entry of its record waits for the next batch, with every later entry of that record; other records go on', () => {
    const scan = e('order:a');
    const edit = e('order:a', { notes: 'bir', expected_version: 3 }, '/orders/a');
    const afterEdit = e('order:a', { status: 'cancelled', expected_status: 'approved' }, '/orders/a/status');
    const other = e('order:b', { notes: 'iki', expected_version: 7 }, '/orders/b');
    const otherScan = e('order:b');
    const first = nextBatch([scan, edit, afterEdit, other, otherScan]);
    expect(keys(first)).toEqual([scan.id, other.id, otherScan.id]);
    // Once the scan is acknowledged, the edit leads its record's next batch.
    expect(keys(nextBatch([edit, afterEdit]))).toEqual([edit.id, afterEdit.id]);
  });

  it('a wildcard key (mark all read) orders with every entry of its collection', () => {
    const read = e('notification:1', undefined, '/notifications/1/read');
    const all = e('notification:*', { ids: ['1', '2'], expected_version: 1 }, '/notifications/mark-all-read');
    const later = e('notification:2', undefined, '/notifications/2/read');
    const order = e('order:z');
    expect(keys(nextBatch([read, all, later, order]))).toEqual([read.id, order.id]);
  });
});
