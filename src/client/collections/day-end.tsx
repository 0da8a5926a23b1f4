import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import {
  type ConfirmDayEndBody,
  confirmDayEndBody,
  type DayEndPerson,
  type MethodTotals,
} from '../../shared/api/accounts';
import { API } from '../../shared/api/endpoints';
import {
  isDay,
  MAX_ACCOUNT_AMOUNT_KURUS,
  PAYMENT_LIMITS,
  PAYMENT_METHODS,
  type PaymentMethod,
} from '../../shared/domain/account';
import { canConfirmDayEnd, hasDayEnd } from '../../shared/domain/account-access';
import { formatTL } from '../../shared/domain/money';
import { formatMoneyInput, parseMoneyInput } from '../../shared/domain/number-input';
import { dayIn } from '../../shared/domain/time';
import { ApiError } from '../api/errors';
import { useApiMutation, useApiQuery } from '../api/query';
import { uuid } from '../local/outbox';
import { DialogSubmitActions } from '../shared-ui/dialog-submit-actions';
import { useFieldErrors } from '../shared-ui/field-errors';
import { dateTimeLabel, type MessageKey, roleLabel, useCompanyTimeZone, useT } from '../shared-ui/i18n';
import { useOnline } from '../shared-ui/local-store';
import { NumberField } from '../shared-ui/number-field';
import { useSession } from '../state/session';
import { useUi } from '../state/ui';
import { Fact, Section } from './collections-ui';
import { differenceOf } from './figures';
import { dayLabel, methodLabel, useLocalDay } from './local';

/**
 * The day-end (gün sonu) on /collections: for a day (today by default), what each person's
 * payments add up to by method. Online the figures are the server's (GET /day-ends: every
 * person's payments as the server has them, with the confirmations); a manager or an admin
 * confirms what a driver or a salesperson handed over ('Teslim Al': the counted amounts by
 * method and a note, POST /day-ends — online only, never queued). The difference (counted −
 * expected) is shown before it is confirmed and recorded as it is, never hidden or adjusted; a
 * confirmed day shows who confirmed it and the difference. Offline the device's own payments of
 * the day are shown read-only, with a note that confirming needs the connection.
 */

/** One person's day as shown: the server's figures, or this device's offline (no confirmation). */
interface DayRow {
  user_id: string;
  user_name: string;
  role: string | null;
  expected: MethodTotals;
  expected_total_kurus: number;
  payment_count: number;
  confirmation: DayEndPerson['confirmation'];
  after_confirmation_kurus: number;
}

const COUNTED_LABEL: Record<PaymentMethod, MessageKey> = {
  cash: 'coll_counted_cash',
  card: 'coll_counted_card',
  transfer: 'coll_counted_transfer',
  cheque: 'coll_counted_cheque',
  promissory_note: 'coll_counted_promissory_note',
};

const fromServer = (p: DayEndPerson): DayRow => ({
  user_id: p.user_id,
  user_name: p.user_name,
  role: p.role,
  expected: p.expected_kurus,
  expected_total_kurus: p.expected_total_kurus,
  payment_count: p.payment_count,
  confirmation: p.confirmation,
  after_confirmation_kurus: p.after_confirmation_kurus,
});

/** A signed difference as read: '+5,00 TL', '-5,00 TL', '0,00 TL'. */
const signedTL = (kurus: number) => (kurus > 0 ? `+${formatTL(kurus)}` : formatTL(kurus));

