import { useT } from '../../shared-ui/i18n';

/** Placeholder until this tab is built. */
export default function SettingsTab() {
  const t = useT();
  return <p data-testid="admin-settings-pending">{t('comingSoon')}</p>;
}
