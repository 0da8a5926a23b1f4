import Chip from '@mui/material/Chip';
import { useLiveQuery } from 'dexie-react-hooks';
import { useMemo } from 'react';
import { buildPath } from '../../shared/api/endpoint';
import { API } from '../../shared/api/endpoints';
import type { Invoice, InvoiceStatus, InvoiceType } from '../../shared/api/invoices';
import { formatDate, formatTime } from '../../shared/domain/time';
import { saveBlob } from '../api/download';
import { callFile, getHttpConfig } from '../api/http';
import type { LocalInvoice } from '../local/database';
import { type MessageKey, t, useCompanyTimeZone, useT } from '../shared-ui/i18n';
import { useLocalDb } from '../shared-ui/local-store';
import { useUi } from '../state/ui';
import { type InvoiceFilter, type InvoicePage, queryInvoices, returnInvoiceBlocking } from './local';

/** The tenant's time zone: invoices print their date and time in it (the company's setting). */
export function useTenantTimeZone(): string {
  return useCompanyTimeZone();
}

const locale = () => (useUi.getState().language === 'en' ? 'en-GB' : 'tr-TR');

/** dd.mm.yyyy (tr-TR) or dd/mm/yyyy (English) in the tenant's time zone (the shared rule). */
export function invoiceDate(iso: string, timeZone: string): string {
  return Number.isNaN(Date.parse(iso)) ? '—' : formatDate(iso, timeZone, locale());
}

/** HH:mm in the tenant's time zone. */
export function invoiceTime(iso: string, timeZone: string): string {
  return Number.isNaN(Date.parse(iso)) ? '—' : formatTime(iso, timeZone, locale());
}

export const STATUS_KEYS: Record<InvoiceStatus, MessageKey> = {
  issued: 'invc_status_issued',
  cancelled: 'invc_status_cancelled',
};
export const TYPE_KEYS: Record<InvoiceType, MessageKey> = {
  SATIS: 'invc_type_SATIS',
  IADE: 'invc_type_IADE',
};

export function InvoiceStatusChip({ status }: { status: InvoiceStatus }) {
  const tr = useT();
  return (
    <Chip
      size="small"
      color={status === 'issued' ? 'success' : 'default'}
      variant={status === 'issued' ? 'filled' : 'outlined'}
      label={tr(STATUS_KEYS[status])}
      data-testid="invoice-status"
      data-status={status}
    />
  );
}

/** 'Yalnız: …' as the invoice prints the total in words (the stored words may already carry it). */
export function inWords(invoice: Pick<Invoice, 'amount_in_words'>, label: string): string {
  const words = invoice.amount_in_words.trim();
  return /^yaln[ıi]z\b/i.test(words) ? words : `${label}: ${words}`;
}

/** The seller's logo as it was when the invoice was issued (the public logo route, by hash). */
export function sellerLogoUrl(hash: string | null): string | null {
  if (!hash) return null;
  const config = getHttpConfig();
  const path = buildPath(API.companyLogo.path, { hash });
  return `${config.baseUrl.replace(/\/$/, '')}${path}?tenant=${encodeURIComponent(config.getTenant())}`;
}

/** A file name made of the invoice number (or the id while it has none). */
export function invoiceFileName(invoice: Pick<Invoice, 'id' | 'invoice_number'>, ext: 'pdf' | 'xml'): string {
  return `fatura-${invoice.invoice_number ?? invoice.id.slice(0, 8)}.${ext}`;
}

/** 'PDF indir' / 'XML indir': the server's file under the invoice's number; a failure is a toast. */
export async function downloadInvoiceFile(invoice: LocalInvoice, kind: 'pdf' | 'xml'): Promise<boolean> {
  try {
    const file = await callFile(kind === 'pdf' ? API.invoicePdf : API.invoiceXml, {
      params: { id: invoice.id },
    });
    saveBlob(file.blob, file.filename ?? invoiceFileName(invoice, kind));
    return true;
  } catch (error) {
    const message = error instanceof Error && error.message ? `: ${error.message}` : '';
    useUi.getState().showToast(`${t('invc_downloadFailed')}${message}`);
    return false;
  }
}

/** The accountant's period export (GET /invoices/export?from&to → a ZIP). */
export async function downloadInvoiceExport(from: string, to: string): Promise<boolean> {
  try {
    const file = await callFile(API.invoiceExport, { query: { from, to } });
    saveBlob(file.blob, file.filename ?? `faturalar-${from}-${to}.zip`);
    return true;
  } catch (error) {
    const message = error instanceof Error && error.message ? `: ${error.message}` : '';
    useUi.getState().showToast(`${t('invc_exportFailed')}${message}`);
    return false;
  }
}

/** One page of the mirrored invoices for the list (undefined while the first read runs). */
export function useInvoicePage(
  filter: InvoiceFilter,
  page: number,
  pageSize: number,
): InvoicePage | undefined {
  const db = useLocalDb();
  const key = JSON.stringify([!!db, filter, page, pageSize]);
  const read = useLiveQuery(
    async () => ({
      key,
      page: db ? await queryInvoices(db, filter, page, pageSize) : { rows: [], total: 0 },
    }),
    [db, key],
  );
  return useMemo(() => read?.page, [read]);
}

/** One invoice of the mirror; null when the device does not hold it. */
export function useInvoice(id: string | undefined): LocalInvoice | null | undefined {
  const db = useLocalDb();
  return useLiveQuery(async () => (db && id ? ((await db.invoices.get(id)) ?? null) : null), [db, id]);
}

/**
 * The return invoice on this device that keeps `invoice` (a sale) from being cancelled, live; null
 * when none does (undefined while reading).
 */
export function useBlockingReturnInvoice(
  invoice: Pick<LocalInvoice, 'id' | 'type' | 'order_id'> | null | undefined,
): LocalInvoice | null | undefined {
  const db = useLocalDb();
  const id = invoice?.id;
  const type = invoice?.type;
  const orderId = invoice?.order_id;
  return useLiveQuery(
    async () =>
      db && id && type && orderId
        ? ((await returnInvoiceBlocking(db, { id, type, order_id: orderId })) ?? null)
        : null,
    [db, id, type, orderId],
  );
}
