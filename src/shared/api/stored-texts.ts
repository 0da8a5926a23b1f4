import { z } from 'zod';
import type { NotificationType } from '../domain/order-status';

/** The reasons a driver picks for a failed delivery (stored in Turkish, by index in `params`). */
export const DELIVERY_FAILURE_REASONS = [
  'Alıcı adreste değil',
  'Adres bulunamadı',
  'Alıcı teslim almayı reddetti',
  'Adrese ulaşılamadı',
  'Diğer',
] as const;

/**
 * Texts the server stores with a record — a notification's title and message, an order event's
 * notes — are stored twice: as the Turkish sentence (the spec's wording, what every existing
 * reader and API client shows) and as WHAT HAPPENED: a key and its parameters (`params`). A
 * reader in another language renders the sentence from `params` with its own catalogue; the
 * Turkish sentence stays the fallback for rows without `params` (written before they existed, or
 * system notifications) and for a key this client does not know yet.
 *
 * Words a user typed (a rejection's reason, a delivery's notes, the recipient's name) are
 * parameters: shown as typed in every language; only the frame around them is translated.
 *
 * The Turkish templates below are the only copy the server renders from; the client's Turkish
 * catalogue holds the same texts under the same keys (a unit test compares them), its English
 * catalogue the translations. Placeholders are `{name}`, filled in one pass (a value holding
 * `{…}` is never filled again).
 */
export const STORED_TEXTS_TR = {
  notifRef: '{number} numaralı sipariş ({customer})',
  notifNote: ' Not: {notes}',
  notifTitle_order_created: 'Yeni Sipariş',
  notifMsg_order_created: '{ref} oluşturuldu ve onay bekliyor.',
  notifTitle_order_approved: 'Sipariş Onaylandı',
  notifMsg_order_approved: '{ref} onaylandı.',
  notifTitle_order_rejected: 'Sipariş Reddedildi',
  notifMsg_order_rejected: '{ref} reddedildi.',
  notifTitle_order_cancelled: 'Sipariş İptal Edildi',
  notifMsg_order_cancelled: '{ref} iptal edildi.',
  notifTitle_order_assigned: 'Yeni Teslimat Atandı',
  notifMsg_order_assigned: '{ref} size teslimat için atandı.',
  notifTitle_order_in_transit: 'Sipariş Yolda',
  notifMsg_order_in_transit: '{ref} kargoya verildi.',
  notifTitle_order_shipped: 'Sipariş Kargoya Verildi',
  notifMsg_order_shipped: '{ref} kargoya verildi.',
  notifTitle_order_delivered: 'Sipariş Teslim Edildi',
  notifMsg_order_delivered: '{ref} müşteriye teslim edildi.',
  notifTitle_invoice_skipped: 'Fatura Kesilemedi',
  notifMsg_invoice_skipped:
    "{ref} teslim edildi, ancak faturası otomatik kesilemedi: şirket bilgileri eksik ({fields}). Şirket Bilgileri'ni tamamlayıp faturayı siparişten kesin.",
  notifTitle_driver_unassigned: 'Teslimat Başka Sürücüye Verildi',
  notifMsg_driver_unassigned: '{ref} artık size atanmış değil; teslimatı başka bir sürücü yapacak.',
  evNote_deliveredTo: 'Teslim alan: {recipient}',
  evNote_driverAssigned: 'Sürücü atandı: {driver}',
  evNote_driverAssignedPlate: 'Sürücü atandı: {driver} ({plate})',
  evNote_fieldsUpdated: 'Güncellenen alanlar: {fields}',
  evNote_allScanned: 'Tüm ürünler okutuldu',
  evNote_demoApproved: 'Demo: ilk bekleyen sipariş onaylandı',
  evNote_demoApprovedFor: 'Demo: {name} isteğiyle onaylandı',
  evNote_demoDone: 'İşlem tamamlandı',
  deliveryReason0: DELIVERY_FAILURE_REASONS[0],
  deliveryReason1: DELIVERY_FAILURE_REASONS[1],
  deliveryReason2: DELIVERY_FAILURE_REASONS[2],
  deliveryReason3: DELIVERY_FAILURE_REASONS[3],
  deliveryReason4: DELIVERY_FAILURE_REASONS[4],
} as const;

export type StoredTextKey = keyof typeof STORED_TEXTS_TR;
/** A catalogue lookup: the key's template with its `{name}` placeholders filled. */
export type FormatText = (key: StoredTextKey, params?: Record<string, string | number>) => string;

