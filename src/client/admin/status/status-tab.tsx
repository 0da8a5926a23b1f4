import { useT } from '../../shared-ui/i18n';

/** Placeholder until this tab is built. */
export default function StatusTab() {
  const t = useT();
  return <p data-testid="admin-status-pending">{t('comingSoon')}</p>;
}
