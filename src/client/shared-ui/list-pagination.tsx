import TablePagination from '@mui/material/TablePagination';
import { useT } from './i18n';
import { paginationLabels } from './pagination-labels';
import { usePhone } from './responsive';

/**
 * The pager under a paged list (/orders, /my-orders), with the Turkish texts. On a phone the
 * 'Sayfa başına:' label is hidden from view (it still names the select for screen readers) and the spacing tightened, so the page-size choice, the
 * '1–10 / 45' text and the arrows fit a 390 px screen without a sideways scroll.
 */
export function ListPagination({
  count,
  page,
  pageSize,
  pageSizes,
  onPageChange,
  onPageSizeChange,
  testId,
}: {
  count: number;
  page: number;
  pageSize: number;
  pageSizes: number[];
  onPageChange: (page: number) => void;
  onPageSizeChange: (pageSize: number) => void;
  testId?: string;
}) {
  useT(); // re-render when the language changes
  const phone = usePhone();
  return (
    <TablePagination
      component="div"
      count={count}
      page={page}
      onPageChange={(_event, next) => onPageChange(next)}
      rowsPerPage={pageSize}
      onRowsPerPageChange={(event) => onPageSizeChange(Number.parseInt(event.target.value, 10))}
      rowsPerPageOptions={pageSizes}
      {...paginationLabels()}
      data-testid={testId}
      sx={
        phone
          ? {
              // Tight, and wrapping on a still narrower screen rather than scrolling.
              '& .MuiTablePagination-toolbar': { px: 0.5, minHeight: 52, flexWrap: 'wrap' },
              '& .MuiTablePagination-spacer': { display: 'none' },
              // Visually hidden, still the select's accessible name.
              '& .MuiTablePagination-selectLabel': {
                position: 'absolute',
                width: '1px',
                height: '1px',
                overflow: 'hidden',
                clip: 'rect(0 0 0 0)',
                whiteSpace: 'nowrap',
              },
              '& .MuiTablePagination-toolbar > *': { flexShrink: 0 },
              '& .MuiTablePagination-input': { ml: 0, mr: 1 },
              '& .MuiTablePagination-actions': { ml: 0.5 },
              '& .MuiTablePagination-displayedRows': { ml: 'auto' },
            }
          : undefined
      }
    />
  );
}
