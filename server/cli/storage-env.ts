import path from 'node:path';
import { describeStorage, SERVER_SETTINGS } from '../config';
import { openStorage, type Storage, type StorageConfig } from '../storage';

/** The server's database for a command-line tool: DATABASE_URL when set, otherwise DB_FILE. */
function storageConfigFromEnv(env: Readonly<Record<string, string | undefined>>): StorageConfig {
  const databaseUrl = env.DATABASE_URL?.trim() || undefined;
  return { databaseUrl, dbFile: path.resolve(env.DB_FILE?.trim() || SERVER_SETTINGS.DB_FILE.default) };
}

export interface StorageCommand<A extends { ok: true }> {
  /** The arguments, or the problem to print above the usage (exit code 2). */
  parse: (argv: string[]) => A | { ok: false; problem: string };
  usage: string;
  /** Start of the Spanish line printed when the command fails (exit code 1). */
  failure: string;
  /** The work, on the opened storage; `where` names the database for the closing message. */
  run: (storage: Storage, args: A, where: string) => Promise<void>;
}

/** Start-up shared by the command-line tools: arguments, the server's database, exit codes 0/1/2. */
export async function runStorageCommand<A extends { ok: true }>(command: StorageCommand<A>): Promise<number> {
  const args = command.parse(process.argv.slice(2));
  if (!args.ok) {
    console.error(`${args.problem}\n\n${command.usage}`);
    return 2;
  }
  const config = storageConfigFromEnv(process.env);
  let storage: Storage | undefined;
  try {
    storage = await openStorage(config);
    await command.run(storage, args, describeStorage(config));
    return 0;
  } catch (error) {
    console.error(`${command.failure}: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  } finally {
    await storage?.close();
  }
}
