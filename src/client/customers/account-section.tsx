import Edit from '@mui/icons-material/EditOutlined';
import GridOn from '@mui/icons-material/GridOnOutlined';
import Payments from '@mui/icons-material/PaymentsOutlined';
import PictureAsPdf from '@mui/icons-material/PictureAsPdfOutlined';
import Undo from '@mui/icons-material/Undo';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useRef, useState } from 'react';
import type { Movement } from '../../shared/api/accounts';
import { API } from '../../shared/api/endpoints';
import {
  AGEING_BUCKET_LABELS,
  AGEING_BUCKET_LABELS_EN,
  AGEING_BUCKETS,
  isDeferred,
  MOVEMENT_KIND_LABELS,
  MOVEMENT_KIND_LABELS_EN,
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHOD_LABELS_EN,
} from '../../shared/domain/account';
import { canReversePayment, canSetCredit, canTakePayment } from '../../shared/domain/account-access';
import { formatTL } from '../../shared/domain/money';
import { formatDate } from '../../shared/domain/time';
import { saveBlob } from '../api/download';
import { callFile } from '../api/http';
import { useApiQuery } from '../api/query';
import type { LocalAccount, LocalPayment } from '../local/database';
import { accountView, paymentsOfCustomer, shownReceiptNumber } from '../local/payments';
import { dateTimeLabel, t as translate, useT } from '../shared-ui/i18n';
import { type Column, EntityList, type RowAction } from '../shared-ui/kit/entity-list';
import { ListPagination } from '../shared-ui/list-pagination';
import { useLocalDb, useOnline, useSyncStatus } from '../shared-ui/local-store';
import { ReasonTooltip } from '../shared-ui/reason-tooltip';
import { useSession } from '../state/session';
import { useUi } from '../state/ui';
import {
  monthOf,
  type Period,
  periodProblem,
  type StatementFormat,
  statementEntry,
  statementFileName,
} from './account';
import { ReversePaymentDialog } from './reverse-payment-dialog';
import { TermsDialog } from './terms-dialog';

const LEDGER_PAGE_SIZES = [10, 25, 50];

const useEnglish = () => useUi((s) => s.language === 'en');

/** A company day 'YYYY-MM-DD' as the screens write dates (dd.mm.yyyy; dd/mm/yyyy in English). */
function dayLabel(day: string, english: boolean): string {
  return formatDate(`${day}T12:00:00Z`, 'UTC', english ? 'en-GB' : 'tr-TR');
}

/** A download that failed is a toast with the server's reason. */
async function download(run: () => Promise<void>): Promise<void> {
  try {
    await run();
  } catch (error) {
    const message = error instanceof Error && error.message ? `: ${error.message}` : '';
    useUi.getState().showToast(`${translate('acct_downloadFailed')}${message}`);
  }
}

const downloadReceipt = (payment: LocalPayment) =>
  download(async () => {
    const file = await callFile(API.paymentReceipt, { params: { id: payment.id }, query: { size: 'a5' } });
    saveBlob(file.blob, file.filename ?? `makbuz-${payment.receipt_number}.pdf`);
  });

const downloadStatement = (customerId: string, period: Period, format: StatementFormat) =>
  download(async () => {
    const file = await callFile(statementEntry(format), {
      params: { id: customerId },
      query: period,
    });
    saveBlob(file.blob, file.filename ?? statementFileName(period, format));
  });

/** One figure: its label over its value. */
function Figure({
  label,
  value,
  testId,
  tone,
}: {
  label: string;
  value: string;
  testId: string;
  tone?: 'error';
}) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Typography
        variant="subtitle1"
        component="div"
        sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}
        color={tone === 'error' ? 'error' : undefined}
        data-testid={testId}
      >
        {value}
      </Typography>
    </Box>
  );
}

const FIGURE_GRID = {
  display: 'grid',
  gap: 2,
  gridTemplateColumns: {
    xs: 'repeat(2, minmax(0, 1fr))',
    sm: 'repeat(3, minmax(0, 1fr))',
    md: 'repeat(5, minmax(0, 1fr))',
  },
} as const;

