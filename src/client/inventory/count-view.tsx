import Add from '@mui/icons-material/Add';
import CheckCircle from '@mui/icons-material/CheckCircleOutlined';
import DeleteOutline from '@mui/icons-material/DeleteOutlineOutlined';
import ErrorOutline from '@mui/icons-material/ErrorOutlineOutlined';
import Remove from '@mui/icons-material/Remove';
import WarningAmber from '@mui/icons-material/WarningAmberOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { memo, useCallback, useMemo, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { uuid } from '../local/outbox';
import { dateTimeLabel, type Translate, useT } from '../shared-ui/i18n';
import { useLocalDb } from '../shared-ui/local-store';
import { playTone } from '../shared-ui/scan/feedback-tones';
import { ScanBar, type ScanBarHandle } from '../shared-ui/scan/scan-bar';
import { DiscardDialog, ReviewDialog } from './count-review';
import {
  addCount,
  type CountLine,
  type CountProduct,
  type CountScanOutcome,
  type CountScope,
  type CountScopeKind,
  type CountSession,
  codeIndex,
  inScope,
  lineDelta,
  needsSecondLook,
  newSession,
  removeLine,
  scanIntoCount,
  summarize,
} from './count-session';
import { clearCount, loadCount, saveCount } from './count-storage';
import { distinctValues, type InventoryData } from './inventory-data';
import { useSwallowStartDoubleClick } from './start-double-click';

/** How many in-scope products not counted yet are listed (the rest are counted in words). */
const NOT_COUNTED_SHOWN = 20;
export const COUNT_MARK_START = 'inv-scan-start';
const collator = new Intl.Collator('tr-TR');

export function scopeLabel(scope: CountScope, t: Translate): string {
  return scope.kind === 'all' ? t('inv_scope_all') : `${t(`inv_scope_${scope.kind}`)}: ${scope.value ?? ''}`;
}

/**
 * The count by scanning. The count in progress lives on the device (count-storage.ts) and is
 * saved with every scan, so it survives a reload and works offline; posting it turns it into one
 * outbox entry (sent once, when the connection allows).
 */
export function CountView({ data }: { data: InventoryData }) {
  const db = useLocalDb();
  if (!db) return null;
  // One count per tenant + user: another user's store gets its own (the key remounts).
  return <OwnCount key={`${db.tenant}:${db.userId}`} data={data} tenant={db.tenant} user={db.userId} />;
}

function OwnCount({ data, tenant, user }: { data: InventoryData; tenant: string; user: string }) {
  const [session, setSessionState] = useState<CountSession | null>(() => loadCount(tenant, user));
  const sessionRef = useRef(session);
  const setSession = useCallback(
    (next: CountSession | null) => {
      sessionRef.current = next;
      if (next) saveCount(tenant, user, next);
      else clearCount(tenant, user);
      setSessionState(next);
    },
    [tenant, user],
  );
  // Whether the count was started by a click whose double-click may still be arriving.
  const [startClick, setStartClick] = useState(false);
  return session ? (
    <CountWorkspace
      data={data}
      session={session}
      sessionRef={sessionRef}
      setSession={setSession}
      startClick={startClick}
    />
  ) : (
    <StartForm
      data={data}
      onStart={(scope, byClick) => {
        // One count at a time: a second press (a double-click) starts nothing more.
        if (sessionRef.current) return;
        setStartClick(byClick);
        setSession(newSession(uuid(), scope, new Date().toISOString()));
      }}
    />
  );
}

