import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useT } from '../shared-ui/i18n';

/**
 * The column heads of the order tables on /orders and /my-orders: the same six columns,
 * in the same order, on both. Only the amount column's head differs — 'Toplam' on /orders, 'Tutar'
 * on /my-orders — and each page keeps its own text.
 */
export function OrderTableHead({ amountLabel }: { amountLabel: string }) {
  const t = useT();
  return (
    <TableHead>
      <TableRow>
        <TableCell>{t('colOrderNo')}</TableCell>
        <TableCell>{t('colCustomer')}</TableCell>
        <TableCell align="right">{amountLabel}</TableCell>
        <TableCell>{t('status')}</TableCell>
        <TableCell>{t('colDate')}</TableCell>
        <TableCell align="right">{t('colActions')}</TableCell>
      </TableRow>
    </TableHead>
  );
}
