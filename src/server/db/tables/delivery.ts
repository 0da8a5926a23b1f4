import type { Timestamp } from '../column-types';

/** Proof of delivery (migration 0006): one per delivered order. */
export interface DeliveryProofsTable {
  tenant_id: string;
  order_id: string;
  event_id: string;
  recipient_name: string;
  signature: Uint8Array;
  signature_type: string;
  photo: Uint8Array | null;
  photo_type: string | null;
  delivered_at: Timestamp;
  received_at: Timestamp;
  delivered_by: string | null;
  delivered_by_name: string | null;
  latitude: number | null;
  longitude: number | null;
  accuracy: number | null;
}
