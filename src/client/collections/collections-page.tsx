import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useSearchParams } from 'react-router-dom';
import {
  AGEING_BUCKETS,
  type AgeingBucket,
  PAYMENT_METHODS,
  type PaymentMethod,
} from '../../shared/domain/account';
import { formatTL } from '../../shared/domain/money';
import { dayIn } from '../../shared/domain/time';
import type { LocalPayment } from '../local/database';
import { useCompanyTimeZone, useT } from '../shared-ui/i18n';
import { EntityList } from '../shared-ui/kit/entity-list';
import { useLocalStore, useOnline } from '../shared-ui/local-store';
import { StatCard } from '../shared-ui/stat-card';
import { WRAPPING_TABS_SX } from '../shared-ui/wrapping-tabs';
import { Chart, Fact, FigureGrid, Section } from './collections-ui';
import { DayEndPanel } from './day-end';
import type { Collections, PersonCollections } from './figures';
import { bucketLabel, dayLabel, methodLabel, type NamedDebtor, useCollectionsFigures } from './local';

/**
 * /collections (tahsilatlar; admin, manager): the company's collections and receivables, counted
 * on the device from the mirrored accounts and payments (works offline after one online visit):
 * today's and this week's payments (Monday to Sunday in the company's zone) by method and by
 * person, receivables by ageing bucket over every account, the 10 largest debtors and the
 * cheques and notes of the portfolio that fall due this week. Every chart has its table beside
 * it (cards on a phone). The second tab is the day-end (gün sonu): what each driver and
 * salesperson handed over, confirmed online (./day-end.tsx).
 */
export default function CollectionsPage() {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'day-end' ? 'day-end' : 'overview';
  const tabs = [
    { key: 'overview', label: t('coll_tabOverview') },
    { key: 'day-end', label: t('coll_tabDayEnd') },
  ];
  return (
    <Stack spacing={2} data-testid="collections-page" sx={{ minWidth: 0 }}>
      <Card variant="outlined" sx={{ minWidth: 0 }}>
        <Tabs
          value={tab}
          onChange={(_e, key: string) => setParams(key === 'overview' ? {} : { tab: key }, { replace: true })}
          aria-label={t('coll_tabs')}
          sx={{ '& .MuiTab-root': { minHeight: 48 }, ...WRAPPING_TABS_SX }}
        >
          {tabs.map((item) => (
            <Tab
              key={item.key}
              value={item.key}
              label={item.label}
              id={`coll-tab-${item.key}`}
              aria-controls={`coll-panel-${item.key}`}
              data-testid={`coll-tab-${item.key}`}
            />
          ))}
        </Tabs>
      </Card>
      <Box role="tabpanel" id={`coll-panel-${tab}`} aria-labelledby={`coll-tab-${tab}`} sx={{ minWidth: 0 }}>
        {tab === 'overview' ? <Overview /> : <DayEndPanel />}
      </Box>
    </Stack>
  );
}

function Overview() {
  const t = useT();
  const online = useOnline();
  const { error } = useLocalStore();
  const zone = useCompanyTimeZone();
  const today = dayIn(new Date(), zone);
  const figures = useCollectionsFigures(today);

  if (error) return <Alert severity="error">{t('localStoreUnavailable')}</Alert>;
  if (!figures) return <LinearProgress aria-label={t('coll_loading')} />;
  const { week, receivables } = figures;
  const documentsKurus = figures.documents.reduce((s, p) => s + p.amount_kurus, 0);
  const weekSpan = `${dayLabel(week.from)} – ${dayLabel(week.to)}`;

  return (
    <Stack spacing={2} sx={{ minWidth: 0 }}>
      {!online ? (
        <Alert severity="info" data-testid="collections-offline">
          {t('coll_offlineNote')}
        </Alert>
      ) : null}
      <FigureGrid>
        <StatCard
          label={t('coll_todayTotal')}
          value={formatTL(figures.today.total_kurus)}
          hint={t('coll_paymentCount', { n: figures.today.count })}
          testId="coll-fig-today"
        />
        <StatCard
          label={t('coll_weekTotal')}
          value={formatTL(figures.thisWeek.total_kurus)}
          hint={t('coll_paymentCount', { n: figures.thisWeek.count })}
          testId="coll-fig-week"
        />
        <StatCard
          label={t('coll_overdue')}
          value={formatTL(receivables.overdue_kurus)}
          hint={t('coll_openTotal', { amount: formatTL(receivables.open_kurus) })}
          testId="coll-fig-overdue"
        />
        <StatCard
          label={t('coll_documentsDue')}
          value={formatTL(documentsKurus)}
          hint={t('coll_documentCount', { n: figures.documents.length })}
          testId="coll-fig-documents"
        />
      </FigureGrid>
      <PeriodSection
        title={t('coll_today')}
        subtitle={dayLabel(today)}
        figures={figures.today}
        empty={t('coll_noneToday')}
        testId="coll-today"
      />
      <PeriodSection
        title={t('coll_week')}
        subtitle={weekSpan}
        figures={figures.thisWeek}
        empty={t('coll_noneWeek')}
        testId="coll-week"
      />
      <AgeingSection figures={figures.receivables.buckets} unapplied={receivables.unapplied_kurus} />
      <DebtorsSection debtors={figures.debtors} count={receivables.debtor_count} />
      <DocumentsSection documents={figures.documents} span={weekSpan} />
    </Stack>
  );
}

