import { z } from 'zod';
import { idParam } from '../common';
import { endpoint, XML_TYPE, ZIP_TYPE } from '../endpoint';
import {
  cancelInvoiceBody,
  INVOICE_MESSAGES,
  invoiceExportQuery,
  invoiceListQuery,
  invoiceListResponse,
  invoiceReadinessSchema,
  invoiceSchema,
  invoiceSettingsSchema,
  issueInvoiceBody,
  updateInvoiceSettingsBody,
} from '../invoices';
import { ROUTES } from '../routes';

/** The invoices' part of the endpoint table (spread into `API`, ./index.ts). */
export const INVOICE_ENDPOINTS = {
  invoiceList: endpoint({
    ...ROUTES.invoiceList,
    query: invoiceListQuery,
    response: invoiceListResponse,
    denied: INVOICE_MESSAGES.cannotView,
  }),
  invoiceExport: endpoint({
    ...ROUTES.invoiceExport,
    query: invoiceExportQuery,
    response: z.unknown(),
    produces: ZIP_TYPE,
    denied: INVOICE_MESSAGES.cannotView,
  }),
  invoiceSettings: endpoint({ ...ROUTES.invoiceSettings, response: invoiceSettingsSchema }),
  invoiceReadiness: endpoint({
    ...ROUTES.invoiceReadiness,
    response: invoiceReadinessSchema,
    denied: INVOICE_MESSAGES.cannotIssue,
  }),
  invoiceSettingsUpdate: endpoint({
    ...ROUTES.invoiceSettingsUpdate,
    body: updateInvoiceSettingsBody,
    response: invoiceSettingsSchema,
  }),
  invoiceGet: endpoint({
    ...ROUTES.invoiceGet,
    params: idParam,
    response: invoiceSchema,
    denied: INVOICE_MESSAGES.cannotView,
  }),
  invoicePdf: endpoint({
    ...ROUTES.invoicePdf,
    params: idParam,
    response: z.unknown(),
    produces: 'application/pdf',
    denied: INVOICE_MESSAGES.cannotView,
  }),
  invoiceXml: endpoint({
    ...ROUTES.invoiceXml,
    params: idParam,
    response: z.unknown(),
    produces: XML_TYPE,
    denied: INVOICE_MESSAGES.cannotView,
  }),
  invoiceIssue: endpoint({
    ...ROUTES.invoiceIssue,
    body: issueInvoiceBody,
    response: invoiceSchema,
    statuses: [200, 201],
    denied: INVOICE_MESSAGES.cannotIssue,
  }),
  invoiceCancel: endpoint({
    ...ROUTES.invoiceCancel,
    params: idParam,
    body: cancelInvoiceBody,
    response: invoiceSchema,
    denied: INVOICE_MESSAGES.cannotCancel,
  }),
} as const;