/** Fills `{name}` placeholders in one pass; an unknown placeholder stays as written. */
export function fillTemplate(template: string, params?: Record<string, string | number>): string {
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.hasOwn(params, name) ? String(params[name]) : whole,
  );
}

export const formatTurkish: FormatText = (key, params) => fillTemplate(STORED_TEXTS_TR[key], params);

// ------------------------------------------------------------------------- notifications ---

/**
 * An order notification's parameters: the order's number and customer as they were when it was
 * sent, and — for a rejection or cancellation — the reason the deciding user typed.
 */
export const orderNotificationParams = z.object({
  order_number: z.string(),
  customer_name: z.string(),
  notes: z.string().optional(),
});
export type OrderNotificationParams = z.infer<typeof orderNotificationParams>;

/** Which types' messages carry the user's reason (' Not: …'). */
const TYPES_WITH_NOTES: readonly NotificationType[] = ['order_rejected', 'order_cancelled'];

/** Each order notification type's title and message keys (the server's and the client's catalogues). */
export const ORDER_NOTIFICATION_KEYS: Partial<
  Record<NotificationType, { title: StoredTextKey; message: StoredTextKey }>
> = {
  order_created: { title: 'notifTitle_order_created', message: 'notifMsg_order_created' },
  order_approved: { title: 'notifTitle_order_approved', message: 'notifMsg_order_approved' },
  order_rejected: { title: 'notifTitle_order_rejected', message: 'notifMsg_order_rejected' },
  order_cancelled: { title: 'notifTitle_order_cancelled', message: 'notifMsg_order_cancelled' },
  order_assigned: { title: 'notifTitle_order_assigned', message: 'notifMsg_order_assigned' },
  order_in_transit: { title: 'notifTitle_order_in_transit', message: 'notifMsg_order_in_transit' },
  order_shipped: { title: 'notifTitle_order_shipped', message: 'notifMsg_order_shipped' },
  order_delivered: { title: 'notifTitle_order_delivered', message: 'notifMsg_order_delivered' },
};

/** The parameters an order notification of `type` stores (the reason only where it is shown). */
export function orderNotificationParamsOf(
  type: NotificationType,
  order: { order_number: string; customer_name: string },
  notes?: string | null,
): OrderNotificationParams {
  const params: OrderNotificationParams = {
    order_number: order.order_number,
    customer_name: order.customer_name,
  };
  if (notes && TYPES_WITH_NOTES.includes(type)) params.notes = notes;
  return params;
}

/** An order notification's title and message in `format`'s language; null for a type without texts. */
export function renderOrderNotification(
  type: NotificationType,
  params: OrderNotificationParams,
  format: FormatText,
): { title: string; message: string } | null {
  const keys = ORDER_NOTIFICATION_KEYS[type];
  if (!keys) return null;
  const ref = format('notifRef', { number: params.order_number, customer: params.customer_name });
  const note =
    params.notes && TYPES_WITH_NOTES.includes(type) ? format('notifNote', { notes: params.notes }) : '';
  return { title: format(keys.title), message: format(keys.message, { ref }) + note };
}

/**
 * A system notification to the admins: a delivery whose automatic invoice was skipped because the
 * company profile lacks what an invoice prints (shared/domain/invoice-seller.ts). `missing` names
 * the fields by their API names; each reader shows them with its own labels.
 */
export const invoiceSkippedParams = z.object({
  key: z.literal('invoice_skipped'),
  order_number: z.string(),
  customer_name: z.string(),
  missing: z.array(z.string()),
});
export type InvoiceSkippedParams = z.infer<typeof invoiceSkippedParams>;

/** Its title and message in `format`'s language; `fieldLabel` names a missing field in it. */
export function renderInvoiceSkipped(
  params: InvoiceSkippedParams,
  format: FormatText,
  fieldLabel: (field: string) => string,
): { title: string; message: string } {
  const ref = format('notifRef', { number: params.order_number, customer: params.customer_name });
  const fields = params.missing.map(fieldLabel).join(', ');
  return {
    title: format('notifTitle_invoice_skipped'),
    message: format('notifMsg_invoice_skipped', { ref, fields }),
  };
}

/**
 * A system notification to the driver an order was taken from (a manager re-assigned it, e.g.
 * the driver fell ill): without it the order just vanishes from their list. It carries no link —
 * the order is no longer theirs to open.
 */
