import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { Order } from '../../shared/api/entities';
import { ORDER_MESSAGES } from '../../shared/api/orders';
import { type EventNote, storedEventNote } from '../../shared/api/stored-texts';
import {
  type DeliverBody,
  type DeliveryProof,
  MAX_PROOF_PHOTO_BYTES,
  MAX_PROOF_SIGNATURE_BYTES,
} from '../../shared/api/warehouse';
import { type ActingUser, canSeeOrder } from '../../shared/domain/order-status';
import type { Database } from '../db/schema';
import type { MutationResult } from '../idempotency/mutation';
import { notFound, validation } from '../lib/errors';
import { changeStatus } from '../orders/order-status.service';
import { findOrder } from '../orders/orders.repository';
import type { OrderActor } from '../orders/orders.service';
import { findDeliveryProof, insertDeliveryProof } from './delivery.repository';

/**
 * Delivery with proof: POST /orders/{id}/deliver is the machine's
 * out_for_delivery → delivered made by PATCH …/status's own service (who may, expected_status,
 * "already satisfied", event, notification, change number), plus the proof row in the SAME
 * transaction, pointing at that event. A replay (same Idempotency-Key: the stored answer; or,
 * after the key expired, `expected_status` on an order already delivered: satisfied) writes
 * nothing, so a proof is stored once.
 */

type Db = Kysely<Database>;
type Trx = Transaction<Database>;

export type ImageType = 'image/png' | 'image/jpeg';

/** The image type the bytes are, by their magic number (PNG 89 50 4E 47 0D 0A 1A 0A, JPEG FF D8 FF). */
export function sniffImageType(bytes: Uint8Array): ImageType | null {
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length >= png.length && png.every((b, i) => bytes[i] === b)) return 'image/png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  return null;
}

/**
 * A data URL's bytes, checked: declared type one of `types`, bytes of that very type (a GIF sent
 * as image/jpeg is refused), at most `maxBytes`. Anything else is a 400 naming the field.
 */
export function decodeImage(
  dataUrl: string,
  field: 'signature' | 'photo',
  label: string,
  types: readonly ImageType[],
  maxBytes: number,
): { bytes: Buffer; type: ImageType } {
  const m = /^data:(image\/[a-z]+);base64,([A-Za-z0-9+/]+={0,2})$/.exec(dataUrl);
  const names = types.map((t) => t.slice(6).toUpperCase()).join(' veya ');
  const wrongType = () => validation(`${label} yalnızca ${names} olabilir`, field);
  if (!m || !types.includes(m[1] as ImageType)) throw wrongType();
  const bytes = Buffer.from(m[2] as string, 'base64');
  if (bytes.length > maxBytes) {
    throw validation(`${label} en fazla ${Math.round(maxBytes / 1024)} KB olabilir`, field);
  }
  const actual = sniffImageType(bytes);
  if (actual === null || actual !== m[1]) throw wrongType();
  return { bytes, type: actual };
}

const toDataUrl = (bytes: Uint8Array, type: string) =>
  `data:${type};base64,${Buffer.from(bytes).toString('base64')}`;

/** POST /orders/{id}/deliver. */
export async function deliver(
  trx: Trx,
  tenantId: string,
  actor: OrderActor,
  id: string,
  body: DeliverBody,
): Promise<MutationResult<Order>> {
  // The images first: a bad one is a 400 before anything is locked or written.
  const signature = decodeImage(
    body.signature,
    'signature',
    'İmza',
    ['image/png'],
    MAX_PROOF_SIGNATURE_BYTES,
  );
  const photo = body.photo
    ? decodeImage(body.photo, 'photo', 'Fotoğraf', ['image/jpeg', 'image/png'], MAX_PROOF_PHOTO_BYTES)
    : null;
  const recipient = body.recipient_name.trim();
  const note: EventNote = body.notes?.trim()
    ? { key: 'delivered_to', recipient, notes: body.notes.trim() }
    : { key: 'delivered_to', recipient };
  const eventId = randomUUID();
  const result = await changeStatus(
    trx,
    tenantId,
    actor,
    id,
    {
      status: 'delivered',
      notes: storedEventNote(note).notes,
      ...(body.expected_status ? { expected_status: body.expected_status } : {}),
    },
    { eventId, withProof: true, note },
  );
  if (result.changed === false) return result; // already delivered: its proof is the first one
  await insertDeliveryProof(trx, tenantId, {
    order_id: id,
    event_id: eventId,
    recipient_name: recipient,
    signature: signature.bytes,
    signature_type: signature.type,
    photo: photo?.bytes ?? null,
    photo_type: photo?.type ?? null,
    delivered_at: new Date(body.delivered_at),
    received_at: new Date(),
    delivered_by: actor.id,
    delivered_by_name: actor.full_name,
    latitude: body.location?.latitude ?? null,
    longitude: body.location?.longitude ?? null,
    accuracy: body.location?.accuracy ?? null,
  });
  return result;
}

/** GET /orders/{id}/proof: for whoever may see the order; 404 when not, or when it has no proof. */
export async function proof(db: Db, tenantId: string, user: ActingUser, id: string): Promise<DeliveryProof> {
  const order = await findOrder(db, tenantId, id);
  if (!order || order.deleted || !canSeeOrder(user, order)) throw notFound(ORDER_MESSAGES.notFound);
  const row = await findDeliveryProof(db, tenantId, id);
  if (!row) throw notFound(DELIVERY_MESSAGES.noProof);
  return {
    order_id: row.order_id,
    recipient_name: row.recipient_name,
    delivered_at: new Date(row.delivered_at).toISOString(),
    received_at: new Date(row.received_at).toISOString(),
    delivered_by: row.delivered_by,
    delivered_by_name: row.delivered_by_name,
    signature: toDataUrl(row.signature, row.signature_type),
    photo: row.photo && row.photo_type ? toDataUrl(row.photo, row.photo_type) : null,
    latitude: row.latitude,
    longitude: row.longitude,
    accuracy: row.accuracy,
  };
}

export const DELIVERY_MESSAGES = {
  noProof: 'Bu siparişin teslimat kanıtı bulunamadı',
} as const;
