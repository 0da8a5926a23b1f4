import { z } from 'zod';
import { adminLogsExportQuery, adminLogsQuery, adminLogsResponse, adminLogUsersResponse } from './admin';
import { systemSettingsSchema, updateSettingsBody } from './admin-settings';
import {
  adminResetPasswordBody,
  adminUserSchema,
  adminUsersQuery,
  adminUsersResponse,
  createUserBody,
  deleteUserResponse,
  updateUserBody,
  userActionResponse,
} from './admin-users';
import { authResponse, loginBody, profileUpdateBody, registerBody, userSchema } from './auth';
import { backupListResponse, backupSchema, createBackupBody } from './backups';
import { productListBody, productListQuery, stringListResponse } from './catalogue';
import { idParam } from './common';
import { companySchema, logoHashParam, updateCompanyBody } from './company';
import {
  CUSTOMER_MESSAGES,
  createCustomerBody,
  customerDuplicatesQuery,
  customerDuplicatesResponse,
  customerListQuery,
  customerListResponse,
  deleteCustomerResponse,
  updateCustomerBody,
} from './customers';
import { dashboardStatsSchema } from './dashboard';
import { CSV_TYPE, type Endpoint, endpoint, GZIP_TYPE, XLSX_TYPE } from './endpoint';
import { INVOICE_ENDPOINTS } from './endpoints-invoices';
import { PLATFORM_ENDPOINTS } from './endpoints-platform';
import { customerSchema, orderSchema, productSchema } from './entities';
import { healthData } from './health';
import {
  deleteNotificationResponse,
  markAllReadBody,
  markAllReadResponse,
  notificationIdParam,
  notificationListQuery,
  notificationListResponse,
  notificationSchema,
} from './notifications';
import {
  assignDriverBody,
  createOrderBody,
  deleteOrderResponse,
  driverListResponse,
  ORDER_MESSAGES,
  orderArrayResponse,
  orderListQuery,
  orderListResponse,
  orderRoleParam,
  orderRoleQuery,
  orderStatusBody,
  recentOrdersQuery,
  updateOrderBody,
} from './orders';
import { forgotPasswordBody, passwordResetMessage, resetPasswordBody } from './password-reset';
import {
  importConfirmBody,
  importIdParam,
  importProgressResponse,
  importReportSchema,
  importRowsQuery,
  importRowsResponse,
  importSummarySchema,
} from './product-import';
import {
  bulkProductBody,
  bulkProductResponse,
  createProductBody,
  deleteProductBody,
  deleteProductQuery,
  deleteProductResponse,
  imageHashParam,
  imageUploadResponse,
  listNameBody,
  listNameResponse,
  updateProductBody,
} from './products';
import { pushBody, pushResponse } from './push';
import {
  createRegistrationBody,
  createRegistrationResponse,
  registrationFormResponse,
  subdomainCheckQuery,
  subdomainCheckResponse,
  verifyEmailBody,
  verifyEmailResponse,
} from './registrations';
import { ROUTES, type RouteName } from './routes';
import {
  inventoryCountBody,
  inventoryCountResponse,
  lowStockResponse,
  stockAdjustBody,
  stockMovementListBody,
  stockMovementListQuery,
} from './stock';
import { syncPullQuery, syncPullResponse } from './sync';
import { systemStatusResponse } from './system-status';
import { tenantInfoSchema } from './tenants';
import {
  debugActionResponse,
  debugAllOrdersResponse,
  deliverBody,
  deliveryProofSchema,
  scanBarcodeBody,
  scanBarcodeResponse,
} from './warehouse';

/**
 * THE endpoint table: every API endpoint once — its route (./routes.ts: method, path, who may
 * call it) and its zod contracts. The server registers its routes from these entries
 * (src/server/lib/route.ts) and the client calls them with `call(API.x, …)`
 * (src/client/api/http.ts), so a path or a schema is never written twice, and an entry that is
 * not `public` is authenticated by default.
 */
