import {
  ACCOUNT_ADJUSTERS,
  ACCOUNT_READERS,
  CREDIT_SETTERS,
  DAY_END_CONFIRMERS,
  PAYMENT_REVERSERS,
  PAYMENT_TAKERS,
} from '../domain/account-access';
import { CUSTOMER_DELETERS, CUSTOMER_WRITERS } from '../domain/customer-access';
import { INVOICE_CANCEL_ROLES, INVOICE_ISSUE_ROLES, INVOICE_READERS } from '../domain/invoice-access';
import type { Access, HttpMethod } from './endpoint';

/**
 * The API's routes: method, path and who may call each — the half of the endpoint table that
 * needs no schema library. Each route gets its zod contracts in ./endpoints/ under the same
 * key (`API.orderStatus` = `ROUTES.orderStatus` + params, body and response schemas); the server
 * registers every route from there.
 *
 * Why two files: the sign-in screen calls a few public routes before anyone is signed in, and
 * must stay light (no zod in the first download); it reads the route from here and checks the
 * answer by hand. Everything after sign-in goes through `API`, with parsed responses.
 *
 * `write` (every non-GET) says what keeps the write safe when it is replayed after its
 * idempotency record expired (records are kept 30 days; a device may stay offline longer) — and
 * for edits, that it never lands on a state its user did not see:
 * - 'create':  the client makes the record's id; a second create of that id is the first one;
 * - 'status':  the body names the status the user saw (`expected_status`);
 * - 'version': the body names the version of the record the user saw (`expected_version`);
 * - 'ids':     a bulk action names the records it covers (`ids`) and is idempotent on each;
 * - 'idempotent': applying it twice is applying it once (mark read, delete);
 * - 'session': sign-in/out and the user's own profile (not queued offline).
 * - 'demo':    the spec's debug calls, registered only in demo mode (never queued offline).
 * - 'batch':   queued writes sent together (POST /sync/push): each entry is one of the writes
 *              above with its own key and its own check; the batch itself changes nothing.
 * tests/api/route-walker.test.ts holds every entry to its kind (e.g. a 'version' body must have
 * `expected_version`), so a new edit endpoint cannot forget it.
 */
export type WriteKind = 'create' | 'status' | 'version' | 'ids' | 'idempotent' | 'session' | 'demo' | 'batch';

export interface Route {
  readonly method: HttpMethod;
  readonly path: string;
  readonly access: Access;
  readonly write?: WriteKind;
  /** Open while the user must still replace a one-time password (see Endpoint.beforePasswordChange). */
  readonly beforePasswordChange?: boolean;
  /** false: no `?tenant=` (the load balancer's health check). */
  readonly tenant?: boolean;
}

const MANAGERS = ['manager', 'admin'] as const;
const WAREHOUSE = ['warehouse', 'admin'] as const;
/** Who reads stock figures and movements: the warehouse, and the admin and manager who plan. */
const STOCK_READERS = ['admin', 'manager', 'warehouse'] as const;