export function DayEndPanel() {
  const t = useT();
  const online = useOnline();
  const role = useSession((s) => s.user?.role);
  const zone = useCompanyTimeZone();
  const today = dayIn(new Date(), zone);
  const [day, setDay] = useState(today);
  const [confirming, setConfirming] = useState<DayRow | null>(null);
  const shownDay = isDay(day) && day <= today ? day : today;
  const server = useApiQuery(
    API.dayEndGet,
    { query: { day: shownDay } },
    { preset: 'logs', enabled: online },
  );
  const local = useLocalDay(shownDay);

  // The server's figures while online; offline (or until it answers) the device's own.
  const fromDevice = !online || !server.data;
  const rows: DayRow[] | null = !fromDevice
    ? (server.data?.people ?? []).map(fromServer)
    : local
      ? local.people.map((p) => ({
          user_id: p.user_id,
          user_name: p.name,
          role: null,
          expected: Object.fromEntries(PAYMENT_METHODS.map((m) => [m, p.methods[m].kurus])) as MethodTotals,
          expected_total_kurus: p.total_kurus,
          payment_count: p.count,
          confirmation: null,
          after_confirmation_kurus: 0,
        }))
      : null;
  const mayConfirm = online && !fromDevice && canConfirmDayEnd(role);

  return (
    <Stack spacing={2} sx={{ minWidth: 0 }} data-testid="day-end">
      <Section title={t('coll_dayEnd')} subtitle={t('coll_dayEndHint')} testId="day-end-head">
        <TextField
          type="date"
          size="small"
          label={t('coll_day')}
          value={day}
          onChange={(e) => setDay(e.target.value)}
          slotProps={{
            inputLabel: { shrink: true },
            htmlInput: { max: today, 'data-testid': 'day-end-day' },
          }}
          helperText={day !== shownDay ? t('coll_dayInvalid') : undefined}
          sx={{ maxWidth: 220 }}
        />
        {!online ? (
          <Alert severity="info" data-testid="day-end-offline">
            {t('coll_dayEndOffline')}
          </Alert>
        ) : server.isError && !server.data ? (
          <Alert severity="warning" data-testid="day-end-error">
            {server.error.message} {t('coll_dayEndLocalShown')}
          </Alert>
        ) : null}
      </Section>
      {rows === null || (online && server.isPending) ? (
        <LinearProgress aria-label={t('coll_loading')} />
      ) : rows.length === 0 ? (
        <Typography color="text.secondary" sx={{ textAlign: 'center', py: 4 }} data-testid="day-end-empty">
          {t('coll_dayEndNone', { day: dayLabel(shownDay) })}
        </Typography>
      ) : (
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' },
          }}
        >
          {rows.map((row) => (
            <PersonCard
              key={row.user_id}
              row={row}
              onConfirm={
                mayConfirm && !row.confirmation && hasDayEnd(row.role) ? () => setConfirming(row) : null
              }
            />
          ))}
        </Box>
      )}
      {confirming ? (
        <ConfirmDialog
          row={confirming}
          day={shownDay}
          onClose={() => setConfirming(null)}
          onConflict={() => void server.refetch()}
        />
      ) : null}
    </Stack>
  );
}

function PersonCard({ row, onConfirm }: { row: DayRow; onConfirm: (() => void) | null }) {
  const t = useT();
  const c = row.confirmation;
  return (
    <Card variant="outlined" sx={{ minWidth: 0 }} data-testid="day-end-person" data-user-id={row.user_id}>
      <CardContent>
        <Stack spacing={1}>
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography component="h3" sx={{ fontWeight: 700, flex: 1, minWidth: 0 }}>
              {row.user_name}
            </Typography>
            {row.role ? <Chip size="small" label={roleLabel(row.role)} /> : null}
            {c ? (
              <Chip
                size="small"
                color="success"
                label={t('coll_confirmed')}
                data-testid="day-end-confirmed"
              />
            ) : null}
          </Box>
          {PAYMENT_METHODS.map((m) => (
            <Fact
              key={m}
              label={methodLabel(m)}
              value={formatTL(row.expected[m])}
              testId={`day-end-expected-${m}`}
            />
          ))}
          <Divider />
          <Fact
            label={<strong>{t('coll_expectedTotal', { n: row.payment_count })}</strong>}
            value={formatTL(row.expected_total_kurus)}
            testId="day-end-expected-total"
          />
          {c ? (
            <Stack spacing={0.5} data-testid="day-end-confirmation">
              <Fact
                label={t('coll_countedTotal')}
                value={formatTL(PAYMENT_METHODS.reduce((s, m) => s + c.counted_kurus[m], 0))}
              />
              <Fact
                label={t('coll_difference')}
                value={
                  <Box
                    component="span"
                    sx={{
                      color:
                        c.difference_kurus < 0
                          ? 'error.main'
                          : c.difference_kurus > 0
                            ? 'warning.main'
                            : undefined,
                    }}
                  >
                    {signedTL(c.difference_kurus)}
                  </Box>
                }
                testId="day-end-difference"
              />
              <Typography variant="body2" color="text.secondary" data-testid="day-end-confirmed-by">
                {t('coll_confirmedBy', { name: c.confirmed_by_name, at: dateTimeLabel(c.confirmed_at) })}
              </Typography>
              {c.note ? (
                <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                  {t('coll_noteShown', { note: c.note })}
                </Typography>
              ) : null}
              {row.after_confirmation_kurus !== 0 ? (
                <Alert severity="warning" data-testid="day-end-after">
                  {t('coll_afterConfirmation', { amount: signedTL(row.after_confirmation_kurus) })}
                </Alert>
              ) : null}
            </Stack>
          ) : null}
          {onConfirm ? (
            <Box>
              <Button
                variant="contained"
                onClick={onConfirm}
                data-testid="day-end-confirm"
                aria-label={t('coll_confirmFor', { name: row.user_name })}
              >
                {t('coll_confirm')}
              </Button>
            </Box>
          ) : null}
        </Stack>
      </CardContent>
    </Card>
  );
}

type FormField = PaymentMethod | 'note' | 'form';

/** The form field a server refusal names ('counted_kurus.cash' → the cash field). */
function fieldOf(field: unknown): FormField {
  if (typeof field !== 'string') return 'form';
  const method = field.replace(/^counted_kurus\./, '');
  if ((PAYMENT_METHODS as readonly string[]).includes(method)) return method as PaymentMethod;
  return field === 'note' ? 'note' : 'form';
}

