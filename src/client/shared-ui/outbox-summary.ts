import { ORDER_STATUS_LABELS, ORDER_STATUSES } from '../../shared/domain/order-status';
import type { OutboxEntry } from '../local/database';
import { useUi } from '../state/ui';
import { type MessageKey, statusLabel, t } from './i18n';

/** The stored Turkish summary of each kind, as a pattern whose groups are the data in it. */
const PATTERNS: Record<string, { pattern: RegExp; key: MessageKey; names: string[] }> = {
  'order.create': { pattern: /^Sipariş oluşturuldu: (.*)$/s, key: 'outbox_orderCreate', names: ['customer'] },
  'order.update': { pattern: /^Sipariş güncellendi: (.*)$/s, key: 'outbox_orderUpdate', names: ['number'] },
  'order.status': {
    pattern: /^(.*): (.+) → (.+)$/s,
    key: 'outbox_orderStatus',
    names: ['number', 'from', 'to'],
  },
  'order.assign-driver': {
    pattern: /^(.*): sürücü (.*)$/s,
    key: 'outbox_orderAssignDriver',
    names: ['number', 'driver'],
  },
  'order.delete': { pattern: /^Sipariş silindi: (.*)$/s, key: 'outbox_orderDelete', names: ['number'] },
  'order.deliver': {
    pattern: /^(.*): teslim edildi, teslim alan (.*)$/s,
    key: 'outbox_orderDeliver',
    names: ['number', 'recipient'],
  },
  'warehouse.scan': {
    pattern: /^(.*): barkod (.*) \((.*)\)$/s,
    key: 'outbox_warehouseScan',
    names: ['number', 'code', 'product'],
  },
  'product.create': { pattern: /^Ürün oluşturuldu: (.*)$/s, key: 'prod_outboxCreate', names: ['name'] },
  'product.update': { pattern: /^Ürün güncellendi: (.*)$/s, key: 'prod_outboxUpdate', names: ['name'] },
  'product.delete': { pattern: /^Ürün silindi: (.*)$/s, key: 'prod_outboxDelete', names: ['name'] },
  'product.bulk': {
    pattern: /^Toplu ürün işlemi: (\w+) \((\d+)\)$/s,
    key: 'prod_outboxBulk',
    names: ['action', 'n'],
  },
  'notification.read': { pattern: /^.*$/s, key: 'outbox_notificationRead', names: [] },
  'notification.read-all': { pattern: /^.*$/s, key: 'outbox_notificationReadAll', names: [] },
  'notification.delete': { pattern: /^.*$/s, key: 'outbox_notificationDelete', names: [] },
  'customer.create': { pattern: /^Müşteri oluşturuldu: (.*)$/s, key: 'cust_outboxCreate', names: ['name'] },
  'customer.update': { pattern: /^Müşteri güncellendi: (.*)$/s, key: 'cust_outboxUpdate', names: ['number'] },
  'customer.delete': { pattern: /^Müşteri silindi: (.*)$/s, key: 'cust_outboxDelete', names: ['number'] },
  'invoice.issue': { pattern: /^Fatura kesildi: (.*)$/s, key: 'invc_outboxIssue', names: ['number'] },
  'invoice.cancel': { pattern: /^Fatura iptal edildi: (.*)$/s, key: 'invc_outboxCancel', names: ['number'] },
};

/** A Turkish status label back to its status, so it can be shown in the current language. */
function relabel(text: string): string {
  const status = ORDER_STATUSES.find((s) => ORDER_STATUS_LABELS[s] === text);
  return status ? statusLabel(status) : text;
}

/**
 * The one-line description of an unsent or refused change. The outbox stores it in Turkish when
 * the change is made (an entry may outlive a language switch, or come from another app version).
 * Turkish: the stored text. English: rebuilt from the entry's `kind` and the data (order number,
 * customer, driver, statuses) taken from the stored text; an unknown kind or a text that does not
 * match its kind's pattern is shown as stored.
 */
export function outboxSummary(entry: Pick<OutboxEntry, 'kind' | 'summary'>): string {
  if (useUi.getState().language === 'tr') return entry.summary;
  const known = PATTERNS[entry.kind];
  const match = known?.pattern.exec(entry.summary);
  if (!known || !match) return entry.summary;
  const params: Record<string, string> = {};
  known.names.forEach((name, index) => {
    const value = match[index + 1] ?? '';
    params[name] = name === 'from' || name === 'to' ? relabel(value) : value;
  });
  return t(known.key, params);
}
