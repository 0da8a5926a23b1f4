import { z } from 'zod';
import {
  ACCOUNT_MESSAGES,
  accountAdjustmentBody,
  accountSchema,
  confirmDayEndBody,
  createPaymentBody,
  dayEndPersonSchema,
  dayEndQuery,
  dayEndResponse,
  movementListQuery,
  movementListResponse,
  movementSchema,
  paymentListQuery,
  paymentListResponse,
  paymentSchema,
  receiptQuery,
  reversePaymentBody,
  statementQuery,
  updateAccountTermsBody,
} from '../accounts';
import { idParam } from '../common';
import { endpoint, XLSX_TYPE } from '../endpoint';
import { ROUTES } from '../routes';

/** Customer accounts and payments: the part of the endpoint table (spread into `API`, ./index.ts). */
export const ACCOUNT_ENDPOINTS = {
  accountGet: endpoint({
    ...ROUTES.accountGet,
    params: idParam,
    response: accountSchema,
    denied: ACCOUNT_MESSAGES.cannotView,
  }),
  accountMovements: endpoint({
    ...ROUTES.accountMovements,
    params: idParam,
    query: movementListQuery,
    response: movementListResponse,
    denied: ACCOUNT_MESSAGES.cannotView,
  }),
  accountStatementPdf: endpoint({
    ...ROUTES.accountStatementPdf,
    params: idParam,
    query: statementQuery,
    response: z.unknown(),
    produces: 'application/pdf',
    denied: ACCOUNT_MESSAGES.cannotView,
  }),
  accountStatementXlsx: endpoint({
    ...ROUTES.accountStatementXlsx,
    params: idParam,
    query: statementQuery,
    response: z.unknown(),
    produces: XLSX_TYPE,
    denied: ACCOUNT_MESSAGES.cannotView,
  }),
  accountTermsUpdate: endpoint({
    ...ROUTES.accountTermsUpdate,
    params: idParam,
    body: updateAccountTermsBody,
    response: accountSchema,
    denied: ACCOUNT_MESSAGES.cannotSetTerms,
  }),
  accountAdjustment: endpoint({
    ...ROUTES.accountAdjustment,
    params: idParam,
    body: accountAdjustmentBody,
    response: movementSchema,
    statuses: [200, 201],
    denied: ACCOUNT_MESSAGES.cannotAdjust,
  }),
  paymentList: endpoint({
    ...ROUTES.paymentList,
    query: paymentListQuery,
    response: paymentListResponse,
    denied: ACCOUNT_MESSAGES.cannotView,
  }),
  paymentGet: endpoint({
    ...ROUTES.paymentGet,
    params: idParam,
    response: paymentSchema,
    denied: ACCOUNT_MESSAGES.cannotView,
  }),
  paymentReceipt: endpoint({
    ...ROUTES.paymentReceipt,
    params: idParam,
    query: receiptQuery,
    response: z.unknown(),
    produces: 'application/pdf',
    denied: ACCOUNT_MESSAGES.cannotView,
  }),
  paymentCreate: endpoint({
    ...ROUTES.paymentCreate,
    body: createPaymentBody,
    response: paymentSchema,
    statuses: [200, 201],
    denied: ACCOUNT_MESSAGES.cannotTakePayment,
  }),
  paymentReverse: endpoint({
    ...ROUTES.paymentReverse,
    params: idParam,
    body: reversePaymentBody,
    response: paymentSchema,
    denied: ACCOUNT_MESSAGES.cannotReverse,
  }),
  dayEndGet: endpoint({
    ...ROUTES.dayEndGet,
    query: dayEndQuery,
    response: dayEndResponse,
    denied: ACCOUNT_MESSAGES.cannotView,
  }),
  dayEndConfirm: endpoint({
    ...ROUTES.dayEndConfirm,
    body: confirmDayEndBody,
    response: dayEndPersonSchema,
    statuses: [200, 201],
    denied: ACCOUNT_MESSAGES.cannotConfirmDayEnd,
  }),
} as const;
