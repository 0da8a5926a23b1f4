import { API } from '../../../shared/api/endpoints';
import type { OrderItem } from '../../../shared/api/entities';
import { matchScan, parseScan } from '../../../shared/domain/barcode';
import { defineMutation, type Row } from './define';

/**
 * The local effect of a warehouse scan (POST /warehouse/scan-barcode). The device decided the
 * line when the scan was made (`local.item_id`, from the same matcher the server uses); the effect
 * adds the scan's units to that line's `scanned_quantity`. It is re-applied on top of every newer
 * server version until the server acknowledges the scan; then the server's order (which counted
 * it exactly once, thanks to `scan_id` and the Idempotency-Key) replaces it.
 */
export const warehouseMutations = {
  'warehouse.scan': defineMutation(API.warehouseScan, {
    apply: (row, entry) => {
      if (!row || !Array.isArray(row.items)) return row;
      const items = row.items as OrderItem[];
      const units = Number(entry.local?.units ?? entry.body.quantity ?? 1);
      let itemId = entry.local?.item_id as string | undefined;
      if (!itemId || !items.some((item) => item.id === itemId)) {
        // The line ids changed under the scan (the order was re-pulled with new lines): match again.
        const parsed = parseScan(entry.body.barcode);
        if (!parsed.ok) return row;
        const verdict = matchScan(items, parsed.scan, entry.body.quantity ?? 1);
        if (verdict.kind !== 'match') return row;
        itemId = verdict.line.id;
      }
      const next: Row = {
        ...row,
        items: items.map((item) =>
          item.id === itemId ? { ...item, scanned_quantity: item.scanned_quantity + units } : item,
        ),
      };
      return next;
    },
    fromResponse: (data, entry) => ({ [entry.record_key]: data.order as unknown as Row }),
  }),
};
