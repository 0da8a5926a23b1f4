import { idParam } from '../common';
import {
  CUSTOMER_MESSAGES,
  createCustomerBody,
  customerDuplicatesQuery,
  customerDuplicatesResponse,
  customerListQuery,
  customerListResponse,
  deleteCustomerResponse,
  updateCustomerBody,
} from '../customers';
import { endpoint } from '../endpoint';
import { customerSchema } from '../entities';
import { ROUTES } from '../routes';

/** Customers. Spread into `API` (./index.ts). */
export const CUSTOMER_ENDPOINTS = {
  customerList: endpoint({
    ...ROUTES.customerList,
    query: customerListQuery,
    response: customerListResponse,
  }),
  customerDuplicates: endpoint({
    ...ROUTES.customerDuplicates,
    query: customerDuplicatesQuery,
    response: customerDuplicatesResponse,
  }),
  customerGet: endpoint({ ...ROUTES.customerGet, params: idParam, response: customerSchema }),
  customerCreate: endpoint({
    ...ROUTES.customerCreate,
    body: createCustomerBody,
    response: customerSchema,
    statuses: [200, 201],
    denied: CUSTOMER_MESSAGES.cannotWrite,
  }),
  customerUpdate: endpoint({
    ...ROUTES.customerUpdate,
    params: idParam,
    body: updateCustomerBody,
    response: customerSchema,
    denied: CUSTOMER_MESSAGES.cannotWrite,
  }),
  customerDelete: endpoint({
    ...ROUTES.customerDelete,
    params: idParam,
    response: deleteCustomerResponse,
    denied: CUSTOMER_MESSAGES.cannotDelete,
  }),
} as const;
