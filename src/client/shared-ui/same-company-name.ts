import { useEffect, useState } from 'react';
import { API } from '../../shared/api/endpoints';
import { type AdminTenant, companyNameKey, TENANT_LIMITS } from '../../shared/api/tenant-admin';
import { useApiQuery } from '../api/query';

function useDebounced<T>(value: T, ms = 400): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/**
 * The companies (other than `except`) whose name is `name` by the fold of companyNameKey. The
 * server's search (tr_fold, contains) narrows the list; the exact folded comparison is made here.
 * For platform admins only (it reads the tenant list): tenant management and the sign-up review.
 */
export function useSameNameTenants(name: string, except: string | null): AdminTenant[] {
  const typed = useDebounced(name.trim());
  const asking = typed.length >= TENANT_LIMITS.nameMin;
  const query = useApiQuery(
    API.adminTenants,
    { query: { page: 1, limit: 100, search: typed.slice(0, TENANT_LIMITS.searchMax) } },
    { enabled: asking },
  );
  if (!asking || !query.data) return [];
  const key = companyNameKey(typed);
  return query.data.data.filter((t) => t.tenant_id !== except && companyNameKey(t.company_name) === key);
}
