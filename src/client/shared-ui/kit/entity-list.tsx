import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Checkbox from '@mui/material/Checkbox';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import type { SxProps, Theme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { KeyboardEvent, MouseEvent, ReactNode } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { EmptyTableRow } from '../empty-table-row';
import { usePhone } from '../responsive';

/**
 * The rows of a list screen, one component for every entity: a table on a desktop and, below
 * `sm`, stacked cards with the same facts and the same actions (no sideways swipe on a phone).
 * Columns, row actions and selection are described as data; the screen keeps only what is its own
 * (which columns, the card's wording, what an action does).
 */

export interface Column<T> {
  key: string;
  header: ReactNode;
  cell: (row: T) => ReactNode;
  align?: 'left' | 'right' | 'center';
  /** Kept on one line (dates, amounts, phone numbers). */
  nowrap?: boolean;
  /** The row's name: set in bold. */
  strong?: boolean;
  /** Long unbroken text (e-mail addresses, ids) may break anywhere rather than widen the table. */
  breakAnywhere?: boolean;
  /** `data-testid` of the cell. */
  testId?: string;
  /** Further attributes of the cell (`data-i18n-skip` on a company's own name). */
  cellProps?: Record<string, string>;
  /** Column hidden below this breakpoint (its fact then belongs in another column's cell). */
  hideBelow?: 'md' | 'lg' | 'xl';
  sx?: SxProps<Theme>;
}

export interface RowAction<T> {
  /** The button's `data-testid` is `${actionTestPrefix}-${key}` unless `testId` names it per row. */
  key: string;
  testId?: (row: T) => string;
  label: string;
  icon?: ReactNode;
  /** What it does; or `to`, the address it opens (a real link: it opens in a new tab too). */
  run?: (row: T) => void;
  to?: (row: T) => string;
  /** Shown for this row (default: always). */
  shown?: (row: T) => boolean;
  disabled?: boolean | ((row: T) => boolean);
  color?: 'primary' | 'error' | 'success' | 'warning';
  /**
   * A button with its text rather than an icon: for lists whose actions are decisions ('Onayla',
   * 'Reddet'); 'contained' for the one a row is mostly for.
   */
  text?: 'contained' | 'outlined';
}

export interface Selection<T> {
  selected: ReadonlySet<string>;
  onChange: (next: Set<string>) => void;
  /** The accessible name of a row's checkbox ('Seç: Ürün A'). */
  rowLabel: (row: T) => string;
  /** The accessible name of the header's checkbox ('Tümünü seç'). */
  allLabel: string;
  /** Rows that cannot be selected (default: all can). */
  selectable?: (row: T) => boolean;
}

export interface EntityListProps<T> {
  rows: readonly T[];
  rowKey: (row: T) => string;
  columns: readonly Column<T>[];
  /** The card a phone shows for a row (its facts; the actions are added under it). */
  card: (row: T) => ReactNode;
  actions?: readonly RowAction<T>[];
  /** The accessible name of an action's button for a row ('Düzenle: ayse'). */
  actionLabel?: (action: RowAction<T>, row: T) => string;
  /** The header of the actions column. */
  actionsHeader?: string;
  selection?: Selection<T>;
  /** The reason there are no rows (null: rows, or still loading). */
  empty: string | null;
  /** The table's accessible name. */
  label: string;
  /** `${testId}-table`, `${testId}-cards`, `${testId}-empty`. */
  testId: string;
  /** Each row's (and card's) `data-testid`; per row when it names the record. */
  rowTestId: string | ((row: T) => string);
  /** The prefix of the actions' `data-testid`s (default: `rowTestId` without '-row'). */
  actionTestPrefix?: string;
  /** Further attributes of a row (`data-user-id`). */
  rowProps?: (row: T) => Record<string, string | undefined>;
  /**
   * A row that opens the record (a log entry in full): the whole row is the button — clicked, or
   * Enter/Space when focused — named by `openLabel` in the table (a card's own texts name it).
   */
  onOpen?: (row: T) => void;
  openLabel?: (row: T) => string;
  /**
   * A row whose record has its own address (an invoice): a click on the table row goes there (a
   * cell holds the real link, the keyboard's way in), and the whole card on a phone is the link.
   */
  openTo?: (row: T) => string;
  /**
   * With `openTo`: false when only the cell's link opens the record on the table (the rest of the
   * row is no target); the card on a phone is still the link. Default true.
   */
  openRow?: boolean;
  /** With `openTo`: the `data-testid` of the card's link on a phone. */
  openTestId?: string;
  /**
   * 'text': on a phone the actions under a card are buttons with their text (a thumb needs the
   * word, there is no tooltip to hover), while the table keeps its icons.
   */
  cardActions?: 'text';
  /** A desktop table narrower than this scrolls inside its box rather than squeezing its columns. */
  minWidth?: number;
  /** Long words in every cell may break anywhere (a table that must never scroll sideways). */
  breakAnywhere?: boolean;
  /** Overrides the phone layout (default: below `sm`). */
  phone?: boolean;
}

function RowActions<T>({
  row,
  actions,
  label,
  prefix,
  asText = false,
}: {
  row: T;
  actions: readonly RowAction<T>[];
  label: (action: RowAction<T>, row: T) => string;
  prefix: string;
  /** Every action as a button with its text (default: only when an action asks for it). */
  asText?: boolean;
}) {
  const shown = actions.filter((action) => action.shown?.(row) ?? true);
  const disabledOf = (action: RowAction<T>) =>
    typeof action.disabled === 'function' ? action.disabled(row) : !!action.disabled;
  const testIdOf = (action: RowAction<T>) => action.testId?.(row) ?? `${prefix}-${action.key}`;
  if (asText || shown.some((action) => action.text))
    return (
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
        {shown.map((action) => (
          <Button
            key={action.key}
            size="small"
            variant={action.text ?? 'outlined'}
            color={action.color}
            startIcon={action.icon}
            disabled={disabledOf(action)}
            aria-label={label(action, row)}
            {...(action.to
              ? { component: RouterLink, to: action.to(row) }
              : { onClick: () => action.run?.(row) })}
            data-testid={testIdOf(action)}
          >
            {action.label}
          </Button>
        ))}
      </Stack>
    );
  return (
    <>
      {shown.map((action) => (
        <Tooltip key={action.key} title={action.label}>
          <span>
            <IconButton
              size="small"
              color={action.color}
              aria-label={label(action, row)}
              {...(action.to
                ? { component: RouterLink, to: action.to(row) }
                : { onClick: () => action.run?.(row) })}
              disabled={disabledOf(action)}
              data-testid={testIdOf(action)}
            >
              {action.icon}
            </IconButton>
          </span>
        </Tooltip>
      ))}
    </>
  );
}

/** A table row that is itself the button opening its record. */
function openable<T>(row: T, open: (row: T) => void, label?: (row: T) => string) {
  return {
    tabIndex: 0,
    sx: { cursor: 'pointer' },
    onClick: () => open(row),
    onKeyDown: (e: KeyboardEvent) => {
      if (e.key === 'Enter' || e.key === ' ') {
        e.preventDefault();
        open(row);
      }
    },
    'aria-label': label?.(row),
  };
}

const HIDE_BELOW = (breakpoint: Column<unknown>['hideBelow']) =>
  breakpoint ? { display: { xs: 'none', [breakpoint]: 'table-cell' } } : {};

function cellSx<T>(column: Column<T>): SxProps<Theme> {
  return [
    {
      ...(column.nowrap ? { whiteSpace: 'nowrap' } : {}),
      ...(column.strong ? { fontWeight: 600 } : {}),
      ...(column.breakAnywhere ? { overflowWrap: 'anywhere' } : {}),
      ...HIDE_BELOW(column.hideBelow),
    },
    ...(Array.isArray(column.sx) ? column.sx : column.sx ? [column.sx] : []),
  ] as SxProps<Theme>;
}

export function EntityList<T>(props: EntityListProps<T>) {
  const phoneLayout = usePhone();
  const phone = props.phone ?? phoneLayout;
  return phone ? <EntityCards {...props} /> : <EntityTable {...props} />;
}

function useParts<T>(props: EntityListProps<T>) {
  const rowTestId = (row: T) =>
    typeof props.rowTestId === 'string' ? props.rowTestId : props.rowTestId(row);
  const prefix =
    props.actionTestPrefix ??
    (typeof props.rowTestId === 'string' ? props.rowTestId.replace(/-row$/, '') : 'row');
  const label = props.actionLabel ?? ((action: RowAction<T>) => action.label);
  return { prefix, label, rowTestId };
}

export function EntityTable<T>(props: EntityListProps<T>) {
  const { rows, rowKey, columns, actions, selection, empty, label, testId, openTo } = props;
  const { prefix, label: actionLabel, rowTestId } = useParts(props);
  const navigate = useNavigate();
  const selectable = (row: T) => selection?.selectable?.(row) ?? true;
  const selectableKeys = selection ? rows.filter(selectable).map(rowKey) : [];
  const allSelected =
    selectableKeys.length > 0 && selectableKeys.every((key) => selection?.selected.has(key));
  const someSelected = selectableKeys.some((key) => selection?.selected.has(key));
  const toggle = (key: string, on: boolean) => {
    if (!selection) return;
    const next = new Set(selection.selected);
    if (on) next.add(key);
    else next.delete(key);
    selection.onChange(next);
  };
  const columnCount = columns.length + (actions?.length ? 1 : 0) + (selection ? 1 : 0);
  return (
    <TableContainer sx={{ overflowX: 'auto' }}>
      <Table
        size="small"
        sx={{ minWidth: props.minWidth }}
        aria-label={label}
        data-testid={`${testId}-table`}
      >
        <TableHead>
          <TableRow>
            {selection ? (
              <TableCell padding="checkbox">
                <Checkbox
                  checked={allSelected}
                  indeterminate={someSelected && !allSelected}
                  disabled={selectableKeys.length === 0}
                  onChange={(event) => {
                    const next = new Set(selection.selected);
                    for (const key of selectableKeys) {
                      if (event.target.checked) next.add(key);
                      else next.delete(key);
                    }
                    selection.onChange(next);
                  }}
                  slotProps={{ input: { 'aria-label': selection.allLabel } }}
                  data-testid={`${testId}-select-all`}
                />
              </TableCell>
            ) : null}
            {columns.map((column) => (
              <TableCell key={column.key} align={column.align} sx={HIDE_BELOW(column.hideBelow)}>
                {column.header}
              </TableCell>
            ))}
            {actions?.length ? <TableCell align="right">{props.actionsHeader}</TableCell> : null}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => {
            const key = rowKey(row);
            return (
              <TableRow
                key={key}
                hover
                selected={selection?.selected.has(key)}
                {...(props.onOpen ? openable(row, props.onOpen, props.openLabel) : {})}
                {...(openTo && props.openRow !== false
                  ? {
                      // A click on a link or button in the row (the cell's own link, an action) is
                      // left to it: a second navigation would add a second history entry.
                      onClick: (event: MouseEvent) => {
                        if (!(event.target as Element).closest('a, button')) navigate(openTo(row));
                      },
                      sx: { cursor: 'pointer' },
                    }
                  : {})}
                data-testid={rowTestId(row)}
                {...props.rowProps?.(row)}
              >
                {selection ? (
                  <TableCell padding="checkbox">
                    <Checkbox
                      checked={selection.selected.has(key)}
                      disabled={!selectable(row)}
                      onChange={(event) => toggle(key, event.target.checked)}
                      slotProps={{ input: { 'aria-label': selection.rowLabel(row) } }}
                      data-testid={`${prefix}-select`}
                    />
                  </TableCell>
                ) : null}
                {columns.map((column) => (
                  <TableCell
                    key={column.key}
                    align={column.align}
                    sx={cellSx(column)}
                    data-testid={column.testId}
                  >
                    {column.cell(row)}
                  </TableCell>
                ))}
                {actions?.length ? (
                  <TableCell
                    align="right"
                    sx={{ whiteSpace: 'nowrap' }}
                    // The actions' cell is theirs: a click beside a button does not open the row.
                    {...(openTo ? { onClick: (event: MouseEvent) => event.stopPropagation() } : {})}
                  >
                    <RowActions row={row} actions={actions} label={actionLabel} prefix={prefix} />
                  </TableCell>
                ) : null}
              </TableRow>
            );
          })}
          {empty ? (
            <EmptyTableRow columns={columnCount} testId={`${testId}-empty`}>
              {empty}
            </EmptyTableRow>
          ) : null}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

export function EntityCards<T>(props: EntityListProps<T>) {
  const { rows, rowKey, actions, selection, empty, testId, card } = props;
  const { prefix, label: actionLabel, rowTestId } = useParts(props);
  return (
    <Stack spacing={1} sx={{ p: 1 }} data-testid={`${testId}-cards`}>
      {rows.map((row) => {
        const key = rowKey(row);
        return (
          <Card key={key} variant="outlined" data-testid={rowTestId(row)} {...props.rowProps?.(row)}>
            {props.openTo ? (
              <CardActionArea component={RouterLink} to={props.openTo(row)} data-testid={props.openTestId}>
                <CardContent>{card(row)}</CardContent>
              </CardActionArea>
            ) : props.onOpen ? (
              <CardActionArea onClick={() => props.onOpen?.(row)}>
                <CardContent sx={{ py: 1.5 }}>{card(row)}</CardContent>
              </CardActionArea>
            ) : (
              <CardContent sx={{ pb: 1, display: 'flex', gap: 1, alignItems: 'flex-start' }}>
                {selection ? (
                  <Checkbox
                    checked={selection.selected.has(key)}
                    disabled={!(selection.selectable?.(row) ?? true)}
                    onChange={(event) => {
                      const next = new Set(selection.selected);
                      if (event.target.checked) next.add(key);
                      else next.delete(key);
                      selection.onChange(next);
                    }}
                    slotProps={{ input: { 'aria-label': selection.rowLabel(row) } }}
                    data-testid={`${prefix}-select`}
                    sx={{ p: 0.5, ml: -0.5 }}
                  />
                ) : null}
                <Box sx={{ minWidth: 0, flex: 1 }}>{card(row)}</Box>
              </CardContent>
            )}
            {actions?.length ? (
              <CardActions sx={{ justifyContent: 'flex-end', pt: 0, flexWrap: 'wrap' }}>
                <RowActions
                  row={row}
                  actions={actions}
                  label={actionLabel}
                  prefix={prefix}
                  asText={props.cardActions === 'text'}
                />
              </CardActions>
            ) : null}
          </Card>
        );
      })}
      {empty ? (
        <Typography
          color="text.secondary"
          sx={{ py: 5, textAlign: 'center' }}
          data-testid={`${testId}-empty`}
        >
          {empty}
        </Typography>
      ) : null}
    </Stack>
  );
}