interface MethodRow {
  method: PaymentMethod;
  kurus: number;
  count: number;
}

/** A period's collections: the total, by method (chart + table) and by person. */
function PeriodSection({
  title,
  subtitle,
  figures,
  empty,
  testId,
}: {
  title: string;
  subtitle: string;
  figures: Collections;
  empty: string;
  testId: string;
}) {
  const t = useT();
  const methods: MethodRow[] = PAYMENT_METHODS.map((method) => ({ method, ...figures.methods[method] }));
  const breakdown = (person: PersonCollections) =>
    PAYMENT_METHODS.filter((m) => person.methods[m].count > 0)
      .map((m) => `${methodLabel(m)} ${formatTL(person.methods[m].kurus)}`)
      .join(' · ');
  return (
    <Section title={title} subtitle={subtitle} testId={testId}>
      <Typography sx={{ fontWeight: 600 }} data-testid={`${testId}-total`}>
        {t('coll_totalLine', { amount: formatTL(figures.total_kurus), n: figures.count })}
      </Typography>
      {figures.count > 0 ? (
        <Chart
          bars={methods.map((r) => ({ label: methodLabel(r.method), kurus: r.kurus }))}
          testId={`${testId}-chart`}
        />
      ) : null}
      <EntityList<MethodRow>
        rows={methods}
        rowKey={(r) => r.method}
        label={t('coll_byMethodOf', { title })}
        testId={`${testId}-methods`}
        rowTestId={`${testId}-method-row`}
        rowProps={(r) => ({ 'data-method': r.method })}
        empty={null}
        columns={[
          { key: 'method', header: t('coll_method'), cell: (r) => methodLabel(r.method), strong: true },
          { key: 'count', header: t('coll_count'), cell: (r) => String(r.count), align: 'right' },
          {
            key: 'amount',
            header: t('coll_amount'),
            cell: (r) => formatTL(r.kurus),
            align: 'right',
            nowrap: true,
          },
        ]}
        card={(r) => <Fact label={`${methodLabel(r.method)} (${r.count})`} value={formatTL(r.kurus)} />}
      />
      <Typography variant="subtitle2" component="h3">
        {t('coll_byPerson')}
      </Typography>
      <EntityList<PersonCollections>
        rows={figures.people}
        rowKey={(p) => p.user_id}
        label={t('coll_byPersonOf', { title })}
        testId={`${testId}-people`}
        rowTestId={`${testId}-person-row`}
        rowProps={(p) => ({ 'data-user-id': p.user_id })}
        empty={figures.people.length === 0 ? empty : null}
        columns={[
          { key: 'name', header: t('coll_person'), cell: (p) => p.name, strong: true },
          { key: 'methods', header: t('coll_methods'), cell: breakdown },
          { key: 'count', header: t('coll_count'), cell: (p) => String(p.count), align: 'right' },
          {
            key: 'total',
            header: t('coll_amount'),
            cell: (p) => formatTL(p.total_kurus),
            align: 'right',
            nowrap: true,
          },
        ]}
        card={(p) => (
          <Stack spacing={0.5}>
            <Fact label={<strong>{p.name}</strong>} value={formatTL(p.total_kurus)} />
            <Typography variant="body2" color="text.secondary">
              {t('coll_paymentCount', { n: p.count })} — {breakdown(p)}
            </Typography>
          </Stack>
        )}
      />
    </Section>
  );
}

interface BucketRow {
  bucket: AgeingBucket;
  kurus: number;
}