export function ConfirmDialog({
  row,
  day,
  onClose,
  onConflict,
}: {
  row: DayRow;
  day: string;
  onClose: () => void;
  onConflict: () => void;
}) {
  const t = useT();
  const online = useOnline();
  const showSuccess = useUi((s) => s.showSuccess);
  const mutation = useApiMutation(API.dayEndConfirm);
  // One id per confirmation: a second click or a retry answers the first (the server's rule).
  const [id] = useState(uuid);
  const [texts, setTexts] = useState<Record<PaymentMethod, string>>(
    () =>
      Object.fromEntries(PAYMENT_METHODS.map((m) => [m, formatMoneyInput(row.expected[m])])) as Record<
        PaymentMethod,
        string
      >,
  );
  const [note, setNote] = useState('');
  const { errors, setErrors, edited } = useFieldErrors<FormField>();
  const parsed = PAYMENT_METHODS.map(
    (m) => [m, parseMoneyInput(texts[m], { max: MAX_ACCOUNT_AMOUNT_KURUS })] as const,
  );
  const counted = parsed.every(([, r]) => r.ok)
    ? (Object.fromEntries(parsed.map(([m, r]) => [m, r.ok ? r.value : 0])) as MethodTotals)
    : null;
  const difference = counted ? differenceOf(counted, row.expected) : null;

  const submit = async () => {
    const own: Partial<Record<FormField, string>> = {};
    for (const [m, r] of parsed)
      if (!r.ok) own[m] = r.empty ? t('coll_required', { label: t(COUNTED_LABEL[m]) }) : r.error;
    if (Object.keys(own).length > 0 || !counted) {
      setErrors(own);
      return;
    }
    const body: ConfirmDayEndBody = {
      id,
      user_id: row.user_id,
      day,
      counted_kurus: counted,
      note: note.trim() || null,
    };
    const check = confirmDayEndBody.safeParse(body);
    if (!check.success) {
      const issue = check.error.issues[0];
      setErrors({ [fieldOf(issue?.path.join('.'))]: issue?.message ?? '' });
      return;
    }
    try {
      await mutation.mutateAsync({ body });
      showSuccess(t('coll_confirmedDone', { name: row.user_name }));
      onClose();
    } catch (error) {
      // The message is also in the snackbar; here it stays beside the field it names.
      const field = error instanceof ApiError ? fieldOf(error.body?.field) : 'form';
      setErrors({ [field]: (error as Error).message });
      if (error instanceof ApiError && error.status === 409) onConflict();
    }
  };

  return (
    <Dialog
      open
      onClose={mutation.isPending ? undefined : onClose}
      aria-labelledby="day-end-dialog-title"
      fullWidth
      maxWidth="xs"
    >
      <DialogTitle id="day-end-dialog-title">
        {t('coll_confirmTitle', { name: row.user_name, day: dayLabel(day) })}
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }} data-testid="day-end-form">
          <Typography variant="body2" color="text.secondary">
            {t('coll_confirmHint')}
          </Typography>
          {PAYMENT_METHODS.map((m) => (
            <NumberField
              key={m}
              kind="money"
              size="small"
              fullWidth
              label={t(COUNTED_LABEL[m])}
              value={texts[m]}
              onChange={(text) => {
                setTexts((current) => ({ ...current, [m]: text }));
                edited(m, 'form');
              }}
              max={MAX_ACCOUNT_AMOUNT_KURUS}
              errorText={errors[m] ?? null}
              helperText={t('coll_expectedOf', { amount: formatTL(row.expected[m]) })}
              testId={`day-end-counted-${m}`}
            />
          ))}
          <TextField
            size="small"
            fullWidth
            multiline
            minRows={2}
            label={t('coll_note')}
            value={note}
            onChange={(e) => {
              setNote(e.target.value);
              edited('note', 'form');
            }}
            error={!!errors.note}
            helperText={errors.note}
            slotProps={{
              htmlInput: { maxLength: PAYMENT_LIMITS.noteMaxLength, 'data-testid': 'day-end-note' },
            }}
          />
          <Alert
            severity={
              difference === null || difference === 0 ? 'success' : difference < 0 ? 'error' : 'warning'
            }
            data-testid="day-end-form-difference"
          >
            {difference === null
              ? t('coll_differenceUnknown')
              : difference === 0
                ? t('coll_differenceNone')
                : t(difference < 0 ? 'coll_differenceShort' : 'coll_differenceOver', {
                    amount: signedTL(difference),
                  })}
          </Alert>
          {errors.form ? (
            <Alert severity="error" data-testid="day-end-form-error">
              {errors.form}
            </Alert>
          ) : null}
          {!online ? <Alert severity="info">{t('coll_dayEndOffline')}</Alert> : null}
        </Stack>
      </DialogContent>
      <DialogSubmitActions
        busy={mutation.isPending}
        disabled={!online}
        onCancel={onClose}
        onSubmit={() => void submit()}
        testId="day-end-submit"
      >
        {t('coll_confirmSubmit')}
      </DialogSubmitActions>
    </Dialog>
  );
}
