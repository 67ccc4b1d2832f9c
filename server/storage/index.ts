/** Picks the storage: PostgreSQL when a postgres:// URL is given, SQLite (the file) otherwise. */
import { openPostgresStorage, type PostgresOptions } from './postgres';
import { openSqliteStorage, type SqliteOptions } from './sqlite';
import type { Storage } from './types';

export * from './types';

export interface StorageConfig {
  /** postgres:// or postgresql:// URL; when set, dbFile is not used. */
  databaseUrl?: string | undefined;
  /** SQLite file (created with its folder when missing); ':memory:' also works. */
  dbFile: string;
  sqlite?: SqliteOptions;
  postgres?: PostgresOptions;
}

export const POSTGRES_URL_PATTERN = /^postgres(ql)?:\/\//i;

export async function openStorage(config: StorageConfig): Promise<Storage> {
  if (config.databaseUrl) {
    if (!POSTGRES_URL_PATTERN.test(config.databaseUrl)) {
      throw new Error('DATABASE_URL debe empezar con postgres:// o postgresql://.');
    }
    return openPostgresStorage(config.databaseUrl, config.postgres);
  }
  return openSqliteStorage(config.dbFile, config.sqlite);
}
