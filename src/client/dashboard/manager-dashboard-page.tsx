import AdminPanel from '@mui/icons-material/AdminPanelSettingsOutlined';
import Check from '@mui/icons-material/CheckCircleOutlined';
import Close from '@mui/icons-material/HighlightOff';
import NotificationsIcon from '@mui/icons-material/NotificationsOutlined';
import People from '@mui/icons-material/PeopleOutlined';
import Receipt from '@mui/icons-material/ReceiptLongOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { RESPONSE_TARGET_MINUTES, responseBar } from '../../shared/domain/dashboard-stats';
import { formatTL } from '../../shared/domain/money';
import { allowedNextStatuses, findTransition } from '../../shared/domain/order-status';
import type { LocalOrder } from '../local/database';
import { roleLabel, type Translate, useT } from '../shared-ui/i18n';
import { useLocalStore } from '../shared-ui/local-store';
import { useMayUse } from '../shared-ui/screens';
import { StatusChangeDialog } from '../shared-ui/status-change-dialog';
import { useSession } from '../state/session';
import {
  approveOrderAction,
  figures,
  rejectOrderAction,
  useAwaitingApproval,
  useDashboardRefresh,
  useDashboardStats,
} from './dashboard-data';
import type { ShownStats, TeamRow } from './dashboard-stats-rule';
import {
  DashboardTabs,
  minutesLabel,
  NONE,
  NotificationsTab,
  OrderLinkRow,
  percentLabel,
  StatCards,
  type TabDef,
} from './dashboard-ui';
import { type ResponseTone, responseTone, TONE_COLOR } from './response-tone';

/**
 * /manager-dashboard (manager, admin). From the local store, offline too: the cards
 * (total, awaiting approval, team performance %, revenue), the team-performance and response-time
 * bars, the quick actions, and the tabs — orders awaiting approval with 'Onayla' / 'Reddet'
 * (queued in the outbox with the status the manager saw), notifications, and the team's status:
 * the tenant's real managers and admins (the server's last list) with their figures counted on
 * the device, plus the performance summary. Nothing here is sample data.
 */
export default function ManagerDashboardPage() {
  const mayAdmin = useMayUse('/admin');
  const t = useT();
  const { error } = useLocalStore();
  const shown = useDashboardStats();
  const [tab, setTab] = useState('awaiting');
  useDashboardRefresh();

  if (error) return <Alert severity="error">{t('localStoreUnavailable')}</Alert>;
  const stats = shown?.stats;
  const target = stats?.response_target_minutes ?? RESPONSE_TARGET_MINUTES;

  const tabs: TabDef[] = [
    { key: 'awaiting', label: t('mgr_tabAwaiting'), content: () => <AwaitingTab /> },
    { key: 'notifications', label: t('dash_tabNotifications'), content: () => <NotificationsTab /> },
    { key: 'team', label: t('mgr_tabTeam'), content: () => <TeamTab shown={shown} /> },
  ];

  return (
    <Stack spacing={3} data-testid="manager-dashboard">
      <StatCards
        shown={shown}
        cards={[
          { label: t('dash_totalOrders'), testId: 'stat-total', value: (s) => String(s.total_orders) },
          { label: t('mgr_awaiting'), testId: 'stat-awaiting', value: (s) => String(s.pending_orders) },
          {
            label: t('mgr_teamPerformance'),
            testId: 'stat-team-performance',
            value: (s) => percentLabel(s.team_performance),
          },
          {
            label: t('dash_totalRevenue'),
            testId: 'stat-revenue',
            value: (s) => formatTL(s.total_revenue_kurus),
          },
        ]}
      />

      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(3, minmax(0, 1fr))' },
        }}
      >
        <Card variant="outlined" sx={{ p: 2, minWidth: 0 }} data-testid="panel-team-performance">
          {/* The card above is 'Takım Performansı' already: this panel names what its bar shows. */}
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
            {t('mgr_withinTargetPanel')}
          </Typography>
          <Bar
            value={stats?.team_performance ?? 0}
            label={t('mgr_teamPerformance')}
            text={stats ? percentLabel(stats.team_performance) : NONE}
          />
          <Typography variant="caption" color="text.secondary">
            {t('mgr_teamPerformanceHint', { target })}
          </Typography>
        </Card>
        <Card variant="outlined" sx={{ p: 2, minWidth: 0 }} data-testid="panel-response-time">
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
            {t('mgr_avgResponse')}
          </Typography>
          {/* The bar is min(10 × minutes, 100) long; its colour and word say good or bad against the target. */}
          <Bar
            value={responseBar(stats?.average_response_time ?? null)}
            label={t('mgr_responseBarLabel')}
            text={stats ? minutesLabel(stats.average_response_time) : NONE}
            tone={stats ? responseTone(stats.average_response_time, target) : 'none'}
            testId="response-bar"
          />
          <Typography variant="caption" color="text.secondary" data-testid="response-verdict">
            {stats ? responseVerdict(t, responseTone(stats.average_response_time, target), target) : NONE}
          </Typography>
        </Card>
        <Card variant="outlined" sx={{ p: 2, minWidth: 0 }} data-testid="panel-quick-actions">
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1 }}>
            {t('mgr_quickActions')}
          </Typography>
          <Box sx={{ display: 'grid', gap: 1, gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' }}>
            <QuickAction to="/orders" icon={<Receipt />} label={t('page_orders')} />
            {/* The spec's /admin action, for whom /admin opens (admins): a manager would be sent away. */}
            {mayAdmin ? <QuickAction to="/admin" icon={<AdminPanel />} label={t('page_admin')} /> : null}
            <QuickAction to="/customers" icon={<People />} label={t('page_customers')} />
            <QuickAction to="/notifications" icon={<NotificationsIcon />} label={t('page_notifications')} />
          </Box>
        </Card>
      </Box>

      <DashboardTabs tabs={tabs} value={tab} onChange={setTab} label={t('dash_tabsLabel')} />
    </Stack>
  );
}
// Opened on a reload: the cards' figures are read before the first render.
ManagerDashboardPage.firstRead = figures.firstRead;