export const API = {
  health: endpoint({ ...ROUTES.health, response: healthData, statuses: [200, 503] }),
  openapi: endpoint({
    ...ROUTES.openapi,
    response: z.looseObject({ openapi: z.string(), paths: z.record(z.string(), z.unknown()) }),
    envelope: false,
  }),
  tenantInfo: endpoint({ ...ROUTES.tenantInfo, response: tenantInfoSchema }),
  login: endpoint({
    ...ROUTES.login,
    body: loginBody,
    response: authResponse,
    envelope: false,
    emptyBodyAsObject: true,
    // 401 INVALID_CREDENTIALS: a wrong username or password (with the attempts left)
    errors: [401],
  }),
  register: endpoint({
    ...ROUTES.register,
    body: registerBody,
    response: authResponse,
    envelope: false,
    emptyBodyAsObject: true,
  }),
  forgotPassword: endpoint({
    ...ROUTES.forgotPassword,
    body: forgotPasswordBody,
    response: passwordResetMessage,
    emptyBodyAsObject: true,
  }),
  resetPassword: endpoint({
    ...ROUTES.resetPassword,
    body: resetPasswordBody,
    response: passwordResetMessage,
    emptyBodyAsObject: true,
  }),
  registrationForm: endpoint({ ...ROUTES.registrationForm, response: registrationFormResponse }),
  registrationSubdomainCheck: endpoint({
    ...ROUTES.registrationSubdomainCheck,
    query: subdomainCheckQuery,
    response: subdomainCheckResponse,
  }),
  registrationCreate: endpoint({
    ...ROUTES.registrationCreate,
    body: createRegistrationBody,
    response: createRegistrationResponse,
    statuses: [200, 201],
    emptyBodyAsObject: true,
  }),
  registrationVerifyEmail: endpoint({
    ...ROUTES.registrationVerifyEmail,
    body: verifyEmailBody,
    response: verifyEmailResponse,
    emptyBodyAsObject: true,
  }),
  logout: endpoint({ ...ROUTES.logout, response: z.object({ message: z.string() }) }),
  profile: endpoint({ ...ROUTES.profile, response: userSchema }),
  profileUpdate: endpoint({
    ...ROUTES.profileUpdate,
    body: profileUpdateBody,
    response: userSchema,
    emptyBodyAsObject: true,
  }),

  orderList: endpoint({ ...ROUTES.orderList, query: orderListQuery, response: orderListResponse }),
  orderRecent: endpoint({ ...ROUTES.orderRecent, query: recentOrdersQuery, response: orderArrayResponse }),
  dashboardStats: endpoint({ ...ROUTES.dashboardStats, response: dashboardStatsSchema }),
  orderByRole: endpoint({
    ...ROUTES.orderByRole,
    params: orderRoleParam,
    query: orderRoleQuery,
    response: orderArrayResponse,
  }),
  orderGet: endpoint({ ...ROUTES.orderGet, params: idParam, response: orderSchema }),
  orderCreate: endpoint({
    ...ROUTES.orderCreate,
    body: createOrderBody,
    response: orderSchema,
    statuses: [200, 201],
  }),
  orderUpdate: endpoint({
    ...ROUTES.orderUpdate,
    params: idParam,
    body: updateOrderBody,
    response: orderSchema,
  }),
  orderStatus: endpoint({
    ...ROUTES.orderStatus,
    params: idParam,
    body: orderStatusBody,
    response: orderSchema,
  }),
  orderAssignDriver: endpoint({
    ...ROUTES.orderAssignDriver,
    params: idParam,
    body: assignDriverBody,
    response: orderSchema,
  }),
  orderDelete: endpoint({
    ...ROUTES.orderDelete,
    params: idParam,
    response: deleteOrderResponse,
    denied: ORDER_MESSAGES.cannotDelete,
  }),
  drivers: endpoint({ ...ROUTES.drivers, response: driverListResponse }),

  warehouseScan: endpoint({ ...ROUTES.warehouseScan, body: scanBarcodeBody, response: scanBarcodeResponse }),
  orderDeliver: endpoint({
    ...ROUTES.orderDeliver,
    params: idParam,
    body: deliverBody,
    response: orderSchema,
  }),
  orderProof: endpoint({ ...ROUTES.orderProof, params: idParam, response: deliveryProofSchema }),
  deliveryNote: endpoint({
    ...ROUTES.deliveryNote,
    params: z.object({ orderId: z.uuid({ error: 'Sipariş kimliği geçersiz' }) }),
    response: z.unknown(),
    produces: 'application/pdf',
  }),
  debugAllOrders: endpoint({ ...ROUTES.debugAllOrders, response: debugAllOrdersResponse }),
  debugApproveFirstOrder: endpoint({ ...ROUTES.debugApproveFirstOrder, response: debugActionResponse }),
  debugCreateTestOrders: endpoint({ ...ROUTES.debugCreateTestOrders, response: debugActionResponse }),

  notificationList: endpoint({
    ...ROUTES.notificationList,
    query: notificationListQuery,
    response: notificationListResponse,
  }),
  notificationMarkAllRead: endpoint({
    ...ROUTES.notificationMarkAllRead,
    body: markAllReadBody,
    response: markAllReadResponse,
  }),
  notificationRead: endpoint({
    ...ROUTES.notificationRead,
    params: notificationIdParam,
    response: notificationSchema,
  }),
  notificationDelete: endpoint({
    ...ROUTES.notificationDelete,
    params: notificationIdParam,
    response: deleteNotificationResponse,
  }),

  productList: endpoint({
    ...ROUTES.productList,
    query: productListQuery,
    response: productListBody,
    envelope: false,
  }),
  productCategories: endpoint({ ...ROUTES.productCategories, response: stringListResponse }),
  productBrands: endpoint({ ...ROUTES.productBrands, response: stringListResponse }),
  productGet: endpoint({ ...ROUTES.productGet, params: idParam, response: productSchema }),
  productCreate: endpoint({
    ...ROUTES.productCreate,
    body: createProductBody,
    response: productSchema,
    statuses: [200, 201],
  }),
  productUpdate: endpoint({
    ...ROUTES.productUpdate,
    params: idParam,
    body: updateProductBody,
    response: productSchema,
  }),
  productDelete: endpoint({
    ...ROUTES.productDelete,
    params: idParam,
    query: deleteProductQuery,
    body: deleteProductBody,
    emptyBodyAsObject: true,
    response: deleteProductResponse,
  }),
  productBulk: endpoint({ ...ROUTES.productBulk, body: bulkProductBody, response: bulkProductResponse }),
  productCategoryCreate: endpoint({
    ...ROUTES.productCategoryCreate,
    body: listNameBody,
    response: listNameResponse,
    statuses: [200, 201],
  }),
  productBrandCreate: endpoint({
    ...ROUTES.productBrandCreate,
    body: listNameBody,
    response: listNameResponse,
    statuses: [200, 201],
  }),
  productImageUpload: endpoint({
    ...ROUTES.productImageUpload,
    consumes: 'multipart/form-data',
    response: imageUploadResponse,
    statuses: [200, 201],
  }),
  productImage: endpoint({
    ...ROUTES.productImage,
    params: imageHashParam,
    response: z.unknown(),
    produces: 'image/*',
  }),
  productImportPreview: endpoint({
    ...ROUTES.productImportPreview,
    response: importSummarySchema,
    consumes: 'multipart/form-data',
  }),
  productImportTemplateXlsx: endpoint({
    ...ROUTES.productImportTemplateXlsx,
    response: z.unknown(),
    produces: XLSX_TYPE,
  }),
  productImportTemplateCsv: endpoint({
    ...ROUTES.productImportTemplateCsv,
    response: z.unknown(),
    produces: CSV_TYPE,
  }),
  productImportGet: endpoint({
    ...ROUTES.productImportGet,
    params: importIdParam,
    response: importSummarySchema,
  }),
  productImportRows: endpoint({
    ...ROUTES.productImportRows,
    params: importIdParam,
    query: importRowsQuery,
    response: importRowsResponse,
  }),
  productImportProgress: endpoint({
    ...ROUTES.productImportProgress,
    params: importIdParam,
    response: importProgressResponse,
  }),
  productImportConfirm: endpoint({
    ...ROUTES.productImportConfirm,
    params: importIdParam,
    body: importConfirmBody,
    response: importReportSchema,
  }),
  productImportRefused: endpoint({
    ...ROUTES.productImportRefused,
    params: importIdParam,
    response: z.unknown(),
    produces: XLSX_TYPE,
  }),
  ...INVOICE_ENDPOINTS,
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

  productLowStock: endpoint({ ...ROUTES.productLowStock, response: lowStockResponse }),
  productStockMovements: endpoint({
    ...ROUTES.productStockMovements,
    params: idParam,
    query: stockMovementListQuery,
    response: stockMovementListBody,
    envelope: false,
  }),
  productStockAdjust: endpoint({
    ...ROUTES.productStockAdjust,
    params: idParam,
    body: stockAdjustBody,
    response: productSchema,
  }),
  inventoryCount: endpoint({
    ...ROUTES.inventoryCount,
    body: inventoryCountBody,
    response: inventoryCountResponse,
    statuses: [200, 201],
  }),

  syncPull: endpoint({ ...ROUTES.syncPull, query: syncPullQuery, response: syncPullResponse }),
  syncPush: endpoint({ ...ROUTES.syncPush, body: pushBody, response: pushResponse }),
  events: endpoint({ ...ROUTES.events, response: z.unknown(), stream: 'text/event-stream' }),

  adminLogs: endpoint({ ...ROUTES.adminLogs, query: adminLogsQuery, response: adminLogsResponse }),
  adminSettings: endpoint({ ...ROUTES.adminSettings, response: systemSettingsSchema }),
  adminSettingsUpdate: endpoint({
    ...ROUTES.adminSettingsUpdate,
    body: updateSettingsBody,
    response: systemSettingsSchema,
  }),
  adminLogsExport: endpoint({
    ...ROUTES.adminLogsExport,
    query: adminLogsExportQuery,
    response: z.unknown(),
    produces: CSV_TYPE,
  }),
  adminLogUsers: endpoint({ ...ROUTES.adminLogUsers, response: adminLogUsersResponse }),
  companyGet: endpoint({ ...ROUTES.companyGet, response: companySchema }),
  companyUpdate: endpoint({ ...ROUTES.companyUpdate, body: updateCompanyBody, response: companySchema }),
  companyLogoUpload: endpoint({
    ...ROUTES.companyLogoUpload,
    consumes: 'multipart/form-data',
    response: companySchema,
  }),
  companyLogoDelete: endpoint({ ...ROUTES.companyLogoDelete, response: companySchema }),
  companyLogo: endpoint({
    ...ROUTES.companyLogo,
    params: logoHashParam,
    response: z.unknown(),
    produces: 'image/*',
  }),
  adminSystemStatus: endpoint({ ...ROUTES.adminSystemStatus, response: systemStatusResponse }),
  adminUsers: endpoint({ ...ROUTES.adminUsers, query: adminUsersQuery, response: adminUsersResponse }),
  adminUserCreate: endpoint({
    ...ROUTES.adminUserCreate,
    body: createUserBody,
    response: adminUserSchema,
    statuses: [200, 201],
    emptyBodyAsObject: true,
  }),
  adminUserUpdate: endpoint({
    ...ROUTES.adminUserUpdate,
    params: idParam,
    body: updateUserBody,
    response: adminUserSchema,
    emptyBodyAsObject: true,
  }),
  adminUserDelete: endpoint({ ...ROUTES.adminUserDelete, params: idParam, response: deleteUserResponse }),
  adminUserResetPassword: endpoint({
    ...ROUTES.adminUserResetPassword,
    params: idParam,
    body: adminResetPasswordBody,
    response: userActionResponse,
    emptyBodyAsObject: true,
  }),
  adminUserUnlock: endpoint({ ...ROUTES.adminUserUnlock, params: idParam, response: userActionResponse }),
  backupList: endpoint({ ...ROUTES.backupList, response: backupListResponse }),
  backupCreate: endpoint({
    ...ROUTES.backupCreate,
    body: createBackupBody,
    response: backupSchema,
    statuses: [200, 202],
  }),
  backupDownload: endpoint({
    ...ROUTES.backupDownload,
    params: idParam,
    response: z.unknown(),
    produces: GZIP_TYPE,
  }),

  ...PLATFORM_ENDPOINTS,
} as const satisfies Record<RouteName, Endpoint>;

export type ApiName = keyof typeof API;
