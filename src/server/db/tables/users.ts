import type { ColumnType, Generated, Selectable } from 'kysely';
import type { NullableTimestamp, Timestamp } from '../column-types';

export interface UsersTable {
  tenant_id: string;
  id: string;
  username: string;
  password_hash: string;
  full_name: string;
  email: string | null;
  phone: string | null;
  role: string;
  is_active: Generated<boolean>;
  last_login: NullableTimestamp;
  /** The user's own language and time zone (null: not chosen; migration 0019). */
  language: ColumnType<string | null, string | null | undefined, string | null>;
  timezone: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** Raised by every change of the account; an admin's edit names it (migration 0018). */
  version: Generated<number>;
  /** Soft delete: the row stays for the records that name it; the account is gone (migration 0018). */
  deleted_at: NullableTimestamp;
  /** The password in use was made by someone else: it only lets its user set their own (migration 0031). */
  password_must_change: Generated<boolean>;
  /** When such a one-time password stops signing in (null: never; migration 0031). */
  password_expires_at: NullableTimestamp;
}

export type UserRow = Selectable<UsersTable>;
