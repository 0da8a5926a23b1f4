import type { ColumnType, Generated } from 'kysely';
import type { Int8, NullableTimestamp, Timestamp } from '../column-types';

export interface NotificationsTable {
  tenant_id: string;
  id: string;
  user_id: string;
  type: string;
  title: string;
  message: string;
  /** The title and message as data (stored-texts.ts), written as JSON text; migration 0010. */
  params: ColumnType<unknown, string | null | undefined, string | null>;
  is_read: Generated<boolean>;
  read_at: NullableTimestamp;
  related_order_id: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  deleted_at: NullableTimestamp;
  change_seq: Int8;
}
