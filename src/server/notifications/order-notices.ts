import { randomUUID } from 'node:crypto';
import type { Transaction } from 'kysely';
import {
  type DriverUnassignedParams,
  formatTurkish,
  renderDriverUnassigned,
} from '../../shared/api/stored-texts';
import {
  DRIVER_ASSIGNED_NOTIFICATION,
  type NotificationType,
  type NotifyTarget,
  ORDER_CREATED_NOTIFICATION,
  type Transition,
} from '../../shared/domain/order-status';
import type { Role } from '../../shared/domain/roles';
import type { Database } from '../db/schema';
import { queueNotificationEmails } from '../email/email-outbox.repository';
import { findActiveStaff, listActiveStaff } from '../users/users.repository';
import { orderNotificationRow } from './notification-texts';
import { insertNotifications } from './notifications.repository';

/**
 * The notifications an order change sends ("fan-out"). Which change notifies whom is data in
 * src/shared/domain/order-status.ts — a status change: its transition's `notify`; a new order:
 * ORDER_CREATED_NOTIFICATION (the managers and admins); a driver assignment:
 * DRIVER_ASSIGNED_NOTIFICATION (the driver), only when the driver changes (a new plate alone tells
 * nobody). This module turns a notice into rows: the recipients are active users of the tenant,
 * never the user who made the change (they know what they did), nobody twice.
 *
 * Two steps, so the order services keep their lock order (reads first, the tenant's change
 * counter last): `planOrderNotices` reads the recipients before the counter is taken and says how
 * many change numbers the notifications need; `write` inserts them with the numbers reserved
 * together with the order's own.
 */

type Trx = Transaction<Database>;

export interface OrderNotice {
  type: NotificationType;
  targets: readonly NotifyTarget[];
}

/** The kind of order change, as far as notifying goes. */
export type NoticeChange =
  | { kind: 'created' }
  | { kind: 'status_changed'; transition: Pick<Transition, 'notify'> }
  | { kind: 'driver_assigned'; newDriver: boolean };

/** The notice a change sends, if any. */
export function noticeOf(change: NoticeChange): OrderNotice | undefined {
  switch (change.kind) {
    case 'created':
      return ORDER_CREATED_NOTIFICATION;
    case 'status_changed':
      return change.transition.notify;
    case 'driver_assigned':
      return change.newDriver ? DRIVER_ASSIGNED_NOTIFICATION : undefined;
  }
}

/** The order's people after the change (whom 'salesperson' and 'driver' name). */
export interface NoticePeople {
  salesperson_id: string | null;
  driver_id: string | null;
}

/** The order as the notifications name it (its number and customer) and link to it. */
export interface NoticeOrder {
  id: string;
  order_number: string;
  customer_name: string;
}

/**
 * Whom a notice reaches: the order's salesperson, its driver, every active manager and admin, or
 * every active warehouse user of the tenant — only active users, never the actor, nobody twice
 * (an admin who is also the driver).
 */
async function recipients(
  trx: Trx,
  tenantId: string,
  targets: readonly NotifyTarget[],
  order: NoticePeople,
  actorId: string,
): Promise<string[]> {
  const ids: string[] = [];
  for (const target of targets) {
    if (target === 'managers' || target === 'warehouse') {
      const roles: Role[] = target === 'managers' ? ['manager', 'admin'] : ['warehouse'];
      ids.push(...(await listActiveStaff(trx, tenantId, roles)).map((u) => u.id));
    } else {
      const id = target === 'salesperson' ? order.salesperson_id : order.driver_id;
      const user = id ? await findActiveStaff(trx, tenantId, id) : undefined;
      if (user) ids.push(user.id);
    }
  }
  return [...new Set(ids)].filter((id) => id !== actorId);
}

export interface PlannedNotices {
  /** How many notifications (= change numbers) the change sends. */
  readonly count: number;
  /**
   * Inserts them about `order`, the i-th with `seqs[i]`, created at `at`; `notes` is the reason
   * the actor typed (shown in a rejection's or cancellation's message).
   */
  write(order: NoticeOrder, seqs: readonly number[], at: Date, notes?: string | null): Promise<void>;
}

/** Plans the notifications of `change` on an order with `people`, made by `actorId`. */
export async function planOrderNotices(
  trx: Trx,
  tenantId: string,
  change: NoticeChange,
  people: NoticePeople,
  actorId: string,
): Promise<PlannedNotices> {
  const notice = noticeOf(change);
  const to = notice ? await recipients(trx, tenantId, notice.targets, people, actorId) : [];
  return {
    count: to.length,
    async write(order, seqs, at, notes) {
      if (!notice || to.length === 0) return;
      const rows = to.map((user_id, i) => ({
        id: randomUUID(),
        user_id,
        ...orderNotificationRow(notice.type, order, notes),
        is_read: false,
        related_order_id: order.id,
        created_at: at,
        change_seq: seqs[i] as number,
      }));
      await insertNotifications(trx, tenantId, rows);
      // Their e-mail copies, in the same transaction (sent later by the queue; queued only when
      // e-mail is configured, the tenant has e-mail notifications on and the user an address).
      await queueNotificationEmails(trx, tenantId, rows);
    },
  };
}

/**
 * The driver an order was taken from (re-assigned to another driver) is told, or the order would
 * just vanish from their list: one system notification, without a link (the order is no longer
 * theirs to open). Nobody when there was no driver, the driver is inactive now, or they made the
 * change themself.
 */
export async function planDriverUnassignedNotice(
  trx: Trx,
  tenantId: string,
  previousDriverId: string | null,
  newDriverId: string,
  actorId: string,
): Promise<PlannedNotices> {
  const previous =
    previousDriverId && previousDriverId !== newDriverId && previousDriverId !== actorId
      ? await findActiveStaff(trx, tenantId, previousDriverId)
      : undefined;
  return {
    count: previous ? 1 : 0,
    async write(order, seqs, at) {
      if (!previous) return;
      const params: DriverUnassignedParams = {
        key: 'driver_unassigned',
        order_number: order.order_number,
        customer_name: order.customer_name,
      };
      const rows = [
        {
          id: randomUUID(),
          user_id: previous.id,
          type: 'system' as const,
          ...renderDriverUnassigned(params, formatTurkish),
          params: JSON.stringify(params),
          is_read: false,
          related_order_id: null,
          created_at: at,
          change_seq: seqs[0] as number,
        },
      ];
      await insertNotifications(trx, tenantId, rows);
      await queueNotificationEmails(trx, tenantId, rows);
    },
  };
}
