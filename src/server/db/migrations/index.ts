import type { Migration, MigrationProvider } from 'kysely';
import { down0001, up0001 } from './0001-initial';

/**
 * Migrations are listed in code (no file-system scanning): the same list runs on PGlite and on
 * PostgreSQL, in a bundle or from source. Append new ones; never edit an applied one.
 */
export const migrations: Record<string, Migration> = {
  '0001-initial': { up: up0001, down: down0001 },
};

export const migrationProvider: MigrationProvider = {
  async getMigrations() {
    return migrations;
  },
};