function AgeingSection({ figures, unapplied }: { figures: Record<AgeingBucket, number>; unapplied: number }) {
  const t = useT();
  const rows: BucketRow[] = AGEING_BUCKETS.map((bucket) => ({ bucket, kurus: figures[bucket] }));
  const open = rows.reduce((s, r) => s + r.kurus, 0);
  return (
    <Section
      title={t('coll_ageing')}
      subtitle={t('coll_ageingHint', { amount: formatTL(unapplied) })}
      testId="coll-ageing"
    >
      {open > 0 ? (
        <Chart
          bars={rows.map((r) => ({ label: bucketLabel(r.bucket), kurus: r.kurus }))}
          testId="coll-ageing-chart"
        />
      ) : null}
      <EntityList<BucketRow>
        rows={rows}
        rowKey={(r) => r.bucket}
        label={t('coll_ageing')}
        testId="coll-ageing-list"
        rowTestId="coll-ageing-row"
        rowProps={(r) => ({ 'data-bucket': r.bucket })}
        empty={null}
        columns={[
          { key: 'bucket', header: t('coll_bucket'), cell: (r) => bucketLabel(r.bucket), strong: true },
          {
            key: 'amount',
            header: t('coll_amount'),
            cell: (r) => formatTL(r.kurus),
            align: 'right',
            nowrap: true,
          },
        ]}
        card={(r) => <Fact label={bucketLabel(r.bucket)} value={formatTL(r.kurus)} />}
      />
      <Fact label={t('coll_openReceivables')} value={formatTL(open)} testId="coll-ageing-total" />
    </Section>
  );
}

function DebtorsSection({ debtors, count }: { debtors: NamedDebtor[]; count: number }) {
  const t = useT();
  const name = (d: NamedDebtor) => d.name ?? t('coll_unknownCustomer');
  return (
    <Section title={t('coll_debtors')} subtitle={t('coll_debtorsHint', { n: count })} testId="coll-debtors">
      <EntityList<NamedDebtor>
        rows={debtors}
        rowKey={(d) => d.customer_id}
        label={t('coll_debtors')}
        testId="coll-debtors-list"
        rowTestId="coll-debtor-row"
        rowProps={(d) => ({ 'data-customer-id': d.customer_id })}
        empty={debtors.length === 0 ? t('coll_noDebtors') : null}
        columns={[
          { key: 'name', header: t('coll_customer'), cell: name, strong: true },
          {
            key: 'balance',
            header: t('coll_balance'),
            cell: (d) => formatTL(d.balance_kurus),
            align: 'right',
            nowrap: true,
          },
          {
            key: 'overdue',
            header: t('coll_overdueOf'),
            cell: (d) => formatTL(d.overdue_kurus),
            align: 'right',
            nowrap: true,
          },
        ]}
        card={(d) => (
          <Stack spacing={0.5}>
            <Typography sx={{ fontWeight: 600 }}>{name(d)}</Typography>
            <Fact label={t('coll_balance')} value={formatTL(d.balance_kurus)} />
            <Fact label={t('coll_overdueOf')} value={formatTL(d.overdue_kurus)} />
          </Stack>
        )}
      />
    </Section>
  );
}

function DocumentsSection({ documents, span }: { documents: LocalPayment[]; span: string }) {
  const t = useT();
  return (
    <Section title={t('coll_documents')} subtitle={span} testId="coll-documents">
      <EntityList<LocalPayment>
        rows={documents}
        rowKey={(p) => p.id}
        label={t('coll_documents')}
        testId="coll-documents-list"
        rowTestId="coll-document-row"
        empty={documents.length === 0 ? t('coll_noDocuments') : null}
        columns={[
          {
            key: 'due',
            header: t('coll_dueDay'),
            cell: (p) => dayLabel(p.document_due_day ?? ''),
            nowrap: true,
          },
          { key: 'customer', header: t('coll_customer'), cell: (p) => p.customer_name, strong: true },
          { key: 'kind', header: t('coll_method'), cell: (p) => methodLabel(p.method) },
          {
            key: 'number',
            header: t('coll_documentNumber'),
            cell: (p) => p.document_number ?? '—',
            breakAnywhere: true,
          },
          {
            key: 'amount',
            header: t('coll_amount'),
            cell: (p) => formatTL(p.amount_kurus),
            align: 'right',
            nowrap: true,
          },
        ]}
        card={(p) => (
          <Stack spacing={0.5}>
            <Fact label={<strong>{p.customer_name}</strong>} value={formatTL(p.amount_kurus)} />
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {methodLabel(p.method)} {p.document_number ?? ''} —{' '}
              {t('coll_dueOn', { day: dayLabel(p.document_due_day ?? '') })}
            </Typography>
          </Stack>
        )}
      />
    </Section>
  );
}
