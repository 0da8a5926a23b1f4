import type { TablePaginationProps } from '@mui/material/TablePagination';
import { t } from './i18n';

/** The texts of MUI's TablePagination in the current language, the same on every paged table. */
export function paginationLabels(): Pick<
  TablePaginationProps,
  'labelRowsPerPage' | 'labelDisplayedRows' | 'getItemAriaLabel'
> {
  return {
    labelRowsPerPage: t('rowsPerPage'),
    labelDisplayedRows: ({ from, to, count }) => `${from}–${to} / ${count}`,
    getItemAriaLabel: (type) =>
      t(
        ({ next: 'nextPage', previous: 'previousPage', first: 'firstPage', last: 'lastPage' } as const)[type],
      ),
  };
}
