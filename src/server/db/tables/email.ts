import type { ColumnType } from 'kysely';
import type { NullableTimestamp, Timestamp } from '../column-types';

/** Whether this deployment sends e-mail (one row, written at start-up from SMTP_URL). */
export interface EmailDeliveryTable {
  enabled: boolean;
  updated_at: Timestamp;
}

/** An e-mail to send (migration 0023): the queue worker sends it, retrying with backoff. */
export interface EmailOutboxTable {
  tenant_id: string;
  id: string;
  kind: 'notification' | 'password_reset' | 'registration_verify' | 'registration_approved';
  notification_id: string | null;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  status: ColumnType<
    'pending' | 'sending' | 'sent' | 'failed',
    'pending' | undefined,
    'pending' | 'sending' | 'sent' | 'failed'
  >;
  attempts: ColumnType<number, number | undefined, number>;
  next_attempt_at: Timestamp;
  locked_until: NullableTimestamp;
  last_error: string | null;
  created_at: Timestamp;
  sent_at: NullableTimestamp;
}
