import { useT } from '../../shared-ui/i18n';

/** Placeholder until this tab is built. */
export default function UsersTab() {
  const t = useT();
  return <p data-testid="admin-users-pending">{t('comingSoon')}</p>;
}
