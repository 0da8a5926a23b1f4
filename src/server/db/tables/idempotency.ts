import type { Json, Timestamp } from '../column-types';

export interface IdempotencyKeysTable {
  tenant_id: string;
  user_id: string;
  key: string;
  request_hash: string;
  status_code: number;
  response: Json<unknown>;
  created_at: Timestamp;
}
