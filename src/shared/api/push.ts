import { z } from 'zod';
import { typeError } from './common';
import { apiErrorSchema } from './errors';

/**
 * POST /sync/push?tenant= — a device's queued changes in one request.
 *
 * Each entry is exactly the request the outbox would otherwise send on its own (method, path,
 * body) with its own Idempotency-Key (`key`). The server applies the entries one after another,
 * each through the same route as its single request — same checks (who may, expected status,
 * expected version, client-made ids), same stored outcome, each in its own transaction — and
 * answers per entry with exactly what that single request would have answered (status + body;
 * `replayed` when it is the stored outcome of an earlier try).
 *
 * Order: `record_key` is the entry's ordering key (`order:<id>`, `notification:*`, or several
 * records separated by spaces, see recordKeyParts). Once an
 * entry is not applied (refused, or to be retried), the later entries of an overlapping record
 * are not tried: they answer `held` and wait on the device behind the refused one, as if they had
 * never been sent. Entries of other records go on. An entry answered 401 (the session ended
 * meanwhile) or 5xx stops the batch: every later entry answers `held` too.
 */

/** At most this many entries per request. */
export const PUSH_MAX_ENTRIES = 100;
/** The request body's bound (bytes), as for any other request (a delivery with its photo fits). */
export const PUSH_MAX_BYTES = 1024 * 1024;
/**
 * What a device packs into one request (bytes of the entries' JSON): small enough that a batch on
 * a slow line is answered well within the request timeout; one larger entry goes alone.
 */
export const PUSH_BATCH_BYTES = 256 * 1024;

const KEY_PATTERN = /^[\x21-\x7e]{1,200}$/;

function singleKeysOverlap(a: string, b: string): boolean {
  if (a === b) return true;
  if (a.endsWith(':*') && b.startsWith(a.slice(0, -1))) return true;
  if (b.endsWith(':*') && a.startsWith(b.slice(0, -1))) return true;
  return false;
}

/**
 * The records an ordering key names. A key may name several, separated by spaces: an order
 * created for a customer made in the same offline session is `order:<id> customer:<id>`, so it
 * waits behind the customer's create (and is held when that create is refused: it must not link
 * to nothing), while later entries of either record wait behind it.
 */
export function recordKeyParts(key: string): string[] {
  return key.includes(' ') ? key.split(' ').filter(Boolean) : [key];
}

/**
 * Two ordering keys overlap when they share a record: equal keys, or one a wildcard over the
 * other's collection (`notification:*` and `notification:abc`); for keys naming several records,
 * when any of the one's overlaps any of the other's.
 */
export function recordKeysOverlap(a: string, b: string): boolean {
  if (a === b) return true;
  if (!a.includes(' ') && !b.includes(' ')) return singleKeysOverlap(a, b);
  const bs = recordKeyParts(b);
  return recordKeyParts(a).some((x) => bs.some((y) => singleKeysOverlap(x, y)));
}

export const pushEntrySchema = z.object({
  key: z
    .string({ error: 'Anahtar gereklidir' })
    .regex(KEY_PATTERN, 'Anahtar 1-200 görünür karakter olmalıdır'),
  method: z.enum(['POST', 'PUT', 'PATCH', 'DELETE'], { error: 'Yöntem geçersiz' }),
  path: z
    .string({ error: 'Adres gereklidir' })
    .max(300, 'Adres en fazla 300 karakter olabilir')
    .regex(/^(\/[A-Za-z0-9._~%-]+)+$/, 'Adres geçersiz'),
  body: z.unknown().optional(),
  record_key: z
    .string({ error: 'Kayıt anahtarı metin olmalıdır' })
    .min(1, 'Kayıt anahtarı boş olamaz')
    .max(300, 'Kayıt anahtarı en fazla 300 karakter olabilir')
    .optional(),
});
export type PushEntry = z.infer<typeof pushEntrySchema>;

export const pushBody = z.object({
  entries: z
    .array(pushEntrySchema, {
      error: typeError(
        'Gönderilecek değişiklikler gereklidir',
        'Gönderilecek değişiklikler bir liste olmalıdır',
      ),
    })
    .min(1, 'Gönderilecek değişiklikler en az 1 öğe içermelidir')
    .max(PUSH_MAX_ENTRIES, `Gönderilecek değişiklikler en fazla ${PUSH_MAX_ENTRIES} öğe içerebilir`),
});

/** The single request's answer: `{ success: true, data }` or the error envelope. */
const answerBody = z.union([z.object({ success: z.literal(true), data: z.unknown() }), apiErrorSchema]);

export const pushResultSchema = z.discriminatedUnion('outcome', [
  z.object({
    key: z.string(),
    outcome: z.literal('answered'),
    status: z.number().int(),
    body: answerBody,
    /** The stored outcome of an earlier try with this key (nothing was applied now). */
    replayed: z.boolean(),
  }),
  z.object({
    key: z.string(),
    outcome: z.literal('held'),
    /** 'record': an earlier entry of its record was not applied; 'stopped': the batch stopped. */
    reason: z.enum(['record', 'stopped']),
  }),
]);
export type PushResult = z.infer<typeof pushResultSchema>;

export const pushResponse = z.object({ results: z.array(pushResultSchema) });
export type PushResponse = z.infer<typeof pushResponse>;