/**
 * The account section of a customer's screen. Everything but the ledger and the files comes from
 * the device's copy (works offline): the balance, the ageing counted on the company's `today`
 * from the mirrored open items, the terms, the cheques in the portfolio and the customer's
 * payments on this device. The ledger, the statement and the receipts are the server's (online);
 * the terms dialog and a reversal are sent now (online; admin and manager).
 *
 * `onTakePayment` opens the shared payment dialog ('Tahsilat Al'); the button shows only when it
 * is given and the user may take this customer's payments.
 */
export function AccountSection({
  customerId,
  account,
  today,
  onTakePayment,
}: {
  customerId: string;
  account: LocalAccount | null;
  today: string;
  onTakePayment?: () => void;
}) {
  const t = useT();
  const english = useEnglish();
  const role = useSession((s) => s.user?.role);
  const online = useOnline();
  const lastPullAt = useSyncStatus((s) => s.lastPullAt);
  const [editingTerms, setEditingTerms] = useState(false);
  const view = accountView(account, today);
  const { ageing } = view;

  return (
    <Stack spacing={2} data-testid="customer-account">
      <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }}>
        <Stack
          direction="row"
          spacing={1}
          sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', rowGap: 1, mb: 2 }}
        >
          <Typography variant="h6" component="h3">
            {t('acct_title')}
          </Typography>
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
            {/* Shown at all only for an account this user may see: for a field role, their own customer. */}
            {onTakePayment && canTakePayment(role, true) ? (
              <Button
                variant="contained"
                startIcon={<Payments />}
                onClick={onTakePayment}
                data-testid="take-payment"
              >
                {t('acct_takePayment')}
              </Button>
            ) : null}
            {canSetCredit(role) ? (
              <ReasonTooltip title={online ? '' : t('acct_onlineOnly')}>
                <Button
                  variant="outlined"
                  startIcon={<Edit />}
                  disabled={!online}
                  onClick={() => setEditingTerms(true)}
                  data-testid="account-terms-edit"
                >
                  {t('acct_termsTitle')}
                </Button>
              </ReasonTooltip>
            ) : null}
          </Stack>
        </Stack>
        <Box sx={FIGURE_GRID}>
          <Figure label={t('acct_balance')} value={formatTL(view.balance_kurus)} testId="account-balance" />
          <Figure
            label={t('acct_overdue')}
            value={formatTL(ageing.overdue_kurus)}
            testId="account-overdue"
            tone={ageing.overdue_kurus > 0 ? 'error' : undefined}
          />
          <Figure
            label={t('acct_creditLimit')}
            value={view.credit_limit_kurus === null ? t('acct_noLimit') : formatTL(view.credit_limit_kurus)}
            testId="account-credit-limit"
          />
          <Figure
            label={t('acct_dueDays')}
            value={t('acct_days', { n: account?.due_days ?? 0 })}
            testId="account-due-days"
          />
          <Figure
            label={t('acct_portfolio')}
            value={formatTL(view.portfolio_kurus)}
            testId="account-portfolio"
          />
        </Box>
        <Typography variant="subtitle2" component="h4" sx={{ mt: 2, mb: 1 }}>
          {t('acct_ageing')}
        </Typography>
        <Box sx={FIGURE_GRID} data-testid="account-ageing">
          {AGEING_BUCKETS.map((bucket) => (
            <Figure
              key={bucket}
              label={(english ? AGEING_BUCKET_LABELS_EN : AGEING_BUCKET_LABELS)[bucket]}
              value={formatTL(ageing[bucket])}
              testId={`account-ageing-${bucket}`}
            />
          ))}
        </Box>
        <Typography
          variant="caption"
          color="text.secondary"
          component="p"
          sx={{ mt: 2 }}
          data-testid="account-as-of"
        >
          {account ? t('acct_asOf', { day: dayLabel(today, english) }) : t('acct_noMovements')}
          {lastPullAt ? ` · ${t('acct_lastSync', { time: dateTimeLabel(lastPullAt) })}` : ''}
        </Typography>
      </Paper>

      <StatementDownload customerId={customerId} today={today} />
      <PaymentsList customerId={customerId} />
      <Ledger customerId={customerId} changedAt={account?.updated_at ?? null} />

      {editingTerms ? (
        <TermsDialog
          customerId={customerId}
          dueDays={account?.due_days ?? 0}
          creditLimitKurus={account?.credit_limit_kurus ?? null}
          termsVersion={account?.terms_version ?? 0}
          onClose={() => setEditingTerms(false)}
        />
      ) : null}
    </Stack>
  );
}