function StartForm({
  data,
  onStart,
}: {
  data: InventoryData;
  onStart: (scope: CountScope, byClick: boolean) => void;
}) {
  const t = useT();
  const [kind, setKind] = useState<CountScopeKind>('all');
  const [value, setValue] = useState('');
  const categories = useMemo(() => distinctValues(data.products, 'category'), [data.products]);
  const brands = useMemo(() => distinctValues(data.products, 'brand'), [data.products]);
  const options = kind === 'category' ? categories : kind === 'brand' ? brands : [];
  const ready = kind === 'all' || value.trim() !== '';
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="inv-count-start">
      <Stack spacing={2}>
        <Typography variant="body2" color="text.secondary">
          {t('inv_countIntro')}
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
          <TextField
            select
            size="small"
            label={t('inv_countScope')}
            value={kind}
            onChange={(e) => {
              setKind(e.target.value as CountScopeKind);
              setValue('');
            }}
            sx={{ minWidth: 180 }}
            data-testid={'inv-count-scope'}
          >
            {(['all', 'category', 'brand', 'shelf'] as const).map((k) => (
              <MenuItem key={k} value={k}>
                {t(`inv_scope_${k}`)}
              </MenuItem>
            ))}
          </TextField>
          {kind === 'shelf' ? (
            <TextField
              size="small"
              label={t('inv_shelfName')}
              value={value}
              onChange={(e) => setValue(e.target.value)}
              required
              slotProps={{ htmlInput: { maxLength: 100, 'data-testid': 'inv-count-shelf' } }}
            />
          ) : kind !== 'all' ? (
            <TextField
              select
              size="small"
              label={t(`inv_scope_${kind}`)}
              value={value}
              onChange={(e) => setValue(e.target.value)}
              required
              sx={{ minWidth: 200 }}
              data-testid={'inv-count-value'}
            >
              {options.map((o) => (
                <MenuItem key={o} value={o}>
                  {o}
                </MenuItem>
              ))}
            </TextField>
          ) : null}
        </Stack>
        <Box>
          <Button
            variant="contained"
            disabled={!ready}
            onClick={(event) =>
              onStart({ kind, value: kind === 'all' ? null : value.trim() }, event.detail > 0)
            }
            sx={{ minHeight: 44 }}
            data-testid="inv-count-begin"
          >
            {t('inv_countStart')}
          </Button>
        </Box>
      </Stack>
    </Paper>
  );
}

interface Feedback {
  seq: number;
  outcome: CountScanOutcome;
}

