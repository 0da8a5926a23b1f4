import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** The one row a table shows when it has nothing to list: the reason, centred across its columns. */
export function EmptyTableRow({
  columns,
  testId,
  children,
}: {
  columns: number;
  testId: string;
  children: ReactNode;
}) {
  return (
    <TableRow>
      <TableCell colSpan={columns} sx={{ py: 5, textAlign: 'center' }}>
        <Typography color="text.secondary" data-testid={testId}>
          {children}
        </Typography>
      </TableCell>
    </TableRow>
  );
}
