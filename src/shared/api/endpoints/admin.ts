import { z } from 'zod';
import { adminLogsExportQuery, adminLogsQuery, adminLogsResponse, adminLogUsersResponse } from '../admin';
import { systemSettingsSchema, updateSettingsBody } from '../admin-settings';
import {
  adminResetPasswordBody,
  adminUserSchema,
  adminUsersQuery,
  adminUsersResponse,
  createUserBody,
  deleteUserResponse,
  updateUserBody,
  userActionResponse,
} from '../admin-users';
import { backupListResponse, backupSchema, createBackupBody } from '../backups';
import { idParam } from '../common';
import { companySchema, logoHashParam, updateCompanyBody } from '../company';
import { CSV_TYPE, endpoint, GZIP_TYPE } from '../endpoint';
import { ROUTES } from '../routes';
import { systemStatusResponse } from '../system-status';

/**
 * A tenant admin's screens: logs, system settings, company profile and logo, system status, users,
 * backups. Spread into `API` (./index.ts).
 */
export const ADMIN_ENDPOINTS = {
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
} as const;