function CountWorkspace({
  data,
  session,
  sessionRef,
  setSession,
  startClick,
}: {
  data: InventoryData;
  session: CountSession;
  sessionRef: { current: CountSession | null };
  setSession: (next: CountSession | null) => void;
  startClick: boolean;
}) {
  const t = useT();
  useSwallowStartDoubleClick(startClick);
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  const [review, setReview] = useState(false);
  const [discard, setDiscard] = useState(false);
  const seq = useRef(0);
  const bar = useRef<ScanBarHandle | null>(null);
  /**
   * After a tap or click on a line's buttons the scan input gets the focus back, so the next
   * wedge scan is not typed into a button; a keyboard user (Enter/Space: `detail` 0) keeps it.
   */
  const refocus = useCallback((event: { detail: number }) => {
    if (event.detail > 0) bar.current?.focus();
  }, []);
  const index = useMemo(() => codeIndex([...data.server.values()]), [data.server]);

  /**
   * One scan, decided at once against the device's product index and counted on the session the
   * previous scan left (a burst of wedge scans faster than the screen renders loses none); its
   * verdict is drawn in the same task (flushSync) with its tone.
   */
  const onScan = (raw: string, quantity: number): boolean => {
    const current = sessionRef.current;
    if (!current || raw.trim() === '') return false;
    performance.mark(COUNT_MARK_START);
    const result = scanIntoCount(current, index, raw, quantity, new Date().toISOString());
    const mySeq = ++seq.current;
    flushSync(() => {
      if (result.session !== current) setSession(result.session);
      setFeedback({ seq: mySeq, outcome: result.outcome });
    });
    const o = result.outcome;
    playTone(o.kind === 'counted' ? (o.outOfScope ? 'warn' : 'ok') : 'error');
    return o.kind === 'counted';
  };

  const change = useCallback(
    (product: CountProduct, units: number) => {
      const current = sessionRef.current;
      if (current) setSession(addCount(current, product, units, new Date().toISOString()));
    },
    [sessionRef, setSession],
  );
  const remove = useCallback(
    (productId: string) => {
      const current = sessionRef.current;
      if (current) setSession(removeLine(current, productId));
    },
    [sessionRef, setSession],
  );

  const summary = summarize(session);
  // The scope's products in name order, made once per change of the products (not per scan).
  const scoped = useMemo(() => {
    if (session.scope.kind === 'shelf') return [];
    const rows: CountProduct[] = [];
    for (const p of data.server.values()) if (inScope(session.scope, p)) rows.push(p);
    return rows.sort((a, b) => collator.compare(a.name, b.name));
  }, [data.server, session.scope]);
  const notCounted = useMemo(() => {
    const counted = new Set(session.lines.map((l) => l.product_id));
    const shown: CountProduct[] = [];
    let total = 0;
    for (const p of scoped) {
      if (counted.has(p.id)) continue;
      total++;
      if (shown.length < NOT_COUNTED_SHOWN) shown.push(p);
    }
    return { shown, total };
  }, [scoped, session.lines]);
  const lines = useMemo(() => session.lines.slice().reverse(), [session.lines]);

  return (
    <Stack spacing={2} data-testid="inv-count" data-count-id={session.count_id}>
      <Box>
        <Typography variant="h6" component="h2" data-testid="inv-count-title">
          {t('inv_countTitle', { scope: scopeLabel(session.scope, t) })}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('inv_countStarted', { time: dateTimeLabel(session.started_at) })}
        </Typography>
      </Box>
      <ScanBar ref={bar} onScan={onScan} />
      <CountFeedback feedback={feedback} />
      <Typography
        variant="subtitle2"
        aria-label={t('inv_countSummaryAria')}
        data-testid="inv-count-summary"
        data-lines={summary.lines}
        data-units={summary.units}
        data-scans={summary.scans}
      >
        {t('inv_countSummary', { lines: summary.lines, units: summary.units, scans: summary.scans })}
      </Typography>
      {lines.length === 0 ? (
        <Typography color="text.secondary">{t('inv_countEmpty')}</Typography>
      ) : (
        <Stack
          spacing={1}
          component="ul"
          sx={{ listStyle: 'none', p: 0, m: 0 }}
          data-testid="inv-count-lines"
        >
          {lines.map((line) => (
            <CountLineRow
              key={line.product_id}
              line={line}
              product={data.server.get(line.product_id)}
              onChange={change}
              onRemove={remove}
              onDone={refocus}
            />
          ))}
        </Stack>
      )}
      {notCounted.total > 0 ? (
        <Box data-testid="inv-not-counted" data-count={notCounted.total}>
          <Typography variant="subtitle2">{t('inv_notCounted', { n: notCounted.total })}</Typography>
          <Box component="ul" sx={{ pl: 0, m: 0, listStyle: 'none' }}>
            {notCounted.shown.map((p) => (
              <Box
                component="li"
                key={p.id}
                sx={{
                  display: 'flex',
                  alignItems: 'center',
                  gap: 1,
                  justifyContent: 'space-between',
                  py: 0.25,
                }}
              >
                <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }} data-i18n-skip="">
                  {p.name}
                </Typography>
                <Button
                  size="small"
                  onClick={(event) => {
                    change(p, 0);
                    refocus(event);
                  }}
                  aria-label={t('inv_addZeroAria', { name: p.name })}
                  sx={{ minHeight: 44, flexShrink: 0 }}
                >
                  {t('inv_addZero')}
                </Button>
              </Box>
            ))}
          </Box>
          {notCounted.total > NOT_COUNTED_SHOWN ? (
            <Typography variant="body2" color="text.secondary">
              {t('inv_notCountedMore', { n: notCounted.total - NOT_COUNTED_SHOWN })}
            </Typography>
          ) : null}
        </Box>
      ) : null}
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
        <Button
          variant="contained"
          disabled={session.lines.length === 0}
          onClick={() => setReview(true)}
          sx={{ minHeight: 44 }}
          data-testid="inv-count-review"
        >
          {t('inv_review')}
        </Button>
        <Button
          color="error"
          onClick={() => setDiscard(true)}
          sx={{ minHeight: 44 }}
          data-testid="inv-count-discard"
        >
          {t('inv_cancelCount')}
        </Button>
      </Stack>
      <ReviewDialog
        open={review}
        session={session}
        label={scopeLabel(session.scope, t)}
        onNotes={(notes) => {
          const current = sessionRef.current;
          if (current) setSession({ ...current, notes });
        }}
        onClose={() => setReview(false)}
        onPosted={() => {
          setReview(false);
          setSession(null);
        }}
      />
      <DiscardDialog
        open={discard}
        onClose={() => setDiscard(false)}
        onConfirm={() => {
          setDiscard(false);
          setSession(null);
        }}
      />
    </Stack>
  );
}

/** The last scan's verdict in colour, icon and words (never colour alone), as a live region. */
function CountFeedback({ feedback }: { feedback: Feedback | null }) {
  const t = useT();
  const o = feedback?.outcome;
  const kind = !o ? 'idle' : o.kind === 'counted' ? (o.outOfScope ? 'outside' : 'counted') : o.kind;
  const tone =
    kind === 'counted'
      ? { bg: 'success.main', fg: 'success.contrastText', icon: <CheckCircle /> }
      : kind === 'outside'
        ? { bg: 'warning.light', fg: 'common.black', icon: <WarningAmber /> }
        : kind === 'idle'
          ? { bg: 'action.hover', fg: 'text.primary', icon: null }
          : { bg: 'error.main', fg: 'error.contrastText', icon: <ErrorOutline /> };
  const text = !o
    ? t('inv_countFeedbackIdle')
    : o.kind === 'counted'
      ? t(o.outOfScope ? 'inv_countOutOfScope' : 'inv_countScanned', { name: o.product.name, n: o.counted })
      : o.kind === 'unknown'
        ? t('inv_countUnknown', { code: o.code })
        : t('inv_countUnreadable');
  return (
    <Box
      role="status"
      aria-live="polite"
      data-testid="scan-feedback"
      data-kind={kind}
      data-seq={feedback?.seq ?? 0}
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 1,
        p: 1.5,
        minHeight: 56,
        borderRadius: 1,
        bgcolor: tone.bg,
        color: tone.fg,
      }}
    >
      {tone.icon}
      <Typography variant="body1" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
        {text}
      </Typography>
    </Box>
  );
}

