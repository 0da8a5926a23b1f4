import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';

/**
 * The column heads of the order tables on /orders and /my-orders (spec §2): the same six columns,
 * in the same order, on both. Only the amount column's head differs — 'Toplam' on /orders, 'Tutar'
 * on /my-orders — and each page keeps its own text.
 */
export function OrderTableHead({ amountLabel }: { amountLabel: string }) {
  return (
    <TableHead>
      <TableRow>
        <TableCell>Sipariş No</TableCell>
        <TableCell>Müşteri</TableCell>
        <TableCell align="right">{amountLabel}</TableCell>
        <TableCell>Durum</TableCell>
        <TableCell>Tarih</TableCell>
        <TableCell align="right">İşlemler</TableCell>
      </TableRow>
    </TableHead>
  );
}