function QuickAction({ to, icon, label }: { to: string; icon: React.ReactNode; label: string }) {
  return (
    <Button
      component={Link}
      to={to}
      variant="outlined"
      startIcon={icon}
      sx={{ minHeight: 44, justifyContent: 'flex-start', textAlign: 'left', minWidth: 0 }}
    >
      {label}
    </Button>
  );
}

/** 'Hedef içinde (60 dakika)' / 'Hedefin üzerinde (60 dakika)': the tone in words, never colour alone. */
function responseVerdict(t: Translate, tone: ResponseTone, target: number): string {
  if (tone === 'none') return t('mgr_responseNone', { target });
  return t(tone === 'good' ? 'mgr_responseGood' : 'mgr_responseBad', { target });
}

/** A labelled bar (0–100) with its figure, coloured by `tone` (primary when it has none). */
function Bar({
  value,
  label,
  text,
  tone = 'none',
  testId,
}: {
  value: number;
  label: string;
  text: string;
  tone?: ResponseTone;
  testId?: string;
}) {
  return (
    <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', my: 1 }}>
      <LinearProgress
        variant="determinate"
        value={Math.max(0, Math.min(100, value))}
        aria-label={label}
        color={TONE_COLOR[tone]}
        data-testid={testId}
        data-tone={tone}
        sx={{ flex: 1, height: 10, borderRadius: 5 }}
      />
      <Typography
        variant="body2"
        sx={{ fontWeight: 600, minWidth: '4.5rem', textAlign: 'right', whiteSpace: 'nowrap' }}
      >
        {text}
      </Typography>
    </Stack>
  );
}