/** 'Hesap Ekstresi': a period (this month by default) and its PDF or Excel file, online. */
function StatementDownload({ customerId, today }: { customerId: string; today: string }) {
  const t = useT();
  const online = useOnline();
  const [period, setPeriod] = useState(() => monthOf(today));
  const [busy, setBusy] = useState<StatementFormat | null>(null);
  const problem = periodProblem(period);
  const reason = !online ? t('acct_onlineOnly') : problem ? t(problem) : '';
  const run = async (format: StatementFormat) => {
    setBusy(format);
    await downloadStatement(customerId, period, format);
    setBusy(null);
  };
  return (
    <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }} data-testid="account-statement">
      <Typography variant="h6" component="h3" sx={{ mb: 2 }}>
        {t('acct_statement')}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <TextField
          size="small"
          type="date"
          label={t('acct_from')}
          value={period.from}
          onChange={(e) => setPeriod((p) => ({ ...p, from: e.target.value }))}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'statement-from' } }}
        />
        <TextField
          size="small"
          type="date"
          label={t('acct_to')}
          value={period.to}
          onChange={(e) => setPeriod((p) => ({ ...p, to: e.target.value }))}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'statement-to' } }}
        />
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
          <ReasonTooltip title={reason}>
            <Button
              variant="outlined"
              startIcon={<PictureAsPdf />}
              disabled={!!reason || busy !== null}
              onClick={() => void run('pdf')}
              data-testid="statement-pdf"
            >
              {t('acct_statementPdf')}
            </Button>
          </ReasonTooltip>
          <ReasonTooltip title={reason}>
            <Button
              variant="outlined"
              startIcon={<GridOn />}
              disabled={!!reason || busy !== null}
              onClick={() => void run('xlsx')}
              data-testid="statement-xlsx"
            >
              {t('acct_statementXlsx')}
            </Button>
          </ReasonTooltip>
        </Stack>
      </Stack>
      {reason ? (
        <Typography
          variant="caption"
          color="text.secondary"
          component="p"
          sx={{ mt: 1 }}
          data-testid="statement-reason"
        >
          {reason}
        </Typography>
      ) : null}
    </Paper>
  );
}

