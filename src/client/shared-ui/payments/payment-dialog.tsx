import ReceiptLong from '@mui/icons-material/ReceiptLongOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { createPaymentBody } from '../../../shared/api/accounts';
import {
  PAYMENT_LIMITS,
  PAYMENT_METHOD_FIELDS,
  PAYMENT_METHODS,
  type PaymentDetailField,
  type PaymentMethod,
} from '../../../shared/domain/account';
import { formatTL } from '../../../shared/domain/money';
import { formatMoneyInput, parseMoneyInput } from '../../../shared/domain/number-input';
import { dayIn } from '../../../shared/domain/time';
import type { LocalPayment } from '../../local/database';
import { uuid } from '../../local/outbox';
import { accountView, buildPaymentDraft, paymentBody, takePayment } from '../../local/payments';
import { getLocalStore } from '../../local/store';
import { useSession } from '../../state/session';
import { useUi } from '../../state/ui';
import { DialogSubmitActions } from '../dialog-submit-actions';
import { t as translate, useCompanyTimeZone, useT } from '../i18n';
import { runLocalAction } from '../local-action';
import { useLocalDb, useOnline } from '../local-store';
import { NumberField } from '../number-field';
import { usePhone } from '../responsive';
import { detailLabel, methodLabel } from './payment-labels';
import { ReceiptBody } from './receipt-body';

/** What the screen offers to collect: the order's invoice, the order's total or the balance. */
export interface SuggestedAmount {
  kurus: number;
  source: 'invoice' | 'order' | 'balance';
}

/**
 * 'Tahsilat' / 'Tahsilat Al': take a payment from a customer (the driver at the door after
 * 'Teslim Edildi', the office on the customer's page). Shows the customer's balance as this
 * device last knew it and the amount due, asks the method and its details, checks them with the
 * request's own schema (the server's rules, so nothing queued is refused for a typo), and queues
 * the payment through the outbox (works offline). Then the receipt, to show or print.
 */
export function PaymentDialog({
  customer,
  orderId = null,
  suggested = null,
  onClose,
}: {
  customer: { id: string; name: string };
  orderId?: string | null;
  suggested?: SuggestedAmount | null;
  onClose: () => void;
}) {
  const fullScreen = usePhone();
  const [taken, setTaken] = useState<LocalPayment | null>(null);
  return (
    <Dialog
      open
      onClose={onClose}
      fullWidth
      maxWidth="sm"
      fullScreen={fullScreen}
      data-testid="payment-dialog"
    >
      {taken ? (
        <TakenReceipt paymentId={taken.id} fallback={taken} onClose={onClose} />
      ) : (
        <PaymentForm
          customer={customer}
          orderId={orderId}
          suggested={suggested}
          onClose={onClose}
          onTaken={setTaken}
        />
      )}
    </Dialog>
  );
}

type Field = 'amount' | 'method' | 'note' | PaymentDetailField;

const SOURCE_KEYS = {
  invoice: 'pay_dueInvoice',
  order: 'pay_dueOrder',
  balance: 'pay_dueBalance',
} as const;

