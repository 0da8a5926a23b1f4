import { useT } from '../../shared-ui/i18n';

/** Placeholder until this tab is built. */
export default function LogsTab() {
  const t = useT();
  return <p data-testid="admin-logs-pending">{t('comingSoon')}</p>;
}
