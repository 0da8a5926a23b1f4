import { backupsTr } from '../admin/backups/messages-tr';
import { companyTr } from '../admin/company/messages-tr';
import { logsTr } from '../admin/logs/messages-tr';
import { adminTr } from '../admin/messages-tr';
import { adminOrdersTr } from '../admin/orders/messages-tr';
import { registrationsTr } from '../admin/registrations/messages-tr';
import { settingsTr } from '../admin/settings/messages-tr';
import { statusTr } from '../admin/status/messages-tr';
import { usersTr } from '../admin/users/messages-tr';
import { authTr } from '../auth/messages-tr';
import { collectionsTr } from '../collections/messages-tr';
import { customersTr } from '../customers/messages-tr';
import { dashboardTr } from '../dashboard/messages-tr';
import { driverTr } from '../driver/messages-tr';
import { inventoryTr } from '../inventory/messages-tr';
import { invoicesTr } from '../invoices/messages-tr';
import { notificationsTr } from '../notifications/messages-tr';
import { ordersTr } from '../orders/messages-tr';
import { passwordResetTr } from '../password-reset/messages-tr';
import { importTr } from '../products/import/messages-tr';
import { productsTr } from '../products/messages-tr';
import { profileTr } from '../profile/messages-tr';
import { registerCompanyTr } from '../register-company/messages-tr';
import { salesTr } from '../sales/messages-tr';
import { deviceSettingsTr } from '../settings/messages-tr';
import { registerCatalogues } from '../shared-ui/i18n';
import { sharedTr } from '../shared-ui/i18n-tr';
import { syncTr } from '../sync/messages-tr';
import { tenantsTr } from '../tenant-management/messages-tr';
import { warehouseTr } from '../warehouse/messages-tr';

/**
 * The Turkish catalogue: the shared texts (shared-ui/i18n-tr.ts) and every feature's own (its
 * messages-tr.ts), one typed key set. It is assembled here, in the app shell, because the shell may
 * import features and shared-ui may not: shared-ui/i18n.ts learns the key set from the `Catalogue`
 * interface this file augments, and the texts from `registerCatalogues` when this module is loaded
 * (first of all by main.tsx, before any screen). English (./catalogue-en.ts) is its own chunk,
 * fetched only when English is chosen.
 */
export const tr = {
  ...sharedTr,
  ...customersTr,
  ...productsTr,
  ...importTr,
  ...inventoryTr,
  ...adminTr,
  ...settingsTr,
  ...logsTr,
  ...adminOrdersTr,
  ...companyTr,
  ...usersTr,
  ...tenantsTr,
  ...registrationsTr,
  ...backupsTr,
  ...authTr,
  ...dashboardTr,
  ...driverTr,
  ...notificationsTr,
  ...passwordResetTr,
  ...registerCompanyTr,
  ...ordersTr,
  ...profileTr,
  ...salesTr,
  ...syncTr,
  ...statusTr,
  ...deviceSettingsTr,
  ...warehouseTr,
  ...invoicesTr,
  ...collectionsTr,
};

declare module '../shared-ui/i18n' {
  /** Every screen text's key: the shared texts' and every feature's. */
  interface Catalogue extends Record<keyof typeof tr, string> {}
}

registerCatalogues(tr, () => import('./catalogue-en'));