function PaymentForm({
  customer,
  orderId,
  suggested,
  onClose,
  onTaken,
}: {
  customer: { id: string; name: string };
  orderId: string | null;
  suggested: SuggestedAmount | null;
  onClose: () => void;
  onTaken: (payment: LocalPayment) => void;
}) {
  const t = useT();
  const db = useLocalDb();
  const online = useOnline();
  const english = useUi((s) => s.language === 'en');
  const user = useSession((s) => s.user);
  const zone = useCompanyTimeZone();
  const today = dayIn(new Date(), zone);
  const account = useLiveQuery(
    async () => (db ? ((await db.accounts.get(customer.id)) ?? null) : null),
    [db, customer.id],
  );
  const view = accountView(account, today);
  const due = suggested && suggested.kurus > 0 ? suggested : null;
  const [amount, setAmount] = useState(due ? formatMoneyInput(due.kurus) : '');
  const [method, setMethod] = useState<PaymentMethod>('cash');
  const [details, setDetails] = useState<Partial<Record<PaymentDetailField, string>>>({});
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field | 'form', string>>>({});
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    const parsed = parseMoneyInput(amount, {});
    if (!parsed.ok) {
      setErrors({ amount: parsed.empty ? translate('pay_amountRequired') : parsed.error });
      return;
    }
    if (!user || !getLocalStore()) return;
    const input = {
      customerId: customer.id,
      customerName: customer.name,
      orderId,
      method,
      amountKurus: parsed.value,
      details: Object.fromEntries(PAYMENT_METHOD_FIELDS[method].map((f) => [f, details[f] ?? ''])),
      note,
      takenBy: { id: user.id, full_name: user.full_name },
      day: today,
      now: new Date().toISOString(),
    };
    // The request's own schema: the server's rules and its Turkish words, before anything is queued.
    const check = createPaymentBody.safeParse(paymentBody(buildPaymentDraft(uuid(), input)));
    if (!check.success) {
      const shown = new Set<string>(['amount', 'note', ...PAYMENT_METHOD_FIELDS[method]]);
      const next: typeof errors = {};
      for (const issue of check.error.issues) {
        const path = String(issue.path[0] ?? '');
        const field = path === 'amount_kurus' ? 'amount' : path;
        next[shown.has(field) ? (field as Field) : 'form'] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    setBusy(true);
    const db = getLocalStore()?.db;
    const payment = db
      ? await runLocalAction(
          () => takePayment(db, input),
          translate('pay_saved'),
          translate('pay_saveError'),
          {
            offlineText: translate('pay_savedOffline'),
          },
        )
      : null;
    setBusy(false);
    if (payment) onTaken(payment);
  };

  const detail = (field: PaymentDetailField) => (
    <TextField
      key={field}
      label={detailLabel(field, english)}
      value={details[field] ?? ''}
      onChange={(e) => {
        setDetails((d) => ({ ...d, [field]: e.target.value }));
        setErrors((x) => ({ ...x, [field]: undefined, form: undefined }));
      }}
      required
      fullWidth
      type={field === 'document_due_day' ? 'date' : 'text'}
      error={!!errors[field]}
      helperText={errors[field]}
      slotProps={{
        inputLabel: field === 'document_due_day' ? { shrink: true } : undefined,
        htmlInput: { maxLength: PAYMENT_LIMITS.detailMaxLength, 'data-testid': `payment-${field}` },
      }}
    />
  );

  return (
    <>
      <DialogTitle>{t('pay_title', { customer: customer.name })}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Stack direction="row" spacing={2} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
            <Figure label={t('pay_balance')} value={formatTL(view.balance_kurus)} testId="payment-balance" />
            <Figure label={t('pay_overdue')} value={formatTL(view.ageing.overdue_kurus)} />
            {due ? (
              <Figure label={t(SOURCE_KEYS[due.source])} value={formatTL(due.kurus)} testId="payment-due" />
            ) : null}
          </Stack>
          <Typography variant="caption" color="text.secondary">
            {t('pay_balanceNote')}
          </Typography>
          <TextField
            select
            label={t('pay_method')}
            value={method}
            onChange={(e) => {
              setMethod(e.target.value as PaymentMethod);
              setErrors({});
            }}
            fullWidth
            slotProps={{ htmlInput: { 'data-testid': 'payment-method' } }}
          >
            {PAYMENT_METHODS.map((m) => (
              <MenuItem key={m} value={m} data-testid={`payment-method-${m}`}>
                {methodLabel(m, english)}
              </MenuItem>
            ))}
          </TextField>
          <NumberField
            kind="money"
            label={t('pay_amount')}
            value={amount}
            onChange={(text) => {
              setAmount(text);
              setErrors((x) => ({ ...x, amount: undefined, form: undefined }));
            }}
            required
            fullWidth
            errorText={errors.amount ?? null}
            testId="payment-amount"
          />
          {PAYMENT_METHOD_FIELDS[method].map(detail)}
          <TextField
            label={t('pay_note')}
            value={note}
            onChange={(e) => setNote(e.target.value)}
            fullWidth
            multiline
            minRows={2}
            error={!!errors.note}
            helperText={errors.note}
            slotProps={{ htmlInput: { maxLength: PAYMENT_LIMITS.noteMaxLength } }}
          />
          {!online ? <Alert severity="info">{t('pay_offlineNote')}</Alert> : null}
          {errors.form ? <Alert severity="error">{errors.form}</Alert> : null}
        </Stack>
      </DialogContent>
      <DialogSubmitActions
        busy={busy}
        onCancel={onClose}
        onSubmit={() => void submit()}
        testId="payment-submit"
      >
        {t('pay_submit')}
      </DialogSubmitActions>
    </>
  );
}

function Figure({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <Stack sx={{ minWidth: 120 }}>
      <Typography variant="caption" color="text.secondary">
        {label}
      </Typography>
      <Typography sx={{ fontWeight: 700 }} data-testid={testId}>
        {value}
      </Typography>
    </Stack>
  );
}

/** The receipt of the payment just taken, kept up to date (its number arrives when the server answers). */
function TakenReceipt({
  paymentId,
  fallback,
  onClose,
}: {
  paymentId: string;
  fallback: LocalPayment;
  onClose: () => void;
}) {
  const t = useT();
  const db = useLocalDb();
  const company = useSession((s) => s.tenantInfo.company_name);
  const payment = useLiveQuery(
    async () => (db ? await db.payments.get(paymentId) : undefined),
    [db, paymentId],
  );
  return (
    <>
      <DialogTitle>{t('pay_receiptTitle')}</DialogTitle>
      <DialogContent>
        <ReceiptBody payment={payment ?? fallback} company={company} />
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button
          component={RouterLink}
          to={`/payment-receipt/${paymentId}`}
          startIcon={<ReceiptLong />}
          sx={{ minHeight: 44 }}
          data-testid="payment-print"
        >
          {t('pay_print')}
        </Button>
        <Button variant="contained" onClick={onClose} sx={{ minHeight: 44 }} data-testid="payment-done">
          {t('pay_done')}
        </Button>
      </DialogActions>
    </>
  );
}