export const ROUTES = {
  // ------------------------------------------------------------------------- public ---
  health: { method: 'GET', path: '/health', access: 'public', tenant: false },
  /** The OpenAPI 3.1 description of this table (the same for every tenant, so no `?tenant=`). */
  openapi: { method: 'GET', path: '/openapi.json', access: 'public', tenant: false },
  tenantInfo: { method: 'GET', path: '/tenants/info', access: 'public' },
  login: { method: 'POST', path: '/auth/login', access: 'public', write: 'session' },
  register: { method: 'POST', path: '/auth/register', access: 'public', write: 'session' },
  forgotPassword: { method: 'POST', path: '/auth/forgot-password', access: 'public', write: 'session' },
  resetPassword: { method: 'POST', path: '/auth/reset-password', access: 'public', write: 'session' },
  // A company's sign-up: by someone who has no account yet. Registrations belong to the platform
  // tenant whatever address the page was opened on, so these need no `?tenant=`.
  /** The sign-up form's token: the signed time it was served (the time trap). */
  registrationForm: { method: 'GET', path: '/company-registrations/form', access: 'public', tenant: false },
  registrationSubdomainCheck: {
    method: 'GET',
    path: '/company-registrations/subdomain-check',
    access: 'public',
    tenant: false,
  },
  /** `create`: the page makes the registration's id, so a retried send registers once. */
  registrationCreate: {
    method: 'POST',
    path: '/company-registrations',
    access: 'public',
    write: 'create',
    tenant: false,
  },
  /** The e-mailed link's token: verifying twice is verifying once. */
  registrationVerifyEmail: {
    method: 'POST',
    path: '/company-registrations/verify-email',
    access: 'public',
    write: 'idempotent',
    tenant: false,
  },
  // ------------------------------------------------------------------- the session ---
  // The only calls open to a user signed in with a one-time password: the PWA boots from the
  // profile, the user sets their own password, or signs out.
  logout: {
    method: 'POST',
    path: '/auth/logout',
    access: 'user',
    write: 'session',
    beforePasswordChange: true,
  },
  profile: { method: 'GET', path: '/auth/profile', access: 'user', beforePasswordChange: true },
  profileUpdate: {
    method: 'PUT',
    path: '/auth/profile',
    access: 'user',
    write: 'session',
    beforePasswordChange: true,
  },
  // ------------------------------------------------------------------------- orders ---
  orderList: { method: 'GET', path: '/orders', access: 'user' },
  orderRecent: { method: 'GET', path: '/orders/recent', access: 'user' },
  dashboardStats: { method: 'GET', path: '/dashboard/stats', access: 'user' },
  orderByRole: { method: 'GET', path: '/orders/role/:role', access: 'user' },
  orderGet: { method: 'GET', path: '/orders/:id', access: 'user' },
  orderCreate: { method: 'POST', path: '/orders', access: 'user', write: 'create' },
  orderUpdate: { method: 'PUT', path: '/orders/:id', access: 'user', write: 'version' },
  orderStatus: { method: 'PATCH', path: '/orders/:id/status', access: 'user', write: 'status' },
  orderAssignDriver: {
    method: 'PATCH',
    path: '/orders/:id/assign-driver',
    access: MANAGERS,
    write: 'version',
  },
  orderDelete: { method: 'DELETE', path: '/orders/:id', access: ['admin'], write: 'idempotent' },
  drivers: { method: 'GET', path: '/drivers', access: MANAGERS },
  // ----------------------------------------------------------- warehouse and delivery ---
  /** `create`: the body's client-made `scan_id` makes a replayed scan the first one. */
  warehouseScan: { method: 'POST', path: '/warehouse/scan-barcode', access: WAREHOUSE, write: 'create' },
  orderDeliver: { method: 'POST', path: '/orders/:id/deliver', access: ['driver', 'admin'], write: 'status' },
  orderProof: { method: 'GET', path: '/orders/:id/proof', access: 'user' },
  /** A PDF (not JSON): the delivery note of an order the caller may see. */
  deliveryNote: { method: 'GET', path: '/delivery-notes/generate/:orderId', access: 'user' },
  // -------------------------------------------------------- debug calls (demo mode only) ---
  debugAllOrders: { method: 'GET', path: '/debug/all-orders', access: ['admin', 'manager', 'warehouse'] },
  debugApproveFirstOrder: {
    method: 'POST',
    path: '/debug/approve-first-order',
    access: ['admin', 'manager', 'warehouse'],
    write: 'demo',
  },
  debugCreateTestOrders: {
    method: 'POST',
    path: '/debug/create-test-orders',
    access: ['admin', 'manager', 'warehouse'],
    write: 'demo',
  },
  // ------------------------------------------------------------------ notifications ---
  notificationList: { method: 'GET', path: '/notifications', access: 'user' },
  notificationMarkAllRead: {
    method: 'PATCH',
    path: '/notifications/mark-all-read',
    access: 'user',
    write: 'ids',
  },
  notificationRead: { method: 'PATCH', path: '/notifications/:id/read', access: 'user', write: 'idempotent' },
  notificationDelete: { method: 'DELETE', path: '/notifications/:id', access: 'user', write: 'idempotent' },
  // ------------------------------------------------------------------- catalogue ---
  productList: { method: 'GET', path: '/products', access: 'user' },
  productCategories: { method: 'GET', path: '/products/categories', access: 'user' },
  productBrands: { method: 'GET', path: '/products/brands', access: 'user' },
  productGet: { method: 'GET', path: '/products/:id', access: 'user' },
  /** `create`: the body's optional client-made `id` makes a replayed create the first one. */
  productCreate: { method: 'POST', path: '/products', access: ['admin'], write: 'create' },
  productUpdate: { method: 'PUT', path: '/products/:id', access: ['admin'], write: 'version' },
  productDelete: { method: 'DELETE', path: '/products/:id', access: ['admin'], write: 'version' },
  productBulk: { method: 'POST', path: '/products/bulk', access: ['admin'], write: 'ids' },
  productCategoryCreate: {
    method: 'POST',
    path: '/products/categories',
    access: ['admin'],
    write: 'idempotent',
  },
  productBrandCreate: { method: 'POST', path: '/products/brands', access: ['admin'], write: 'idempotent' },
  /** multipart/form-data, one file; stored by its content hash, so sending it twice stores it once. */
  productImageUpload: { method: 'POST', path: '/products/images', access: ['admin'], write: 'idempotent' },
  /**
   * The image's bytes. Public: an <img> sends no token; the URL's 256-bit content hash is the key,
   * and only the named tenant's images are served.
   */
  productImage: { method: 'GET', path: '/products/images/:hash', access: 'public' },
  /**
   * Bulk import (multipart, one file). 'idempotent': a preview writes only a preview of its own
   * (the catalogue is untouched), so sending the file twice gives two previews and no change.
   */
  productImportPreview: {
    method: 'POST',
    path: '/products/import/preview',
    access: ['admin'],
    write: 'idempotent',
  },
  productImportTemplateXlsx: { method: 'GET', path: '/products/import/template.xlsx', access: ['admin'] },
  productImportTemplateCsv: { method: 'GET', path: '/products/import/template.csv', access: ['admin'] },
  productImportGet: { method: 'GET', path: '/products/import/:id', access: ['admin'] },
  productImportRows: { method: 'GET', path: '/products/import/:id/rows', access: ['admin'] },
  productImportProgress: { method: 'GET', path: '/products/import/:id/progress', access: ['admin'] },
  /** 'idempotent': an import applies once; confirming it again answers its stored report. */
  productImportConfirm: {
    method: 'POST',
    path: '/products/import/:id/confirm',
    access: ['admin'],
    write: 'idempotent',
  },
  productImportRefused: { method: 'GET', path: '/products/import/:id/refused.xlsx', access: ['admin'] },
  // ------------------------------------------------------------------- customers ---
  customerList: { method: 'GET', path: '/customers', access: 'user' },
  // ------------------------------------------------------------------------ stock ---
  /** Static path: registered beside /products/:id, never taken for an id (static routes win). */
  productLowStock: { method: 'GET', path: '/products/low-stock', access: STOCK_READERS },
  productStockMovements: { method: 'GET', path: '/products/:id/stock-movements', access: STOCK_READERS },
  productStockAdjust: { method: 'PATCH', path: '/products/:id/stock', access: WAREHOUSE, write: 'version' },
  inventoryCount: { method: 'POST', path: '/inventory/counts', access: WAREHOUSE, write: 'create' },
  customerDuplicates: { method: 'GET', path: '/customers/duplicates', access: 'user' },
  customerGet: { method: 'GET', path: '/customers/:id', access: 'user' },
  customerCreate: { method: 'POST', path: '/customers', access: CUSTOMER_WRITERS, write: 'create' },
  customerUpdate: { method: 'PUT', path: '/customers/:id', access: CUSTOMER_WRITERS, write: 'version' },
  customerDelete: {
    method: 'DELETE',
    path: '/customers/:id',
    access: CUSTOMER_DELETERS,
    write: 'idempotent',
  },
  // ------------------------------------------------------- customer accounts, payments ---
  // Who may: shared/domain/account-access.ts (a salesperson or a driver: the customers of their
  // own orders; the warehouse: none).
  accountGet: { method: 'GET', path: '/customers/:id/account', access: ACCOUNT_READERS },
  accountMovements: { method: 'GET', path: '/customers/:id/account/movements', access: ACCOUNT_READERS },
  /** The customer statement (hesap ekstresi) of a period, as PDF or as .xlsx. */
  accountStatementPdf: {
    method: 'GET',
    path: '/customers/:id/account/statement/pdf',
    access: ACCOUNT_READERS,
  },
  accountStatementXlsx: {
    method: 'GET',
    path: '/customers/:id/account/statement/xlsx',
    access: ACCOUNT_READERS,
  },
  /** The customer's payment terms and risk limit, naming the terms' version seen. */
  accountTermsUpdate: {
    method: 'PUT',
    path: '/customers/:id/account',
    access: CREDIT_SETTERS,
    write: 'version',
  },
  /** An admin's opening balance or adjustment; the client makes its id. */
  accountAdjustment: {
    method: 'POST',
    path: '/customers/:id/account/adjustments',
    access: ACCOUNT_ADJUSTERS,
    write: 'create',
  },
  paymentList: { method: 'GET', path: '/payments', access: ACCOUNT_READERS },
  paymentGet: { method: 'GET', path: '/payments/:id', access: ACCOUNT_READERS },
  /** The collection receipt as PDF (A5, or `?size=thermal` for an 80 mm roll). */
  paymentReceipt: { method: 'GET', path: '/payments/:id/receipt', access: ACCOUNT_READERS },
  /** `create`: the device makes the payment's id (taken offline at the door, sent once). */
  paymentCreate: { method: 'POST', path: '/payments', access: PAYMENT_TAKERS, write: 'create' },
  paymentReverse: {
    method: 'POST',
    path: '/payments/:id/reverse',
    access: PAYMENT_REVERSERS,
    write: 'version',
  },
  /** A day's collections per person and their confirmations (the office: everyone; a field role: itself). */
  dayEndGet: { method: 'GET', path: '/day-ends', access: ACCOUNT_READERS },
  /** A manager confirms what one person handed over of one day; the client makes its id. */
  dayEndConfirm: { method: 'POST', path: '/day-ends', access: DAY_END_CONFIRMERS, write: 'create' },
  // ----------------------------------------------------------------------- invoices ---
  // Who may: shared/domain/invoice-access.ts (a salesperson reads the invoices of their own orders).
  invoiceList: { method: 'GET', path: '/invoices', access: INVOICE_READERS },
  /** A ZIP of the period's UBL-TR XML files and a CSV summary (the accountant's export). */
  invoiceExport: { method: 'GET', path: '/invoices/export', access: INVOICE_READERS },
  /** The company's invoice settings (number prefix, profile for VKN buyers, invoice on delivery). */
  invoiceSettings: { method: 'GET', path: '/invoices/settings', access: ['admin'] },
  invoiceSettingsUpdate: { method: 'PUT', path: '/invoices/settings', access: ['admin'], write: 'version' },
  /** Whether the company profile has what an invoice prints (the devices grey out 'Fatura Kes' by it). */
  invoiceReadiness: { method: 'GET', path: '/invoices/readiness', access: INVOICE_ISSUE_ROLES },
  invoiceGet: { method: 'GET', path: '/invoices/:id', access: INVOICE_READERS },
  invoicePdf: { method: 'GET', path: '/invoices/:id/pdf', access: INVOICE_READERS },
  invoiceXml: { method: 'GET', path: '/invoices/:id/xml', access: INVOICE_READERS },
  /** `create`: the device makes the invoice's id; one sales invoice per order (a second answers the first). */
  invoiceIssue: { method: 'POST', path: '/invoices', access: INVOICE_ISSUE_ROLES, write: 'create' },
  invoiceCancel: {
    method: 'POST',
    path: '/invoices/:id/cancel',
    access: INVOICE_CANCEL_ROLES,
    write: 'version',
  },
  // ------------------------------------------------------------------------- sync ---
  syncPull: { method: 'GET', path: '/sync/pull', access: 'user' },
  /** A device's queued writes in one request, each applied as its own request (./push.ts). */
  syncPush: { method: 'POST', path: '/sync/push', access: 'user', write: 'batch' },
  /** Server-sent events: "something changed for you" (a change number), read with fetch(). */
  events: { method: 'GET', path: '/events', access: 'user' },
  // ------------------------------------------------------------------------ admin ---
  adminLogs: { method: 'GET', path: '/admin/logs', access: ['admin'] },
  adminSettings: { method: 'GET', path: '/admin/settings', access: ['admin'] },
  adminSettingsUpdate: { method: 'PUT', path: '/admin/settings', access: ['admin'], write: 'version' },
  adminLogsExport: { method: 'GET', path: '/admin/logs/export', access: ['admin'] },
  adminLogUsers: { method: 'GET', path: '/admin/logs/users', access: ['admin'] },
  // ------------------------------------------------------------- company profile ---
  companyGet: { method: 'GET', path: '/admin/company', access: ['admin'] },
  companyUpdate: { method: 'PUT', path: '/admin/company', access: ['admin'], write: 'version' },
  /** multipart/form-data, one file; the logo is stored by its content hash (sending it twice stores it once). */
  companyLogoUpload: { method: 'POST', path: '/admin/company/logo', access: ['admin'], write: 'idempotent' },
  /** Removing no logo is success with nothing written. */
  companyLogoDelete: {
    method: 'DELETE',
    path: '/admin/company/logo',
    access: ['admin'],
    write: 'idempotent',
  },
  /**
   * The logo's bytes. Public: an <img> (the top bar, the login screen, a delivery note) sends no
   * token; the URL's 256-bit content hash is the key, and only the named tenant's logo is served.
   */
  companyLogo: { method: 'GET', path: '/tenants/logo/:hash', access: 'public' },
  /** Live figures of the server and the tenant's devices (the 'Sistem Durumu' tab). */
  adminSystemStatus: { method: 'GET', path: '/admin/system-status', access: ['admin'] },
  adminUsers: { method: 'GET', path: '/admin/users', access: ['admin'] },
  /** `create`: the body's optional client-made `id` makes a replayed create the first one. */
  adminUserCreate: { method: 'POST', path: '/admin/users', access: ['admin'], write: 'create' },
  adminUserUpdate: { method: 'PUT', path: '/admin/users/:id', access: ['admin'], write: 'version' },
  adminUserDelete: { method: 'DELETE', path: '/admin/users/:id', access: ['admin'], write: 'idempotent' },
  /** Setting the same new password twice is setting it once (the sessions are ended either way). */
  adminUserResetPassword: {
    method: 'POST',
    path: '/admin/users/:id/reset-password',
    access: ['admin'],
    write: 'idempotent',
  },
  adminUserUnlock: {
    method: 'POST',
    path: '/admin/users/:id/unlock',
    access: ['admin'],
    write: 'idempotent',
  },
  backupList: { method: 'GET', path: '/admin/backups', access: ['admin'] },
  /** `create`: the body's client-made `id` names the backup; a replay answers that backup. */
  backupCreate: { method: 'POST', path: '/admin/backups', access: ['admin'], write: 'create' },
  /** The archive itself (application/gzip), streamed. */
  backupDownload: { method: 'GET', path: '/admin/backups/:id/download', access: ['admin'] },
  // ---------------------------------------------------- tenant management (platform) ---
  // Platform admins only (role admin of the platform tenant): the access list lets every admin
  // through the auth hook; the feature's own hook refuses the admins of other tenants with 403.
  adminTenants: { method: 'GET', path: '/admin/tenants', access: ['admin'] },
  adminTenantGet: { method: 'GET', path: '/admin/tenants/:id', access: ['admin'] },
  /** The subdomain is the tenant's key: creating the same company again answers it; another company there is 409. */
  adminTenantCreate: { method: 'POST', path: '/admin/tenants', access: ['admin'], write: 'idempotent' },
  adminTenantUpdate: { method: 'PUT', path: '/admin/tenants/:id', access: ['admin'], write: 'version' },
  adminTenantSettings: {
    method: 'PUT',
    path: '/admin/tenants/:id/settings',
    access: ['admin'],
    write: 'version',
  },
  /** Writes the tenant's final backup, then removes every row of it; a second delete is 404. */
  adminTenantDelete: { method: 'DELETE', path: '/admin/tenants/:id', access: ['admin'], write: 'idempotent' },
  adminTenantUsage: { method: 'GET', path: '/admin/tenants/:id/usage', access: ['admin'] },
  /** A company's admins (name, username, active, locked, one-time password). */
  adminTenantAdmins: { method: 'GET', path: '/admin/tenants/:id/admins', access: ['admin'] },
  /** A new admin of the company (client-made id) with a one-time password. */
  adminTenantAdminCreate: {
    method: 'POST',
    path: '/admin/tenants/:id/admins',
    access: ['admin'],
    write: 'create',
  },
  /** Setting the same one-time password twice is setting it once (the lock is lifted either way). */
  adminTenantAdminReset: {
    method: 'POST',
    path: '/admin/tenants/:id/admins/:userId/reset-password',
    access: ['admin'],
    write: 'idempotent',
  },
  // ------------------------------------------------ DNS of tenant hosts (platform admins) ---
  // Admins of the `default` tenant only (the service refuses other tenants' admins with 403).
  /** Writes `*.<zone>` → the target: every subdomain resolves. Writing it again changes nothing. */
  dnsSetupWildcard: {
    method: 'POST',
    path: '/tenants/admin/dns/setup-wildcard',
    access: ['admin'],
    write: 'idempotent',
  },
  /** A record per active tenant (REPLACE: twice is once), and each tenant's DNS status. */
  dnsSetupExisting: {
    method: 'POST',
    path: '/tenants/admin/dns/setup-existing',
    access: ['admin'],
    write: 'idempotent',
  },
  dnsList: { method: 'GET', path: '/tenants/admin/dns/list', access: ['admin'] },
  /** Asks the resolver for the tenant's host and stores the answer as the tenant's dns_status. */
  dnsCheck: { method: 'GET', path: '/tenants/admin/dns/check/:tenant', access: ['admin'] },
  // ------------------------------------------------ platform (admins of the platform tenant) ---
  // The role check is the entry's; "of the platform tenant" is the service's (403 for others).
  adminRegistrations: { method: 'GET', path: '/admin/company-registrations', access: ['admin'] },
  adminPlatformStats: { method: 'GET', path: '/admin/dashboard-stats', access: ['admin'] },
  /**
   * approve | reject | suspend. 'idempotent': repeating an action on a registration already in
   * its target status changes nothing (an approval never creates a second tenant).
   */
  adminRegistrationAction: {
    method: 'POST',
    path: '/admin/company-registrations/:id/:action',
    access: ['admin'],
    write: 'idempotent',
  },
} as const satisfies Record<string, Route>;

export type RouteName = keyof typeof ROUTES;

/** Header carrying the client-made key of a mutation: a retry with the same key is not applied again. */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