/** Orders awaiting approval (≤ 10), each a link to its detail, with 'Onayla' and 'Reddet'. */
function AwaitingTab() {
  const t = useT();
  const user = useSession((s) => s.user);
  const awaiting = useAwaitingApproval();
  // 'Reddet' asks first (optional notes), with the order detail's own dialog.
  const [rejecting, setRejecting] = useState<LocalOrder | null>(null);
  if (awaiting === undefined) return <LinearProgress aria-label={t('loadingAria')} />;
  if (awaiting.rows.length === 0)
    return (
      <Typography color="text.secondary" sx={{ p: 2 }} data-testid="mgr-no-awaiting">
        {t('mgr_noAwaiting')}
      </Typography>
    );
  return (
    <Stack spacing={1}>
      <List disablePadding data-testid="mgr-awaiting">
        {awaiting.rows.map((order) => {
          // The buttons follow the status machine: shown only where it allows the move.
          const next = user ? allowedNextStatuses(user, order) : [];
          return (
            <OrderLinkRow
              key={order.id}
              order={order}
              actions={
                <>
                  {next.includes('rejected') ? (
                    <Button
                      variant="outlined"
                      color="error"
                      startIcon={<Close />}
                      onClick={() => setRejecting(order)}
                      sx={{ minHeight: 44 }}
                      data-testid="mgr-reject"
                    >
                      {t('action_reject')}
                    </Button>
                  ) : null}
                  {next.includes('approved') ? (
                    <Button
                      variant="contained"
                      startIcon={<Check />}
                      onClick={() => void approveOrderAction(order.id)}
                      sx={{ minHeight: 44 }}
                      data-testid="mgr-approve"
                    >
                      {t('action_approve')}
                    </Button>
                  ) : null}
                </>
              }
            />
          );
        })}
      </List>
      <StatusChangeDialog
        order={rejecting}
        action={
          rejecting
            ? {
                to: 'rejected',
                label: t('action_reject'),
                requiresNotes: !!findTransition(rejecting.status, 'rejected')?.requiresNotes,
              }
            : null
        }
        onClose={() => setRejecting(null)}
        onConfirm={(order, _action, notes) => rejectOrderAction(order.id, notes)}
      />
      {awaiting.total > awaiting.rows.length ? (
        <Stack
          direction="row"
          spacing={1}
          sx={{ alignItems: 'center', justifyContent: 'space-between', px: 1 }}
        >
          <Typography variant="caption" color="text.secondary">
            {t('mgr_awaitingMore', { shown: awaiting.rows.length, total: awaiting.total })}
          </Typography>
          <Button component={Link} to="/orders?status=pending_approval" sx={{ minHeight: 44 }}>
            {t('dash_allOrders')}
          </Button>
        </Stack>
      ) : null}
    </Stack>
  );
}

/** The team's status (real users, figures from the local orders) and the performance summary. */
function TeamTab({ shown }: { shown: ShownStats | undefined }) {
  const t = useT();
  if (!shown) return <LinearProgress aria-label={t('loadingAria')} />;
  const { stats, team } = shown;
  return (
    <Stack spacing={2}>
      {team.length === 0 ? (
        <Typography color="text.secondary" sx={{ p: 1 }} data-testid="mgr-no-team">
          {t('mgr_noTeam')}
        </Typography>
      ) : (
        <List disablePadding data-testid="mgr-team">
          {team.map((member) => (
            <TeamMember
              key={member.user_id}
              member={member}
              target={stats.response_target_minutes ?? RESPONSE_TARGET_MINUTES}
            />
          ))}
        </List>
      )}
      <Card variant="outlined" sx={{ p: 2 }} data-testid="mgr-performance-summary">
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
          {t('mgr_perfSummary')}
        </Typography>
        <Box
          sx={{
            display: 'grid',
            gap: 1.5,
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(3, minmax(0, 1fr))' },
          }}
        >
          <Figure
            label={t('mgr_approvalRate')}
            value={percentLabel(stats.order_approval_rate)}
            testId="perf-approval"
          />
          <Figure
            label={t('mgr_satisfaction')}
            value={percentLabel(stats.customer_satisfaction)}
            testId="perf-satisfaction"
          />
          <Figure
            label={t('mgr_responseTime')}
            value={minutesLabel(stats.average_response_time)}
            testId="perf-response"
          />
        </Box>
      </Card>
    </Stack>
  );
}

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Box data-testid={testId}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="h6" component="p" sx={{ fontWeight: 700 }}>
        {value}
      </Typography>
    </Box>
  );
}

function TeamMember({ member, target }: { member: TeamRow; target: number }) {
  const t = useT();
  return (
    <ListItem divider sx={{ display: 'block' }} data-testid="mgr-team-member" data-user-id={member.user_id}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'baseline', flexWrap: 'wrap' }}>
        <Typography variant="subtitle2" sx={{ fontWeight: 600 }} data-i18n-skip="">
          {member.full_name}
        </Typography>
        {member.role ? (
          <Typography variant="caption" color="text.secondary">
            {roleLabel(member.role)}
          </Typography>
        ) : null}
      </Stack>
      <Typography variant="body2" color="text.secondary" data-testid="mgr-member-figures">
        {t('mgr_decided', { n: member.decided_orders })} ·{' '}
        {t('mgr_memberApproval', { rate: percentLabel(member.approval_rate) })} ·{' '}
        {t('mgr_memberResponse', { time: minutesLabel(member.average_response_time) })}
      </Typography>
      <LinearProgress
        variant="determinate"
        value={responseBar(member.average_response_time)}
        color={TONE_COLOR[responseTone(member.average_response_time, target)]}
        aria-label={`${t('mgr_responseBarLabel')}: ${member.full_name}`}
        sx={{ mt: 0.75, height: 6, borderRadius: 3 }}
      />
    </ListItem>
  );
}
