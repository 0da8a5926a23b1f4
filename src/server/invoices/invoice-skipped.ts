import { randomUUID } from 'node:crypto';
import type { Transaction } from 'kysely';
import {
  formatTurkish,
  type InvoiceSkippedParams,
  renderInvoiceSkipped,
} from '../../shared/api/stored-texts';
import { INVOICE_SELLER_FIELD_LABELS, type InvoiceSellerField } from '../../shared/domain/invoice-seller';
import { insertAuditLog } from '../audit/audit.repository';
import type { Database } from '../db/schema';
import { queueNotificationEmails } from '../email/email-outbox.repository';
import { insertNotifications } from '../notifications/notifications.repository';
import { listActiveStaff } from '../users/users.repository';

/**
 * The automatic invoice of a delivery, when the company profile lacks what an invoice prints
 * (shared/domain/invoice-seller.ts): the delivery is never refused for it (the driver at the door
 * cannot fill in the company's tax office), and the invoice is not silently forgotten either —
 * every active admin gets a notification naming the order and the missing fields (with its
 * e-mail copy where e-mail notifications are on), and the audit log records the skip. The order
 * stays delivered without an invoice; 'Fatura Kes' on it works once the profile is complete.
 *
 * A step of the status change's transaction like the invoice it replaces: the admins are read
 * before the change numbers are reserved, `write` inserts with the numbers given.
 */
export async function skippedInvoiceStep(
  trx: Transaction<Database>,
  tenantId: string,
  actor: { id: string; full_name: string },
  order: { id: string; order_number: string; customer_name: string },
  missing: readonly InvoiceSellerField[],
): Promise<{ count: number; write(changeSeqs: readonly number[]): Promise<void> }> {
  const admins = (await listActiveStaff(trx, tenantId, ['admin'])).map((u) => u.id);
  const params: InvoiceSkippedParams = {
    key: 'invoice_skipped',
    order_number: order.order_number,
    customer_name: order.customer_name,
    missing: [...missing],
  };
  const text = renderInvoiceSkipped(
    params,
    formatTurkish,
    (field) => INVOICE_SELLER_FIELD_LABELS[field as InvoiceSellerField] ?? field,
  );
  return {
    count: admins.length,
    async write(changeSeqs) {
      const at = new Date();
      const rows = admins.map((user_id, i) => ({
        id: randomUUID(),
        user_id,
        type: 'system' as const,
        ...text,
        params: JSON.stringify(params),
        is_read: false,
        related_order_id: order.id,
        created_at: at,
        change_seq: changeSeqs[i] as number,
      }));
      await insertNotifications(trx, tenantId, rows);
      await queueNotificationEmails(trx, tenantId, rows);
      await insertAuditLog(trx, tenantId, {
        action: 'invoice.skipped',
        level: 'warning',
        entity: 'order',
        entity_id: order.id,
        message: `${order.order_number}: otomatik fatura kesilmedi, şirket bilgileri eksik (${missing.join(', ')})`,
        user_id: actor.id,
        user_name: actor.full_name,
      });
    },
  };
}
