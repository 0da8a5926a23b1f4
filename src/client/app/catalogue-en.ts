import { backupsEn } from '../admin/backups/messages-en';
import { companyEn } from '../admin/company/messages-en';
import { logsEn } from '../admin/logs/messages-en';
import { adminEn } from '../admin/messages-en';
import { adminOrdersEn } from '../admin/orders/messages-en';
import { registrationsEn } from '../admin/registrations/messages-en';
import { settingsEn } from '../admin/settings/messages-en';
import { statusEn } from '../admin/status/messages-en';
import { usersEn } from '../admin/users/messages-en';
import { authEn } from '../auth/messages-en';
import { collectionsEn } from '../collections/messages-en';
import { customersEn } from '../customers/messages-en';
import { dashboardEn } from '../dashboard/messages-en';
import { driverEn } from '../driver/messages-en';
import { inventoryEn } from '../inventory/messages-en';
import { invoicesEn } from '../invoices/messages-en';
import { notificationsEn } from '../notifications/messages-en';
import { ordersEn } from '../orders/messages-en';
import { passwordResetEn } from '../password-reset/messages-en';
import { importEn } from '../products/import/messages-en';
import { productsEn } from '../products/messages-en';
import { profileEn } from '../profile/messages-en';
import { registerCompanyEn } from '../register-company/messages-en';
import { salesEn } from '../sales/messages-en';
import { deviceSettingsEn } from '../settings/messages-en';
import type { MessageKey } from '../shared-ui/i18n';
import { sharedEn } from '../shared-ui/i18n-en';
import { syncEn } from '../sync/messages-en';
import { tenantsEn } from '../tenant-management/messages-en';
import { warehouseEn } from '../warehouse/messages-en';

/**
 * The English catalogue (its own chunk, loaded on demand: shared-ui/i18n.ts `loadEnglish`): the
 * shared texts in English and every feature's own (its messages-en.ts), the same keys as the
 * Turkish catalogue (./catalogue-tr.ts).
 */
export const en: Record<MessageKey, string> = {
  ...sharedEn,
  ...customersEn,
  ...productsEn,
  ...importEn,
  ...inventoryEn,
  ...adminEn,
  ...settingsEn,
  ...logsEn,
  ...adminOrdersEn,
  ...companyEn,
  ...usersEn,
  ...tenantsEn,
  ...registrationsEn,
  ...backupsEn,
  ...authEn,
  ...dashboardEn,
  ...driverEn,
  ...notificationsEn,
  ...passwordResetEn,
  ...registerCompanyEn,
  ...ordersEn,
  ...profileEn,
  ...salesEn,
  ...syncEn,
  ...statusEn,
  ...deviceSettingsEn,
  ...warehouseEn,
  ...invoicesEn,
  ...collectionsEn,
};

export { PRODUCT_UNIT_LABELS_EN } from '../../shared/api/product-data';
/**
 * Status and role labels: both languages live in the shared domain tables (the server renders the
 * system log's messages in English with them too).
 */
export { ORDER_STATUS_LABELS_EN as STATUS_LABELS_EN } from '../../shared/domain/order-status';
export { ROLE_LABELS_EN } from '../../shared/domain/roles';
