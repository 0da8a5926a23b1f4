import { PUSH_BATCH_BYTES, PUSH_MAX_ENTRIES, recordKeysOverlap } from '../../../shared/api/push';
import type { OutboxEntry } from '../database';

/**
 * WHICH OF THE SENDABLE ENTRIES GO IN THE NEXT REQUEST (POST /sync/push) — a pure function,
 * table-tested in tests/unit/sync-batch.test.ts. The engine takes the plan's `send` list (already
 * in per-record FIFO order, see plan.ts), sends the batch this returns, records the answers, and
 * plans again.
 *
 * Bounds: at most `maxEntries` entries and `maxBytes` of JSON. An entry larger than `maxBytes` on
 * its own (a delivery with its photo) goes alone. The batch ends at the first entry that does not
 * fit, so nothing after it overtakes it.
 *
 * Per-record order with versioned edits: a queued edit names the version its user saw
 * (`expected_version`); when an earlier entry of the same record is acknowledged, the outbox moves
 * that number on to the version the server made (outbox.ts `carryVersions`). Sent in the same
 * batch, the edit would still carry the old number and be refused. So an entry naming
 * `expected_version` whose record already has an entry in this batch waits for the next batch —
 * and so does every later entry of that record (their order is kept); other records fill the
 * batch. Everything else of one record (scans, status changes, reads) shares a batch: the server
 * applies the entries in order and holds back the rest of a record after a refusal, exactly as
 * sending them one at a time did.
 */
export type BatchEntry = Pick<OutboxEntry, 'id' | 'method' | 'path' | 'body' | 'record_key'>;

export interface BatchLimits {
  maxEntries?: number;
  maxBytes?: number;
}

/** The entry as it goes on the wire (`entries[i]` of POST /sync/push). */
export function wireEntry(entry: BatchEntry) {
  return {
    key: entry.id,
    method: entry.method,
    path: entry.path,
    ...(entry.body === null || entry.body === undefined ? {} : { body: entry.body }),
    record_key: entry.record_key,
  };
}

/** UTF-8 bytes of the entry's JSON (what it adds to the request body). */
export function wireSize(entry: BatchEntry): number {
  return new TextEncoder().encode(JSON.stringify(wireEntry(entry))).length + 1;
}

function namesVersion(entry: BatchEntry): boolean {
  const body = entry.body;
  return typeof body === 'object' && body !== null && 'expected_version' in body;
}

export function nextBatch<T extends BatchEntry>(send: readonly T[], limits: BatchLimits = {}): T[] {
  const maxEntries = limits.maxEntries ?? PUSH_MAX_ENTRIES;
  const maxBytes = limits.maxBytes ?? PUSH_BATCH_BYTES;
  const batch: T[] = [];
  const inBatch: string[] = [];
  const deferred: string[] = [];
  let bytes = 0;
  for (const entry of send) {
    if (batch.length >= maxEntries) break;
    const key = entry.record_key;
    if (deferred.some((k) => recordKeysOverlap(k, key))) {
      deferred.push(key);
      continue;
    }
    if (namesVersion(entry) && inBatch.some((k) => recordKeysOverlap(k, key))) {
      deferred.push(key);
      continue;
    }
    const size = wireSize(entry);
    if (batch.length > 0 && bytes + size > maxBytes) break;
    batch.push(entry);
    inBatch.push(key);
    bytes += size;
    if (bytes >= maxBytes) break;
  }
  return batch;
}
