import type { QueryClient } from '@tanstack/react-query';
import type { Company } from '../../../shared/api/company';
import { API } from '../../../shared/api/endpoints';
import { apiQueryKey } from '../../api/query';
import { useSession } from '../../state/session';
import { useUi } from '../../state/ui';

/**
 * After the logo was uploaded or removed: the company tab shows the new company at once, the user
 * is told it worked as a SUCCESS (the toast is for failed changes), and the tenant info is read
 * again so the top bar shows the new logo too.
 */
export async function afterLogoChange(client: QueryClient, next: Company, message: string): Promise<void> {
  client.setQueryData(apiQueryKey(API.companyGet), next);
  useUi.getState().showSuccess(message);
  await useSession.getState().loadTenantInfo();
}
