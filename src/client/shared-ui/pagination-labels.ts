import type { TablePaginationProps } from '@mui/material/TablePagination';

/** Turkish texts of MUI's TablePagination, the same on every paged table. */
export const TR_PAGINATION_LABELS: Pick<
  TablePaginationProps,
  'labelRowsPerPage' | 'labelDisplayedRows' | 'getItemAriaLabel'
> = {
  labelRowsPerPage: 'Sayfa başına:',
  labelDisplayedRows: ({ from, to, count }) => `${from}–${to} / ${count}`,
  getItemAriaLabel: (type) =>
    ({ next: 'Sonraki sayfa', previous: 'Önceki sayfa', first: 'İlk sayfa', last: 'Son sayfa' })[type],
};
