import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { deliveryMutations } from '../../src/client/local/mutations/delivery';
import { orderMutations } from '../../src/client/local/mutations/orders';
import { eventNotesText } from '../../src/client/shared-ui/event-notes';
import { loadEnglish } from '../../src/client/shared-ui/i18n';
import { notificationText } from '../../src/client/shared-ui/notifications-data';
import { useUi } from '../../src/client/state/ui';
import { orderNotificationText } from '../../src/server/notifications/notification-texts';
import {
  DELIVERY_FAILURE_REASONS,
  deliveryFailureNote,
  type EventNote,
  fillTemplate,
  formatTurkish,
  renderDriverUnassigned,
  renderEventNote,
  storedEventNote,
} from '../../src/shared/api/stored-texts';
import type { NotificationType } from '../../src/shared/domain/order-status';

/**
 * Stored texts: the Turkish the server stores is rendered from the same parameters it stores
 * (`params`), and must read exactly as the sentences it wrote before `params` existed (the
 * spec's wording); the client's Turkish catalogue holds the same templates; an English reader
 * gets the sentence from `params` with only the user's words left as typed.
 */
beforeAll(() => loadEnglish());
afterEach(() => useUi.getState().setLanguage('tr'));

const order = { order_number: 'ORD-2026-000001', customer_name: 'Ayşe Yılmaz' };
const ref = 'ORD-2026-000001 numaralı sipariş (Ayşe Yılmaz)';

/** The sentences the server wrote before `params` (verbatim from its former code). */
const FORMER_NOTIFICATIONS: [NotificationType, string | null, string, string][] = [
  ['order_created', null, 'Yeni Sipariş', `${ref} oluşturuldu ve onay bekliyor.`],
  ['order_approved', 'yok sayılır', 'Sipariş Onaylandı', `${ref} onaylandı.`],
  ['order_rejected', null, 'Sipariş Reddedildi', `${ref} reddedildi.`],
  ['order_rejected', 'Stok yetersiz', 'Sipariş Reddedildi', `${ref} reddedildi. Not: Stok yetersiz`],
  [
    'order_cancelled',
    'Müşteri vazgeçti',
    'Sipariş İptal Edildi',
    `${ref} iptal edildi. Not: Müşteri vazgeçti`,
  ],
  ['order_assigned', null, 'Yeni Teslimat Atandı', `${ref} size teslimat için atandı.`],
  ['order_in_transit', null, 'Sipariş Yolda', `${ref} kargoya verildi.`],
  ['order_shipped', null, 'Sipariş Kargoya Verildi', `${ref} kargoya verildi.`],
  ['order_delivered', null, 'Sipariş Teslim Edildi', `${ref} müşteriye teslim edildi.`],
  ['system', null, 'Sistem Bildirimi', ref],
];

const FORMER_NOTES: [EventNote, string][] = [
  [{ key: 'delivered_to', recipient: 'Mehmet Öztürk' }, 'Teslim alan: Mehmet Öztürk'],
  [
    { key: 'delivered_to', recipient: 'Mehmet Öztürk', notes: 'arka kapı' },
    'Teslim alan: Mehmet Öztürk\narka kapı',
  ],
  [{ key: 'driver_assigned', driver: 'Ali Öz', plate: '34 ABC 12' }, 'Sürücü atandı: Ali Öz (34 ABC 12)'],
  [{ key: 'driver_assigned', driver: 'Ali Öz' }, 'Sürücü atandı: Ali Öz'],
  [
    { key: 'fields_updated', fields: ['customer_name', 'items'] },
    'Güncellenen alanlar: customer_name, items',
  ],
  [{ key: 'all_scanned' }, 'Tüm ürünler okutuldu'],
  [{ key: 'demo_approved' }, 'Demo: ilk bekleyen sipariş onaylandı'],
  [{ key: 'demo_approved', name: 'Depo Görevlisi' }, 'Demo: Depo Görevlisi isteğiyle onaylandı'],
  [{ key: 'demo_done' }, 'İşlem tamamlandı'],
  [{ key: 'delivery_failed', reason: 0 }, 'Alıcı adreste değil'],
  [{ key: 'delivery_failed', reason: 4, details: 'kapı kilitli' }, 'Diğer: kapı kilitli'],
];

describe('the Turkish stored from params', () => {
  it('is, for every order notice, the sentence the server wrote before', () => {
    for (const [type, notes, title, message] of FORMER_NOTIFICATIONS)
      expect(orderNotificationText(type, order, { notes }), type).toEqual({ title, message });
  });

  it('is, for every event note, the sentence the server wrote before; and the params round-trip', () => {
    for (const [note, text] of FORMER_NOTES) {
      expect(storedEventNote(note)).toEqual({ notes: text, params: JSON.stringify(note) });
      expect(renderEventNote(JSON.parse(storedEventNote(note).params), formatTurkish)).toBe(text);
    }
  });

  it('fills placeholders once: a customer or a note spelling a placeholder stays as typed', () => {
    expect(fillTemplate('{a} ({b})', { a: '{b}', b: 'x' })).toBe('{b} (x)');
    expect(
      orderNotificationText('order_rejected', { ...order, customer_name: '{ref}' }, { notes: '{notes}' }),
    ).toEqual({
      title: 'Sipariş Reddedildi',
      message: 'ORD-2026-000001 numaralı sipariş ({ref}) reddedildi. Not: {notes}',
    });
  });

  it('keeps a failed delivery’s reason as data only when it is one of the dialog’s', () => {
    for (const [index, reason] of DELIVERY_FAILURE_REASONS.entries()) {
      expect(deliveryFailureNote(reason)).toEqual({ key: 'delivery_failed', reason: index });
      expect(deliveryFailureNote(`${reason}: ayrıntı`)).toEqual({
        key: 'delivery_failed',
        reason: index,
        details: 'ayrıntı',
      });
    }
    expect(deliveryFailureNote('Müşteri adreste yok')).toBeNull();
    expect(deliveryFailureNote('Diğer:')).toBeNull();
    expect(deliveryFailureNote(null)).toBeNull();
  });
});

