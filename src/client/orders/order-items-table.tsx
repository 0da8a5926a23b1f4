import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableFooter from '@mui/material/TableFooter';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { OrderItem } from '../../shared/api/entities';
import { formatTL } from '../../shared/domain/money';

/**
 * An order's lines (spec §2 order detail: product name, quantity, unit price, total price) and
 * the grand total, all from integer kuruş. Scrolls sideways on narrow screens.
 */
export function OrderItemsTable({ items, totalKurus }: { items: readonly OrderItem[]; totalKurus: number }) {
  return (
    <TableContainer sx={{ overflowX: 'auto' }}>
      <Table size="small" sx={{ minWidth: 520 }} data-testid="order-items">
        <TableHead>
          <TableRow>
            <TableCell>Ürün Adı</TableCell>
            <TableCell align="right">Miktar</TableCell>
            <TableCell align="right">Birim Fiyat</TableCell>
            <TableCell align="right">Toplam Fiyat</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {items.map((item) => (
            <TableRow key={item.id} data-testid="order-item">
              <TableCell>{item.product_name}</TableCell>
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
              Genel Toplam
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
