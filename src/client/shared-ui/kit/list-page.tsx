import Alert from '@mui/material/Alert';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import type { ReactNode } from 'react';
import { useT } from '../i18n';
import { ListPagination } from '../list-pagination';
import type { ListParams } from './list-address';

/**
 * The frame every list screen shares: a note while offline (what still works), the load error when
 * there is nothing to show, the toolbar (search, filters, buttons) in its own box, then the rows
 * with a progress bar while they are fetched and the pager under them. Never wider than the
 * window: the toolbar stacks on a phone, the rows are cards there (EntityList).
 */
export interface ListPageProps {
  /** `data-testid` of the whole list. */
  testId: string;
  /** Shown while offline (null: online, or nothing to say). */
  offlineNote?: { text: ReactNode; testId: string } | null;
  /** The load error, when nothing could be shown. */
  error?: { text: ReactNode; testId: string } | null;
  /** Above the toolbar (summary figures). */
  header?: ReactNode;
  /** Search, filters and buttons. */
  toolbar?: ReactNode;
  /** Names the toolbar as a region ('Filtreler') when it holds many filters. */
  toolbarLabel?: string;
  /** Above the rows (a bulk-action bar, a summary). */
  above?: ReactNode;
  fetching?: boolean;
  /**
   * The pager: how many rows there are, and the list's view in the address (its page and page
   * size are the pager's). `page` overrides the shown page (a page past the end while the list
   * is being corrected).
   */
  pagination?: {
    count: number;
    list: ListParams;
    pageSizes: readonly number[];
    testId: string;
    page?: number;
  };
  /** The rows (an EntityList). */
  children: ReactNode;
  /** Dialogs and other parts outside the boxes. */
  after?: ReactNode;
}

export function ListPage({
  testId,
  offlineNote,
  error,
  header,
  toolbar,
  toolbarLabel,
  above,
  fetching = false,
  pagination,
  children,
  after,
}: ListPageProps) {
  const t = useT();
  return (
    <Stack spacing={2} data-testid={testId}>
      {offlineNote ? (
        <Alert severity="info" data-testid={offlineNote.testId}>
          {offlineNote.text}
        </Alert>
      ) : null}
      {error ? (
        <Alert severity="error" data-testid={error.testId}>
          {error.text}
        </Alert>
      ) : null}
      {header}
      {toolbar ? (
        <Paper
          variant="outlined"
          sx={{ p: 2 }}
          {...(toolbarLabel ? { component: 'section', 'aria-label': toolbarLabel } : {})}
        >
          <Stack
            direction={{ xs: 'column', md: 'row' }}
            spacing={2}
            sx={{ alignItems: { md: 'center' }, flexWrap: { md: 'wrap' }, rowGap: 2 }}
          >
            {toolbar}
          </Stack>
        </Paper>
      ) : null}
      {above}
      <Paper variant="outlined">
        {fetching ? <LinearProgress aria-label={t('loadingAria')} /> : null}
        {children}
        {pagination ? (
          <ListPagination
            count={pagination.count}
            page={pagination.page ?? pagination.list.page}
            pageSize={pagination.list.pageSize}
            pageSizes={[...pagination.pageSizes]}
            onPageChange={pagination.list.setPage}
            onPageSizeChange={pagination.list.setPageSize}
            testId={pagination.testId}
          />
        ) : null}
      </Paper>
      {after}
    </Stack>
  );
}

/** The buttons at the end of a toolbar (refresh, add): together, at the right. */
export function ToolbarButtons({ children }: { children: ReactNode }) {
  return (
    <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end', flexWrap: 'wrap', rowGap: 1 }}>
      {children}
    </Stack>
  );
}
