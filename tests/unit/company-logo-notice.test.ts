import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { afterLogoChange } from '../../src/client/admin/company/logo-change';
import { apiQueryKey } from '../../src/client/api/query';
import { t } from '../../src/client/shared-ui/i18n';
import { useUi } from '../../src/client/state/ui';
import type { Company } from '../../src/shared/api/company';
import { API } from '../../src/shared/api/endpoints';

/**
 * A logo that was uploaded or removed is reported as a success (the green snackbar), never as a
 * failure (the toast that reports a failed change), and the company tab shows the new company.
 */
describe('after the company logo changed', () => {
  it("'Logo güncellendi' is a success, not an error", async () => {
    useUi.setState({ toast: null, globalError: null, globalSuccess: null });
    const client = new QueryClient();
    const next = { name: 'Demo', logo_url: '/uploads/logo.png' } as unknown as Company;
    await afterLogoChange(client, next, t('co_logoUploaded'));
    const ui = useUi.getState();
    expect(ui.globalSuccess).toBe('Logo güncellendi');
    expect(ui.toast).toBeNull();
    expect(ui.globalError).toBeNull();
    expect(client.getQueryData(apiQueryKey(API.companyGet))).toBe(next);
  });
});