describe('an English reader', () => {
  const rejected = {
    type: 'order_rejected' as const,
    title: 'Sipariş Reddedildi',
    message: `${ref} reddedildi. Not: Stok yetersiz`,
    related_order: null,
    params: { ...order, notes: 'Stok yetersiz' },
  };

  it('gets notifications from params, the typed reason as typed; Turkish keeps the stored text', () => {
    expect(notificationText(rejected)).toEqual({
      title: rejected.title,
      message: rejected.message,
      stored: true,
    });
    useUi.getState().setLanguage('en');
    expect(notificationText(rejected)).toEqual({
      title: 'Order Rejected',
      message: 'Order ORD-2026-000001 (Ayşe Yılmaz) was rejected. Note: Stok yetersiz',
      stored: false,
    });
    // Params the client cannot read (a newer server's) and system notices: the stored text, as data.
    expect(notificationText({ ...rejected, params: { future: 1 } }).stored).toBe(true);
    expect(notificationText({ ...rejected, type: 'system', params: null }).stored).toBe(true);
  });

  it('reads the notice of an order given to another driver in English', () => {
    const params = { key: 'driver_unassigned' as const, ...order };
    const stored = renderDriverUnassigned(params, formatTurkish);
    expect(stored.message).toBe(`${ref} artık size atanmış değil; teslimatı başka bir sürücü yapacak.`);
    const notice = { type: 'system' as const, ...stored, related_order: null, params };
    useUi.getState().setLanguage('en');
    expect(notificationText(notice)).toEqual({
      title: 'Delivery Given to Another Driver',
      message:
        'Order ORD-2026-000001 (Ayşe Yılmaz) is no longer assigned to you; another driver will deliver it.',
      stored: false,
    });
  });

  it('gets every known event note in English, the user’s words as typed', () => {
    useUi.getState().setLanguage('en');
    const english = FORMER_NOTES.map(([note, notes]) => eventNotesText({ notes, params: note }));
    expect(english).toEqual([
      'Received by: Mehmet Öztürk',
      'Received by: Mehmet Öztürk\narka kapı',
      'Driver assigned: Ali Öz (34 ABC 12)',
      'Driver assigned: Ali Öz',
      'Updated fields: customer_name, items',
      'All items scanned',
      'Demo: first pending order approved',
      'Demo: approved at the request of Depo Görevlisi',
      'Done',
      'Recipient not at the address',
      'Other: kapı kilitli',
    ]);
    // A user's own notes, a row from before params, an unknown key: the stored text.
    expect(eventNotesText({ notes: 'Stok yetersiz', params: null })).toBe('Stok yetersiz');
    expect(eventNotesText({ notes: 'Teslim alan: X' })).toBe('Teslim alan: X');
    expect(eventNotesText({ notes: 'Gelecek', params: { key: 'future' } })).toBe('Gelecek');
    useUi.getState().setLanguage('tr');
    expect(eventNotesText({ notes: 'Teslim alan: X', params: { key: 'delivered_to', recipient: 'Y' } })).toBe(
      'Teslim alan: X',
    );
  });

  it('sees a delivery and a failed delivery made on this device in English before the server answers', () => {
    useUi.getState().setLanguage('en');
    const row = { id: 'o1', status: 'out_for_delivery', events: [] };
    const entry = (body: Record<string, unknown>) =>
      ({ id: 'e1', user_id: 'u1', created_at: '2026-11-25T10:00:00.000Z', body, local: {} }) as never;
    const delivered = deliveryMutations['order.deliver'].apply(
      row,
      entry({ recipient_name: ' Mehmet ', notes: ' arka kapı ' }),
      'order:o1',
    ) as { events: { notes: string; params: unknown }[] };
    expect(delivered.events[0]?.notes).toBe('Teslim alan: Mehmet\narka kapı');
    expect(eventNotesText(delivered.events[0] as never)).toBe('Received by: Mehmet\narka kapı');
    const failed = orderMutations['order.status'].apply(
      row,
      entry({ status: 'in_transit', notes: 'Adres bulunamadı: sokak yok' }),
      'order:o1',
    ) as { events: { notes: string; params: unknown }[] };
    expect(failed.events[0]?.notes).toBe('Adres bulunamadı: sokak yok');
    expect(eventNotesText(failed.events[0] as never)).toBe('Address not found: sokak yok');
  });
});
