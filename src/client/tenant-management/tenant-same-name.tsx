import Alert from '@mui/material/Alert';
import { useT } from '../shared-ui/i18n';
import { useSameNameTenants } from '../shared-ui/same-company-name';

/** A warning (not a refusal) under a company name another company already has. */
export function SameNameWarning({ name, except }: { name: string; except: string | null }) {
  const t = useT();
  const same = useSameNameTenants(name, except);
  if (same.length === 0) return null;
  return (
    <Alert severity="warning" data-testid="tenant-same-name" role="status">
      {t('tm_sameName', { tenants: same.map((s) => `${s.company_name} (${s.subdomain})`).join(', ') })}
    </Alert>
  );
}
