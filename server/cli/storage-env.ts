import path from 'node:path';
import type { StorageConfig } from '../storage';

/** The server's database for a command-line tool: DATABASE_URL when set, otherwise DB_FILE. */
export function storageConfigFromEnv(env: Readonly<Record<string, string | undefined>>): StorageConfig {
  const databaseUrl = env.DATABASE_URL?.trim() || undefined;
  return { databaseUrl, dbFile: path.resolve(env.DB_FILE?.trim() || 'data/site.db') };
}
