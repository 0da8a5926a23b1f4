import Typography from '@mui/material/Typography';
import type { OrderItem } from '../../shared/api/entities';
import { useT } from './i18n';

/**
 * Under an order line's product name: its barcode and how much of it the warehouse has scanned
 * (the order detail shows scanned/ordered per line and each line's barcode). Nothing is
 * shown for a line with neither a barcode nor a scan.
 */
export function LineScanInfo({
  item,
}: {
  item: Pick<OrderItem, 'barcode' | 'quantity' | 'scanned_quantity'>;
}) {
  const t = useT();
  if (!item.barcode && !item.scanned_quantity) return null;
  const parts: string[] = [];
  if (item.barcode) parts.push(t('wh_lineBarcode', { code: item.barcode }));
  parts.push(t('wh_scanProgress', { scanned: item.scanned_quantity ?? 0, ordered: item.quantity }));
  return (
    <Typography
      variant="caption"
      color="text.secondary"
      component="div"
      sx={{ overflowWrap: 'anywhere' }}
      data-testid="order-item-scan"
      data-scanned={item.scanned_quantity ?? 0}
    >
      {parts.join(' · ')}
    </Typography>
  );
}