export const driverUnassignedParams = z.object({
  key: z.literal('driver_unassigned'),
  order_number: z.string(),
  customer_name: z.string(),
});
export type DriverUnassignedParams = z.infer<typeof driverUnassignedParams>;

/** Its title and message in `format`'s language. */
export function renderDriverUnassigned(
  params: DriverUnassignedParams,
  format: FormatText,
): { title: string; message: string } {
  const ref = format('notifRef', { number: params.order_number, customer: params.customer_name });
  return {
    title: format('notifTitle_driver_unassigned'),
    message: format('notifMsg_driver_unassigned', { ref }),
  };
}

// ------------------------------------------------------------------------ event notes ---

/** What an order event's notes say, as data (`key` names the sentence). */
export const eventNoteSchema = z.discriminatedUnion('key', [
  /** A delivery with proof: who received it, and the driver's notes as typed. */
  z.object({ key: z.literal('delivered_to'), recipient: z.string(), notes: z.string().optional() }),
  /** A failed delivery: one of DELIVERY_FAILURE_REASONS (by index) and the driver's details. */
  z.object({
    key: z.literal('delivery_failed'),
    reason: z
      .number()
      .int()
      .min(0)
      .max(DELIVERY_FAILURE_REASONS.length - 1),
    details: z.string().optional(),
  }),
  z.object({ key: z.literal('driver_assigned'), driver: z.string(), plate: z.string().optional() }),
  /** An edit: the API names of the fields it changed. */
  z.object({ key: z.literal('fields_updated'), fields: z.array(z.string()) }),
  z.object({ key: z.literal('all_scanned') }),
  /** The demo's 'approve the first order' call, made by the approver themself or for `name`. */
  z.object({ key: z.literal('demo_approved'), name: z.string().optional() }),
  /** The demo data's "done" remark on a status change. */
  z.object({ key: z.literal('demo_done') }),
]);
export type EventNote = z.infer<typeof eventNoteSchema>;

/**
 * The wire form of `params` (events and notifications alike): an object, checked loosely so that
 * a key added by a newer server never makes an older client refuse a sync page — the reader
 * validates it against what it knows and falls back to the stored Turkish text.
 */
export const storedParamsSchema = z.record(z.string(), z.unknown());

/** An event note in `format`'s language. */
export function renderEventNote(note: EventNote, format: FormatText): string {
  switch (note.key) {
    case 'delivered_to': {
      const head = format('evNote_deliveredTo', { recipient: note.recipient });
      return note.notes ? `${head}\n${note.notes}` : head;
    }
    case 'delivery_failed': {
      const reason = format(`deliveryReason${note.reason}` as StoredTextKey);
      return note.details ? `${reason}: ${note.details}` : reason;
    }
    case 'driver_assigned':
      return note.plate
        ? format('evNote_driverAssignedPlate', { driver: note.driver, plate: note.plate })
        : format('evNote_driverAssigned', { driver: note.driver });
    case 'fields_updated':
      return format('evNote_fieldsUpdated', { fields: note.fields.join(', ') });
    case 'all_scanned':
      return format('evNote_allScanned');
    case 'demo_approved':
      return note.name
        ? format('evNote_demoApprovedFor', { name: note.name })
        : format('evNote_demoApproved');
    case 'demo_done':
      return format('evNote_demoDone');
  }
}

/** What the server stores for an event note: the Turkish sentence and the note as JSON text. */
export function storedEventNote(note: EventNote): { notes: string; params: string } {
  return { notes: renderEventNote(note, formatTurkish), params: JSON.stringify(note) };
}

/**
 * A failed delivery's reason as data, when the notes are "<reason>" or "<reason>: <details>" with
 * one of DELIVERY_FAILURE_REASONS (what the driver's dialog sends); null for anything else (an
 * API client's own words stay words).
 */
export function deliveryFailureNote(notes: string | null | undefined): EventNote | null {
  if (!notes) return null;
  for (const [index, reason] of DELIVERY_FAILURE_REASONS.entries()) {
    if (notes === reason) return { key: 'delivery_failed', reason: index };
    if (notes.startsWith(`${reason}: `) && notes.length > reason.length + 2)
      return { key: 'delivery_failed', reason: index, details: notes.slice(reason.length + 2) };
  }
  return null;
}
