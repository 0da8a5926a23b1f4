import { z } from 'zod';

/**
 * A device's health, reported with its pulls (GET /sync/pull) in one compact header, so that
 * admins see the fleet: which handheld holds changes the server has not seen, since when, how many
 * the server refused, which app version it runs and whether its browser may evict its data.
 *
 * Wire form: `X-Device-Report: d=<id>&o=<n>&a=<s>&f=<n>&s=<s>&v=<ver>&p=<0|1>&u=<bytes>&q=<bytes>`
 * (URL-encoded pairs; times in epoch seconds). A typical report is ~110 bytes. It is bounded at
 * DEVICE_REPORT_MAX_CHARS and validated field by field; a report that is too long, repeats a key or
 * carries a bad value is ignored as a whole (the pull itself is answered as usual), so a broken or
 * hostile client can never break its own sync with it. Unknown keys are skipped (a newer app may
 * report more).
 */
export const DEVICE_REPORT_HEADER = 'X-Device-Report';
/** The answer's header saying what became of the report: stored, skipped (nothing new), ignored (invalid). */
export const DEVICE_REPORT_RESULT_HEADER = 'X-Device-Report-Result';
export const DEVICE_REPORT_MAX_CHARS = 512;
/** A device silent for longer than this is shown grey (not green) on the status tab. */
export const DEVICE_SILENT_AFTER_MS = 24 * 60 * 60 * 1000;

const MAX_COUNT = 1_000_000;
/** 2^53 − 1 bytes: far more than any browser quota, and exact as a JS number and a bigint. */
const MAX_BYTES = Number.MAX_SAFE_INTEGER;
// Epoch seconds between 2020 and 2100: anything else is a broken clock or a forged value.
const MIN_EPOCH_S = 1_577_836_800;
const MAX_EPOCH_S = 4_102_444_800;

const int = (max: number) =>
  z
    .string()
    .regex(/^\d{1,16}$/)
    .transform(Number)
    .refine((n) => n <= max);
const epoch = z
  .string()
  .regex(/^\d{10}$/)
  .transform(Number)
  .refine((n) => n >= MIN_EPOCH_S && n <= MAX_EPOCH_S);

const wireSchema = z.object({
  d: z.string().regex(/^[A-Za-z0-9-]{8,64}$/),
  o: int(MAX_COUNT),
  a: epoch.optional(),
  f: int(MAX_COUNT),
  s: epoch.optional(),
  v: z
    .string()
    .regex(/^[0-9A-Za-z.+-]{1,32}$/)
    .optional(),
  p: z.enum(['0', '1']).optional(),
  u: int(MAX_BYTES).optional(),
  q: int(MAX_BYTES).optional(),
});

/** What a device says about itself (times as ISO strings; null where it cannot tell). */
export interface DeviceFacts {
  device_id: string;
  /** Changes queued on the device, not yet acknowledged by the server. */
  outbox_pending: number;
  /** When the oldest of them was made. */
  oldest_pending_at: string | null;
  /** Changes the server refused, kept on the device until the user retries or discards them. */
  failed: number;
  /** The device's last complete pull. */
  last_sync_at: string | null;
  app_version: string | null;
  /** navigator.storage.persisted(): null when the browser cannot tell. */
  persisted: boolean | null;
  storage_used: number | null;
  storage_quota: number | null;
}

const toEpoch = (iso: string | null): string | undefined => {
  if (!iso) return undefined;
  const ms = Date.parse(iso);
  if (!Number.isFinite(ms)) return undefined;
  const s = Math.floor(ms / 1000);
  return s >= MIN_EPOCH_S && s <= MAX_EPOCH_S ? String(s) : undefined;
};
const fromEpoch = (s: number | undefined) => (s === undefined ? null : new Date(s * 1000).toISOString());
const bytes = (n: number | null) =>
  n !== null && Number.isFinite(n) && n >= 0 ? String(Math.min(Math.floor(n), MAX_BYTES)) : undefined;
const count = (n: number) => String(Math.max(0, Math.min(Math.floor(n) || 0, MAX_COUNT)));

/** The header's value for these facts (values out of range are left out, never sent broken). */
export function encodeDeviceReport(facts: DeviceFacts): string {
  const pairs: Array<[string, string | undefined]> = [
    ['d', facts.device_id],
    ['o', count(facts.outbox_pending)],
    ['a', toEpoch(facts.oldest_pending_at)],
    ['f', count(facts.failed)],
    ['s', toEpoch(facts.last_sync_at)],
    [
      'v',
      facts.app_version && /^[0-9A-Za-z.+-]{1,32}$/.test(facts.app_version) ? facts.app_version : undefined,
    ],
    ['p', facts.persisted === null ? undefined : facts.persisted ? '1' : '0'],
    ['u', bytes(facts.storage_used)],
    ['q', bytes(facts.storage_quota)],
  ];
  return pairs
    .filter((pair): pair is [string, string] => pair[1] !== undefined)
    .map(([k, v]) => `${k}=${encodeURIComponent(v)}`)
    .join('&');
}

/** The facts of a header value, or null when it is absent, too long or invalid in any way. */
export function parseDeviceReport(value: string | string[] | undefined): DeviceFacts | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > DEVICE_REPORT_MAX_CHARS) return null;
  const fields: Record<string, string> = Object.create(null);
  let n = 0;
  for (const pair of value.split('&')) {
    if (++n > 16) return null;
    const eq = pair.indexOf('=');
    if (eq <= 0) return null;
    const key = pair.slice(0, eq);
    let text: string;
    try {
      text = decodeURIComponent(pair.slice(eq + 1));
    } catch {
      return null;
    }
    if (Object.hasOwn(fields, key)) return null;
    fields[key] = text;
  }
  const parsed = wireSchema.safeParse(fields);
  if (!parsed.success) return null;
  const r = parsed.data;
  return {
    device_id: r.d,
    outbox_pending: r.o,
    oldest_pending_at: fromEpoch(r.a),
    failed: r.f,
    last_sync_at: fromEpoch(r.s),
    app_version: r.v ?? null,
    persisted: r.p === undefined ? null : r.p === '1',
    storage_used: r.u ?? null,
    storage_quota: r.q ?? null,
  };
}
