import { useT } from '../../shared-ui/i18n';

/** Placeholder until this tab is built. */
export default function OrdersTab() {
  const t = useT();
  return <p data-testid="admin-orders-pending">{t('comingSoon')}</p>;
}
