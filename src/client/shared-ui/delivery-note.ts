import { API } from '../../shared/api/endpoints';
import { saveBlob } from '../api/download';
import { isNetworkError } from '../api/errors';
import { callFile } from '../api/http';
import { useUi } from '../state/ui';
import { t } from './i18n';

/**
 * 'İrsaliye Yazdır' (print the delivery note), shared by the warehouse screen and the order detail:
 * the server's
 * PDF (GET /delivery-notes/generate/:orderId, with the bearer token) downloaded under a name based
 * on the order; with no connection the caller opens the same note from the local store
 * (/delivery-notes/:orderId, a print-styled page). Failure: 'İrsaliye yazdırılırken hata oluştu'.
 */
export const DELIVERY_NOTE_STATUSES: readonly string[] = [
  'prepared',
  'ready_for_delivery',
  'in_transit',
  'out_for_delivery',
  'delivered',
];

export function deliveryNoteFileName(order: { id: string; order_number: string }): string {
  const number = order.order_number.replace(/[^0-9A-Za-z_-]+/g, '-');
  return `irsaliye-${number}-${order.id.slice(0, 8)}.pdf`;
}

/** The offline page of the note. */
export function deliveryNotePagePath(orderId: string): string {
  return `/delivery-notes/${orderId}`;
}

export async function printDeliveryNote(order: {
  id: string;
  order_number: string;
}): Promise<'downloaded' | 'offline' | 'failed'> {
  try {
    const file = await callFile(API.deliveryNote, { params: { orderId: order.id } });
    saveBlob(file.blob, deliveryNoteFileName(order));
    return 'downloaded';
  } catch (error) {
    if (isNetworkError(error)) return 'offline';
    console.error(error);
    const message = error instanceof Error && error.message ? `: ${error.message}` : '';
    useUi.getState().showToast(`${t('wh_noteFailed')}${message}`);
    return 'failed';
  }
}
