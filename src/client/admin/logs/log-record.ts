import type { LogEntry } from '../../../shared/api/admin';
import { type AuditEntityKind, entityKindOf } from '../../../shared/api/audit-actions';
import type { MessageKey } from '../../shared-ui/i18n';

/**
 * The record a log entry touched, as the detail dialog names and links it: its name from the
 * entry's parameters (an order's number, a product's name and code…) and the page that shows it.
 * A record the action removed has no page any more: named, not linked.
 */
export interface LogRecord {
  name: string | null;
  link: { to: string; label: MessageKey } | null;
}

/** The admin panel's tabs the log links to (admin-page.tsx: company 0, users 1, settings 2). */
const ADMIN_TAB = { company: 0, users: 1, settings: 2 } as const;

const text = (value: string | number | undefined) =>
  value === undefined || value === '' ? null : String(value);

function nameOf(kind: AuditEntityKind, params: NonNullable<LogEntry['params']>): string | null {
  const name = text(params.name);
  switch (kind) {
    case 'order': {
      const number = text(params.number);
      const customer = text(params.customer);
      return number ? (customer ? `${number} (${customer})` : number) : null;
    }
    case 'invoice':
      return text(params.number);
    case 'product':
      return name ? (params.code ? `${name} (${params.code})` : name) : null;
    case 'user':
      return name ? (params.username ? `${name} (${params.username})` : name) : text(params.username);
    case 'tenant':
    case 'registration':
      return name ? (params.subdomain ? `${name} (${params.subdomain})` : name) : null;
    default:
      return name;
  }
}

function pageOf(
  kind: AuditEntityKind,
  entry: LogEntry,
  params: NonNullable<LogEntry['params']>,
): LogRecord['link'] {
  const id = entry.entity_id ? encodeURIComponent(entry.entity_id) : null;
  switch (kind) {
    case 'order':
      return id && entry.entity === 'order' ? { to: `/orders/${id}`, label: 'lg_open_order' } : null;
    case 'invoice':
      return id ? { to: `/invoices/${id}`, label: 'lg_open_invoice' } : null;
    case 'product': {
      // The product list opens searched for the product's code (or name).
      const search = text(params.code) ?? text(params.name);
      return search
        ? { to: `/product-management?search=${encodeURIComponent(search)}`, label: 'lg_open_product' }
        : null;
    }
    case 'customer': {
      const search = text(params.name);
      return search
        ? { to: `/customers?search=${encodeURIComponent(search)}`, label: 'lg_open_customer' }
        : null;
    }
    case 'user':
      return { to: `/admin?tab=${ADMIN_TAB.users}`, label: 'lg_open_user' };
    case 'tenant':
      return { to: '/tenant-management', label: 'lg_open_tenant' };
    case 'company':
      return { to: `/admin?tab=${ADMIN_TAB.company}`, label: 'lg_open_company' };
    case 'settings':
      return { to: `/admin?tab=${ADMIN_TAB.settings}`, label: 'lg_open_settings' };
    default:
      return null;
  }
}

const REMOVED = /\.(delete|bulk_delete|final_backup)$/;

export function logRecord(entry: LogEntry): LogRecord | null {
  const kind = entityKindOf(entry.action);
  if (!kind) return null;
  const params = entry.params ?? {};
  const name = nameOf(kind, params);
  const link = REMOVED.test(entry.action) ? null : pageOf(kind, entry, params);
  if (!name && !link) return null;
  return { name, link };
}