/** The customer's payments on this device, newest first: numbered by the server, or waiting for it. */
function PaymentsList({ customerId }: { customerId: string }) {
  const t = useT();
  const english = useEnglish();
  const db = useLocalDb();
  const online = useOnline();
  const role = useSession((s) => s.user?.role);
  const [reversing, setReversing] = useState<LocalPayment | null>(null);
  const payments = useLiveQuery(async () => (db ? paymentsOfCustomer(db, customerId) : []), [db, customerId]);
  const methods = english ? PAYMENT_METHOD_LABELS_EN : PAYMENT_METHOD_LABELS;
  const numbered = (p: LocalPayment) => p.pending_sync !== 1 && !!p.receipt_number;

  const receiptNumber = (p: LocalPayment) =>
    numbered(p) ? (
      <span data-testid="payment-receipt-number">{p.receipt_number}</span>
    ) : (
      <Chip
        size="small"
        variant="outlined"
        color="warning"
        label={shownReceiptNumber(p, english)}
        data-testid="payment-pending-number"
      />
    );
  const status = (p: LocalPayment) =>
    p.reversed_at ? (
      <Chip size="small" variant="outlined" label={t('acct_reversedChip')} data-testid="payment-reversed" />
    ) : null;

  const columns: Column<LocalPayment>[] = [
    { key: 'receipt', header: t('acct_receiptNumber'), cell: receiptNumber, nowrap: true },
    { key: 'taken_at', header: t('acct_takenAt'), cell: (p) => dateTimeLabel(p.taken_at), nowrap: true },
    {
      key: 'method',
      header: t('acct_method'),
      cell: (p) => (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
          <span>{methods[p.method]}</span>
          {status(p)}
        </Stack>
      ),
    },
    {
      key: 'amount',
      header: t('acct_amount'),
      cell: (p) => formatTL(p.amount_kurus),
      align: 'right',
      nowrap: true,
      testId: 'payment-amount',
    },
    { key: 'taken_by', header: t('acct_takenBy'), cell: (p) => p.taken_by_name },
  ];
  const actions: RowAction<LocalPayment>[] = [
    {
      key: 'receipt',
      label: t('acct_receipt'),
      icon: <PictureAsPdf fontSize="small" />,
      run: (p) => void downloadReceipt(p),
      shown: numbered,
      disabled: !online,
    },
    ...(canReversePayment(role)
      ? [
          {
            key: 'reverse',
            label: t('acct_reverse'),
            icon: <Undo fontSize="small" />,
            run: setReversing,
            shown: (p: LocalPayment) => numbered(p) && !p.reversed_at,
            disabled: !online,
            color: 'error' as const,
          },
        ]
      : []),
  ];

  return (
    <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }} data-testid="customer-payments">
      <Typography variant="h6" component="h3" sx={{ mb: 1 }}>
        {t('acct_payments')}
      </Typography>
      {!online ? (
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 1 }}>
          {t('acct_paymentsOffline')}
        </Typography>
      ) : null}
      <EntityList
        rows={payments ?? []}
        rowKey={(p) => p.id}
        columns={columns}
        card={(p) => (
          <>
            <Stack
              direction="row"
              spacing={1}
              sx={{ justifyContent: 'space-between', alignItems: 'baseline' }}
            >
              <Typography variant="subtitle2" component="div">
                {receiptNumber(p)}
              </Typography>
              <Typography variant="subtitle2" component="div" sx={{ flexShrink: 0 }}>
                {formatTL(p.amount_kurus)}
              </Typography>
            </Stack>
            <Stack
              direction="row"
              spacing={1}
              sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5, mt: 0.5 }}
            >
              <Typography variant="body2">{methods[p.method]}</Typography>
              {status(p)}
            </Stack>
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {p.taken_by_name} · {dateTimeLabel(p.taken_at)}
            </Typography>
          </>
        )}
        actions={actions}
        actionLabel={(action, p) => `${action.label}: ${shownReceiptNumber(p, english)}`}
        actionsHeader={t('cust_actions')}
        cardActions="text"
        empty={payments !== undefined && payments.length === 0 ? t('acct_noPayments') : null}
        label={t('acct_payments')}
        testId="customer-payments"
        rowTestId="customer-payment-row"
        actionTestPrefix="payment"
        rowProps={(p) => ({
          'data-id': p.id,
          'data-method': p.method,
          'data-deferred': isDeferred(p.method) ? '1' : undefined,
        })}
      />
      {reversing ? <ReversePaymentDialog payment={reversing} onClose={() => setReversing(null)} /> : null}
    </Paper>
  );
}

/**
 * The ledger (GET …/account/movements, paged): the server's, so online only. Offline it says so,
 * while the figures above stay as last synced. `changedAt`: the mirrored account's last change.
 */
