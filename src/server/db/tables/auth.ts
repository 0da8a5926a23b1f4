import type { Generated } from 'kysely';
import type { NullableTimestamp, Timestamp } from '../column-types';

export interface SessionsTable {
  tenant_id: string;
  id: string; // the token's jti
  user_id: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  revoked_at: NullableTimestamp;
  /** Last request seen (refreshed at most once a minute): the idle timeout reads it. */
  last_seen_at: Generated<Date>;
  ip: string | null;
  user_agent: string | null;
}

export interface LoginAttemptsTable {
  tenant_id: string;
  username: string; // lower-cased, also for unknown usernames (no user enumeration)
  failed_count: Generated<number>;
  locked_until: NullableTimestamp;
  last_failed_at: NullableTimestamp;
  updated_at: Timestamp;
}

/** A password reset link's token, by its SHA-256 hash (never the token itself). */
export interface PasswordResetTokensTable {
  tenant_id: string;
  token_hash: string;
  user_id: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
}
