import type { NotificationType } from '../../shared/domain/order-status';

/**
 * Titles and messages of the notifications an order change implies (DESIGN §5: "Every change
 * writes an order event … and the notifications that the change implies"; whom each transition
 * notifies is in src/shared/domain/order-status.ts). Used by the seed and by the order services.
 */
export function orderNotificationText(
  type: NotificationType,
  order: { order_number: string; customer_name: string },
  extra: { driverName?: string | null; notes?: string | null } = {},
): { title: string; message: string } {
  const ref = `${order.order_number} numaralı sipariş (${order.customer_name})`;
  switch (type) {
    case 'order_created':
      return { title: 'Yeni Sipariş', message: `${ref} oluşturuldu ve onay bekliyor.` };
    case 'order_approved':
      return { title: 'Sipariş Onaylandı', message: `${ref} onaylandı.` };
    case 'order_rejected':
      return {
        title: 'Sipariş Reddedildi',
        message: `${ref} reddedildi.${extra.notes ? ` Not: ${extra.notes}` : ''}`,
      };
    case 'order_cancelled':
      return {
        title: 'Sipariş İptal Edildi',
        message: `${ref} iptal edildi.${extra.notes ? ` Not: ${extra.notes}` : ''}`,
      };
    case 'order_assigned':
      return { title: 'Yeni Teslimat Atandı', message: `${ref} size teslimat için atandı.` };
    case 'order_in_transit':
      return { title: 'Sipariş Yolda', message: `${ref} kargoya verildi.` };
    case 'order_shipped':
      return { title: 'Sipariş Kargoya Verildi', message: `${ref} kargoya verildi.` };
    case 'order_delivered':
      return { title: 'Sipariş Teslim Edildi', message: `${ref} müşteriye teslim edildi.` };
    default:
      return { title: 'Sistem Bildirimi', message: ref };
  }
}