function Ledger({ customerId, changedAt }: { customerId: string; changedAt: string | null }) {
  const t = useT();
  const client = useQueryClient();
  // The mirrored account changed (a payment, an invoice, a reversal arrived with a pull): the
  // ledger is asked again rather than kept for its cache time.
  const seen = useRef(changedAt);
  useEffect(() => {
    if (seen.current === changedAt) return;
    seen.current = changedAt;
    void client.invalidateQueries({ queryKey: ['api', 'GET', API.accountMovements.path] });
  }, [client, changedAt]);
  const english = useEnglish();
  const online = useOnline();
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(LEDGER_PAGE_SIZES[0] as number);
  const movements = useApiQuery(
    API.accountMovements,
    { params: { id: customerId }, query: { page: page + 1, limit: pageSize } },
    { enabled: online },
  );
  const kinds = english ? MOVEMENT_KIND_LABELS_EN : MOVEMENT_KIND_LABELS;
  const debit = (m: Movement) => (m.amount_kurus > 0 ? formatTL(m.amount_kurus) : '');
  const credit = (m: Movement) => (m.amount_kurus < 0 ? formatTL(-m.amount_kurus) : '');
  const what = (m: Movement) => (
    <>
      <Typography variant="body2" component="div" sx={{ fontWeight: 600 }}>
        {kinds[m.kind]}
      </Typography>
      {m.description ? (
        <Typography
          variant="caption"
          color="text.secondary"
          component="div"
          sx={{ overflowWrap: 'anywhere' }}
        >
          {m.description}
        </Typography>
      ) : null}
    </>
  );
  const columns: Column<Movement>[] = [
    { key: 'day', header: t('acct_day'), cell: (m) => dayLabel(m.day, english), nowrap: true },
    { key: 'kind', header: t('acct_movement'), cell: what },
    { key: 'debit', header: t('acct_debit'), cell: debit, align: 'right', nowrap: true },
    { key: 'credit', header: t('acct_credit'), cell: credit, align: 'right', nowrap: true },
    {
      key: 'balance',
      header: t('acct_balanceAfter'),
      cell: (m) => formatTL(m.balance_after_kurus),
      align: 'right',
      nowrap: true,
      testId: 'movement-balance',
    },
  ];
  const data = movements.data;

  return (
    <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }} data-testid="account-ledger">
      <Typography variant="h6" component="h3" sx={{ mb: 1 }}>
        {t('acct_ledger')}
      </Typography>
      {!online ? (
        <Alert severity="info" data-testid="account-ledger-offline">
          {t('acct_ledgerOffline')}
        </Alert>
      ) : movements.isError && !data ? (
        <Alert severity="warning" data-testid="account-ledger-error">
          {movements.error.message}
        </Alert>
      ) : (
        <>
          <EntityList
            rows={data?.data ?? []}
            rowKey={(m) => m.id}
            columns={columns}
            card={(m) => (
              <>
                <Stack
                  direction="row"
                  spacing={1}
                  sx={{ justifyContent: 'space-between', alignItems: 'baseline' }}
                >
                  <Box sx={{ minWidth: 0 }}>{what(m)}</Box>
                  <Typography variant="subtitle2" component="div" sx={{ flexShrink: 0 }}>
                    {m.amount_kurus > 0 ? debit(m) : `−${credit(m)}`}
                  </Typography>
                </Stack>
                <Typography variant="body2" color="text.secondary">
                  {dayLabel(m.day, english)} · {t('acct_balanceAfter')}: {formatTL(m.balance_after_kurus)}
                </Typography>
              </>
            )}
            empty={data && data.data.length === 0 ? t('acct_noLedger') : null}
            label={t('acct_ledger')}
            testId="account-ledger"
            rowTestId="account-movement-row"
            rowProps={(m) => ({ 'data-kind': m.kind, 'data-seq': String(m.seq) })}
          />
          {data && data.pagination.totalDocs > 0 ? (
            <ListPagination
              count={data.pagination.totalDocs}
              page={page}
              pageSize={pageSize}
              pageSizes={LEDGER_PAGE_SIZES}
              onPageChange={setPage}
              onPageSizeChange={(size) => {
                setPageSize(size);
                setPage(0);
              }}
              testId="account-ledger-pagination"
            />
          ) : null}
        </>
      )}
    </Paper>
  );
}
