import { useT } from '../../shared-ui/i18n';

/** Placeholder until this tab is built. */
export default function CompanyTab() {
  const t = useT();
  return <p data-testid="admin-company-pending">{t('comingSoon')}</p>;
}
