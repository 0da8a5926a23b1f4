import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableFooter from '@mui/material/TableFooter';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { OrderItem } from '../../shared/api/entities';
import { formatTL } from '../../shared/domain/money';
import { useProductImages } from '../shared-ui/catalogue-data';
import { useT } from '../shared-ui/i18n';
import { LineScanInfo } from '../shared-ui/line-scan-info';
import { ProductThumb } from '../shared-ui/product-thumb';
import { usePhone } from '../shared-ui/responsive';

/**
 * An order's lines (product name, quantity, unit price, total price) and
 * the grand total, all from integer kuruş. On a phone (below `sm`) each line is a short stacked
 * block ('2 × 1.250,00 TL' then its total) and the grand total a full-width line of its own, so
 * nothing is cut off or needs a sideways swipe on a phone; the test ids are the table's.
 */
export function OrderItemsTable({ items, totalKurus }: { items: readonly OrderItem[]; totalKurus: number }) {
  const t = useT();
  const phone = usePhone();
  const images = useProductImages(items.map((item) => item.product_id));
  const thumb = (item: OrderItem) => (
    <ProductThumb
      url={item.product_id ? images.get(item.product_id) : null}
      name={item.product_name}
      size={phone ? 36 : 32}
      testId="order-item-thumb"
    />
  );
  if (phone)
    return (
      <Box data-testid="order-items">
        <Stack divider={<Divider flexItem />}>
          {items.map((item) => (
            <Stack
              key={item.id}
              direction="row"
              spacing={1}
              sx={{ py: 1, alignItems: 'baseline', justifyContent: 'space-between' }}
              data-testid="order-item"
            >
              <Stack direction="row" spacing={1} sx={{ minWidth: 0, alignItems: 'center' }}>
                {thumb(item)}
                <Box sx={{ minWidth: 0 }}>
                  <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                    {item.product_name}
                  </Typography>
                  <LineScanInfo item={item} />
                  <Typography variant="caption" color="text.secondary">
                    {item.quantity} × {formatTL(item.unit_price_kurus)}
                  </Typography>
                </Box>
              </Stack>
              <Typography variant="body2" sx={{ fontWeight: 600, whiteSpace: 'nowrap', flexShrink: 0 }}>
                {formatTL(item.total_price_kurus)}
              </Typography>
            </Stack>
          ))}
        </Stack>
        <Stack
          direction="row"
          spacing={1}
          sx={{
            mt: 1,
            pt: 1,
            borderTop: 2,
            borderColor: 'divider',
            alignItems: 'baseline',
            justifyContent: 'space-between',
          }}
        >
          <Typography sx={{ fontWeight: 700 }}>{t('grandTotal')}</Typography>
          <Typography sx={{ fontWeight: 700, whiteSpace: 'nowrap' }} data-testid="order-grand-total">
            {formatTL(totalKurus)}
          </Typography>
        </Stack>
      </Box>
    );
  return (
    <TableContainer sx={{ overflowX: 'auto' }}>
      <Table size="small" sx={{ minWidth: 520 }} data-testid="order-items">
        <TableHead>
          <TableRow>
            <TableCell>{t('productName')}</TableCell>
            <TableCell align="right">{t('quantity')}</TableCell>
            <TableCell align="right">{t('unitPrice')}</TableCell>
            <TableCell align="right">{t('lineTotal')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {items.map((item) => (
            <TableRow key={item.id} data-testid="order-item">
              <TableCell>
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                  {thumb(item)}
                  <Box>
                    {item.product_name}
                    <LineScanInfo item={item} />
                  </Box>
                </Stack>
              </TableCell>
              <TableCell align="right">{item.quantity}</TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {formatTL(item.unit_price_kurus)}
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {formatTL(item.total_price_kurus)}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
        <TableFooter>
          <TableRow>
            <TableCell
              colSpan={3}
              align="right"
              sx={{ fontWeight: 700, color: 'text.primary', fontSize: '0.95rem' }}
            >
              {t('grandTotal')}
            </TableCell>
            <TableCell
              align="right"
              sx={{ fontWeight: 700, color: 'text.primary', fontSize: '0.95rem', whiteSpace: 'nowrap' }}
              data-testid="order-grand-total"
            >
              {formatTL(totalKurus)}
            </TableCell>
          </TableRow>
        </TableFooter>
      </Table>
    </TableContainer>
  );
}
