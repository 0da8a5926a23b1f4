import type { Migration, MigrationProvider } from 'kysely';
import { down0001, up0001 } from './0001-initial';
import { down0002, up0002 } from './0002-sync-epoch';
import { down0003, up0003 } from './0003-live-orders-index';
import { down0004, up0004 } from './0004-order-read-paths';
import { down0005, up0005 } from './0005-order-scans';
import { down0006, up0006 } from './0006-delivery-proofs';
import { down0007, up0007 } from './0007-user-notifications-index';
import { down0008, up0008 } from './0008-order-decisions';
import { down0009, up0009 } from './0009-change-announcements';
import { down0010, up0010 } from './0010-stored-text-params';
import { down0011, up0011 } from './0011-demo-data';
import { down0012, up0012 } from './0012-stock-ledger';
import { down0013, up0013 } from './0013-product-management';
import { down0014, up0014 } from './0014-product-imports';
import { down0015, up0015 } from './0015-customer-management';
import { down0016, up0016 } from './0016-product-list-paths';
import { down0017, up0017 } from './0017-company-profile';
import { down0018, up0018 } from './0018-user-management';
import { down0019, up0019 } from './0019-system-settings';
import { down0020, up0020 } from './0020-devices';
import { down0021, up0021 } from './0021-audit-log-paths';
import { down0022, up0022 } from './0022-tenant-backups';
import { down0023, up0023 } from './0023-email-outbox';
import { down0024, up0024 } from './0024-company-registrations';
import { down0027, up0027 } from './0027-invoices';
import { down0028, up0028 } from './0028-stock-write-off';
import { down0029, up0029 } from './0029-search-fold';
import { down0030, up0030 } from './0030-registration-tax-details';
import { down0031, up0031 } from './0031-one-time-passwords';
import { down0032, up0032 } from './0032-audit-log-texts';
import { down0040, up0040 } from './0040-tenant-dns-checked';
import { down0041, up0041 } from './0041-order-event-change-seq';
import { down0042, up0042 } from './0042-product-import-staging';
import { down0043, up0043 } from './0043-bulk-catalogue-announcement';
import { down0045, up0045 } from './0045-customer-accounts';
import { down0046, up0046 } from './0046-day-ends';
import { down0047, up0047 } from './0047-account-sync';
import { down0048, up0048 } from './0048-import-rows-json';
import { down0049, up0049 } from './0049-search-fold-replace';
import { down0050, up0050 } from './0050-stored-order-wire';
import { down0051, up0051 } from './0051-order-wires-store';
import { down0052, up0052 } from './0052-import-rows-gzip';

/**
 * Migrations are listed in code (no file-system scanning): the same list runs on PGlite and on
 * PostgreSQL, in a bundle or from source. Append new ones; never edit an applied one.
 */
const migrations: Record<string, Migration> = {
  '0001-initial': { up: up0001, down: down0001 },
  '0002-sync-epoch': { up: up0002, down: down0002 },
  '0003-live-orders-index': { up: up0003, down: down0003 },
  '0004-order-read-paths': { up: up0004, down: down0004 },
  '0005-order-scans': { up: up0005, down: down0005 },
  '0006-delivery-proofs': { up: up0006, down: down0006 },
  '0007-user-notifications-index': { up: up0007, down: down0007 },
  '0008-order-decisions': { up: up0008, down: down0008 },
  '0009-change-announcements': { up: up0009, down: down0009 },
  '0010-stored-text-params': { up: up0010, down: down0010 },
  '0011-demo-data': { up: up0011, down: down0011 },
  '0012-stock-ledger': { up: up0012, down: down0012 },
  '0013-product-management': { up: up0013, down: down0013 },
  '0014-product-imports': { up: up0014, down: down0014 },
  '0015-customer-management': { up: up0015, down: down0015 },
  '0016-product-list-paths': { up: up0016, down: down0016 },
  '0019-system-settings': { up: up0019, down: down0019 },
  '0021-audit-log-paths': { up: up0021, down: down0021 },
  '0017-company-profile': { up: up0017, down: down0017 },
  '0020-devices': { up: up0020, down: down0020 },
  '0018-user-management': { up: up0018, down: down0018 },
  '0023-email-outbox': { up: up0023, down: down0023 },
  '0022-tenant-backups': { up: up0022, down: down0022 },
  '0024-company-registrations': { up: up0024, down: down0024 },
  '0027-invoices': { up: up0027, down: down0027 },
  '0028-stock-write-off': { up: up0028, down: down0028 },
  '0029-search-fold': { up: up0029, down: down0029 },
  '0030-registration-tax-details': { up: up0030, down: down0030 },
  '0031-one-time-passwords': { up: up0031, down: down0031 },
  '0032-audit-log-texts': { up: up0032, down: down0032 },
  '0040-tenant-dns-checked': { up: up0040, down: down0040 },
  '0041-order-event-change-seq': { up: up0041, down: down0041 },
  '0042-product-import-staging': { up: up0042, down: down0042 },
  '0043-bulk-catalogue-announcement': { up: up0043, down: down0043 },
  '0045-customer-accounts': { up: up0045, down: down0045 },
  '0046-day-ends': { up: up0046, down: down0046 },
  '0047-account-sync': { up: up0047, down: down0047 },
  '0048-import-rows-json': { up: up0048, down: down0048 },
  '0049-search-fold-replace': { up: up0049, down: down0049 },
  '0050-stored-order-wire': { up: up0050, down: down0050 },
  '0051-order-wires-store': { up: up0051, down: down0051 },
  '0052-import-rows-gzip': { up: up0052, down: down0052 },
};

export const migrationProvider: MigrationProvider = {
  async getMigrations() {
    return migrations;
  },
};