const CountLineRow = memo(function CountLineRow({
  line,
  product,
  onChange,
  onRemove,
  onDone,
}: {
  line: CountLine;
  product: CountProduct | undefined;
  onChange: (product: CountProduct, units: number) => void;
  onRemove: (productId: string) => void;
  onDone: (event: { detail: number }) => void;
}) {
  const t = useT();
  const delta = lineDelta(line);
  const flagged = needsSecondLook(line);
  const target: CountProduct = product ?? {
    id: line.product_id,
    name: line.name,
    product_code: line.code,
    barcode: line.barcode,
    category: null,
    brand: null,
    current_stock: line.expected,
    stock_seq: line.seen_stock_seq,
  };
  return (
    <Paper
      component="li"
      variant="outlined"
      sx={{ p: 1.25, borderColor: flagged ? 'warning.main' : undefined }}
      data-testid="inv-count-line"
      data-product-id={line.product_id}
      data-counted={line.counted}
      data-expected={line.expected}
      data-delta={delta}
      data-flagged={flagged ? '1' : '0'}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
        <Box sx={{ minWidth: 0, flex: 1 }}>
          <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }} data-i18n-skip="">
            {line.name}
          </Typography>
          <Typography
            variant="caption"
            color="text.secondary"
            sx={{ overflowWrap: 'anywhere' }}
            data-i18n-skip=""
          >
            {line.code}
            {line.barcode ? ` · ${line.barcode}` : ''}
          </Typography>
          <Stack direction="row" spacing={0.5} sx={{ flexWrap: 'wrap', rowGap: 0.5, mt: 0.5 }}>
            {flagged ? <Chip size="small" color="warning" label={t('inv_secondLook')} /> : null}
            {line.out_of_scope ? <Chip size="small" variant="outlined" label={t('inv_outOfScope')} /> : null}
          </Stack>
        </Box>
        <Box sx={{ textAlign: 'right', flexShrink: 0 }}>
          <Typography variant="h6" component="p" data-testid="inv-count-counted">
            {line.counted}
          </Typography>
          <Typography variant="caption" color="text.secondary" component="p">
            {t('inv_expected')}: {line.expected}
            {product && product.current_stock !== line.expected
              ? ` (${t('inv_nowOnHand', { n: product.current_stock })})`
              : ''}
          </Typography>
          <Typography
            variant="caption"
            component="p"
            sx={{
              fontWeight: 700,
              color: delta === 0 ? 'success.main' : flagged ? 'error.main' : 'text.primary',
            }}
          >
            {t('inv_difference')}: {delta > 0 ? `+${delta}` : delta}
          </Typography>
        </Box>
      </Stack>
      <Stack direction="row" spacing={0.5} sx={{ justifyContent: 'flex-end', mt: 0.5 }}>
        <IconButton
          aria-label={t('inv_decrease', { name: line.name })}
          onClick={(event) => {
            onChange(target, -1);
            onDone(event);
          }}
          disabled={line.counted === 0}
          sx={{ width: 44, height: 44 }}
          data-testid="inv-count-minus"
        >
          <Remove />
        </IconButton>
        <IconButton
          aria-label={t('inv_increase', { name: line.name })}
          onClick={(event) => {
            onChange(target, 1);
            onDone(event);
          }}
          sx={{ width: 44, height: 44 }}
          data-testid="inv-count-plus"
        >
          <Add />
        </IconButton>
        <IconButton
          aria-label={t('inv_remove', { name: line.name })}
          onClick={(event) => {
            onRemove(line.product_id);
            onDone(event);
          }}
          sx={{ width: 44, height: 44 }}
          data-testid="inv-count-remove"
        >
          <DeleteOutline />
        </IconButton>
      </Stack>
    </Paper>
  );
});
