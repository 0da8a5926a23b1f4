import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { mayCall } from '../../shared/api/endpoint';
import { ROUTES } from '../../shared/api/routes';
import { INVOICE_ISSUE_ROLES } from '../../shared/domain/invoice-access';
import { type InvoiceSellerField, isSellerFieldList } from '../../shared/domain/invoice-seller';
import { META } from '../local/database';
import { refreshInvoiceReadiness } from '../local/store';
import { useSession } from '../state/session';
import { useT } from './i18n';
import { useLocalDb, useOnline } from './local-store';
import { sellerFieldsText } from './seller-fields';

/**
 * Whether the company may issue invoices, as this device knows it. The rule is the server's own
 * (shared/domain/invoice-seller.ts: legal name, a valid VKN/TCKN, tax office); the device learns
 * its answer from GET /invoices/readiness and keeps it in the local store, so 'Fatura Kes' is
 * greyed out with the fields named offline too. Asked again whenever a screen that issues or
 * prompts opens online, and after the company profile is saved.
 *
 * `null`: never learnt (never online since the store was made) — then nothing is greyed out and the
 * server decides; `undefined`: still reading the local store.
 */
export interface InvoiceReadiness {
  missing: InvoiceSellerField[];
}

/** The company profile's address in the admin panel (tab 0, 'Şirket Bilgileri'), its form open. */
export const COMPANY_PROFILE_PATH = '/admin?edit=company';

export function useInvoiceReadiness(): InvoiceReadiness | null | undefined {
  const db = useLocalDb();
  const online = useOnline();
  const role = useSession((s) => s.user?.role);
  const asks = !!role && (INVOICE_ISSUE_ROLES as readonly string[]).includes(role);
  useEffect(() => {
    if (db && asks && online) void refreshInvoiceReadiness().catch(() => false);
  }, [db, asks, online]);
  return useLiveQuery(async () => {
    if (!db || !asks) return null;
    const kept = await db.getMeta<{ missing?: unknown }>(META.invoiceReadiness);
    return kept && isSellerFieldList(kept.missing) ? { missing: kept.missing } : null;
  }, [db, asks]);
}

/**
 * Why 'Fatura Kes' is greyed out, under it: the missing fields, and what to do — an admin gets the
 * link to the company profile's form, a manager (who cannot edit it) is sent to their admin.
 */
export function InvoiceNotReadyNote({ missing }: { missing: readonly InvoiceSellerField[] }) {
  const t = useT();
  const role = useSession((s) => s.user?.role);
  return (
    <Alert severity="warning" data-testid="invoice-not-ready" sx={{ mt: 1.5 }}>
      {t('invc_notReady', { fields: sellerFieldsText(missing) })}
      {mayCall(ROUTES.companyUpdate, role) ? (
        <>
          {' '}
          <Button
            component={RouterLink}
            to={COMPANY_PROFILE_PATH}
            size="small"
            color="inherit"
            sx={{ textDecoration: 'underline', minHeight: 0, p: 0, verticalAlign: 'baseline' }}
            data-testid="invoice-not-ready-link"
          >
            {t('invc_notReadyAdmin')}
          </Button>
        </>
      ) : (
        ` ${t('invc_notReadyManager')}`
      )}
    </Alert>
  );
}

/**
 * The admin's prompt (dashboard): invoicing needs the company's legal name, tax number and tax
 * office, with a button to the profile's form. Shown only while the device knows fields are
 * missing; nothing for other roles.
 */
export function InvoiceReadinessBanner() {
  const t = useT();
  const role = useSession((s) => s.user?.role);
  const readiness = useInvoiceReadiness();
  if (!mayCall(ROUTES.companyUpdate, role) || !readiness || readiness.missing.length === 0) return null;
  return (
    <Alert
      severity="info"
      data-testid="invoice-readiness-banner"
      action={
        <Button
          component={RouterLink}
          to={COMPANY_PROFILE_PATH}
          color="inherit"
          size="small"
          data-testid="invoice-readiness-link"
        >
          {t('invc_readinessAction')}
        </Button>
      }
      sx={{ alignItems: 'center', flexWrap: 'wrap' }}
    >
      <AlertTitle>{t('invc_readinessTitle')}</AlertTitle>
      {t('invc_readinessText', { fields: sellerFieldsText(readiness.missing) })}
    </Alert>
  );
}
