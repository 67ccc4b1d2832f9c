/**
 * The backup and restore commands of docs/deployment.md ("Backups and restore"), run as written there: leads
 * stored while the store is open, the backup taken, restored into an empty store, and read back
 * through the app's storage layer (with an Idempotency-Key that still answers the first lead).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openStorage, type Storage, type StoredProspect } from '../../server/storage';
import { storedBody } from './helpers';
import { targets, type TestDatabase } from './support/targets';

const ROOT = path.resolve(import.meta.dirname, '../..');
const LEADS = 3;

const work = mkdtempSync(path.join(tmpdir(), 'site-backup-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

async function storeLeads(storage: Storage): Promise<StoredProspect[]> {
  for (let i = 0; i < LEADS; i++) {
    await storage.createProspect({ ...storedBody(), nombre: `Cliente ${i}` }, `respaldo-${i}`);
  }
  return storage.listProspects(0, 100);
}

/** What a restored store must give back: the same leads, and the first answer to a repeated key. */
async function expectRestored(storage: Storage, before: StoredProspect[]): Promise<void> {
  expect(await storage.listProspects(0, 100)).toEqual(before);
  const retried = await storage.createProspect(storedBody(), 'respaldo-0');
  expect(retried).toMatchObject({ id: before[0]?.id, replayed: true });
}

function hasCommand(command: string): boolean {
  return spawnSync(command, ['--version'], { stdio: 'ignore' }).status === 0;
}

describe('SQLite: backup while the server runs, restore into an empty folder', () => {
  const backups: { name: string; skip?: string; backup: (dbFile: string, to: string) => void }[] = [
    {
      name: 'the sqlite3 command',
      skip: hasCommand('sqlite3') ? undefined : 'no sqlite3 command (Debian package sqlite3)',
      backup: (dbFile, to) => execFileSync('sqlite3', [dbFile, `.backup ${to}`]),
    },
    {
      name: 'node with better-sqlite3, from the release folder',
      backup: (dbFile, to) =>
        execFileSync(
          process.execPath,
          [
            '-e',
            "require('better-sqlite3')(process.argv[1], { readonly: true }).backup(process.argv[2])",
            dbFile,
            to,
          ],
          { cwd: ROOT },
        ),
    },
  ];

  for (const { name, skip, backup } of backups) {
    it.skipIf(skip !== undefined)(`with ${name}${skip ? ` (skipped: ${skip})` : ''}`, async () => {
      const dir = mkdtempSync(path.join(work, 'sqlite-'));
      const live = path.join(dir, 'data', 'site.db');
      const storage = await openStorage({ dbFile: live });
      const before = await storeLeads(storage);
      expect(before).toHaveLength(LEADS);
      const copy = path.join(dir, 'site-respaldo.db');
      backup(live, copy);
      await storage.close();

      // The restore of docs/deployment.md: the server stopped, no -wal/-shm of another file left.
      const restored = path.join(dir, 'restaurada', 'site.db');
      mkdirSync(path.dirname(restored), { recursive: true });
      rmSync(`${restored}-wal`, { force: true });
      rmSync(`${restored}-shm`, { force: true });
      copyFileSync(copy, restored);
      const reopened = await openStorage({ dbFile: restored });
      try {
        await expectRestored(reopened, before);
      } finally {
        await reopened.close();
      }
    });
  }
});

/** Debian's client tools of the newest installed PostgreSQL (the server the tests start is that one). */
function postgresBin(tool: string): string {
  const root = '/usr/lib/postgresql';
  const dirs = [
    ...(process.env.PG_BIN ? [process.env.PG_BIN] : []),
    ...(existsSync(root)
      ? readdirSync(root)
          .filter((v) => /^\d+$/.test(v))
          .sort((a, b) => Number(b) - Number(a))
          .map((v) => path.join(root, v, 'bin'))
      : []),
  ];
  return dirs.map((dir) => path.join(dir, tool)).find((file) => existsSync(file)) ?? tool;
}

describe('PostgreSQL: pg_dump while the servers run, pg_restore into an empty database', () => {
  const target = targets().find((t) => t.name === 'PostgreSQL')!;
  const made: TestDatabase[] = [];
  afterAll(async () => {
    for (const db of made) await db.dispose();
  });

  it.skipIf(target.skip !== undefined)(
    `with pg_dump --format=custom and pg_restore${target.skip ? ` (skipped: ${target.skip})` : ''}`,
    async () => {
      const live = await target.create();
      made.push(live);
      const storage = await live.open();
      const before = await storeLeads(storage);
      const dump = path.join(work, 'sitio.dump');
      execFileSync(postgresBin('pg_dump'), ['--format=custom', `--file=${dump}`, live.env.DATABASE_URL!]);
      await storage.close();

      const empty = await target.create();
      made.push(empty);
      execFileSync(postgresBin('pg_restore'), [
        '--no-owner',
        '--exit-on-error',
        `--dbname=${empty.env.DATABASE_URL!}`,
        dump,
      ]);
      const restored = await openStorage({ databaseUrl: empty.env.DATABASE_URL, dbFile: '' });
      try {
        await expectRestored(restored, before);
      } finally {
        await restored.close();
      }
    },
  );
});
