import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';

type Executor = Kysely<Database> | Transaction<Database>;

export interface NewDeliveryProof {
  order_id: string;
  event_id: string;
  recipient_name: string;
  signature: Uint8Array;
  signature_type: string;
  photo: Uint8Array | null;
  photo_type: string | null;
  delivered_at: Date;
  received_at: Date;
  delivered_by: string;
  delivered_by_name: string;
  latitude: number | null;
  longitude: number | null;
  accuracy: number | null;
}

/** Stores the proof of a delivery (inside the transaction that made the order delivered). */
export async function insertDeliveryProof(
  trx: Transaction<Database>,
  tenantId: string,
  proof: NewDeliveryProof,
): Promise<void> {
  await trx
    .insertInto('delivery_proofs')
    .values({ tenant_id: tenantId, ...proof })
    .execute();
}

export type DeliveryProofRow = Omit<NewDeliveryProof, never>;

/** The proof of an order's delivery, if it has one. */
export async function findDeliveryProof(
  db: Executor,
  tenantId: string,
  orderId: string,
): Promise<DeliveryProofRow | undefined> {
  return db
    .selectFrom('delivery_proofs')
    .select([
      'order_id',
      'event_id',
      'recipient_name',
      'signature',
      'signature_type',
      'photo',
      'photo_type',
      'delivered_at',
      'received_at',
      'delivered_by',
      'delivered_by_name',
      'latitude',
      'longitude',
      'accuracy',
    ])
    .where('tenant_id', '=', tenantId)
    .where('order_id', '=', orderId)
    .executeTakeFirst() as Promise<DeliveryProofRow | undefined>;
}
