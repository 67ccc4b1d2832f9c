/**
 * A throwaway PostgreSQL server for the tests and the benchmark: initdb in a temporary folder,
 * pg_ctl start on a free loopback port, stop and delete afterwards. Uses Debian's `postgresql`
 * binaries (or PG_BIN). As root, the server runs as the `postgres` user (PostgreSQL refuses root).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { freePort } from './free-port';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';

export interface PostgresServer {
  /** Superuser URL of the `postgres` database. */
  adminUrl: string;
  version: string;
  stop(): Promise<void>;
}

export type PostgresStart = { ok: true; server: PostgresServer } | { ok: false; reason: string };

function findBinDir(): string | undefined {
  const candidates: string[] = [];
  if (process.env.PG_BIN) candidates.push(process.env.PG_BIN);
  const root = '/usr/lib/postgresql';
  if (existsSync(root)) {
    const versions = readdirSync(root)
      .filter((v) => /^\d+(\.\d+)?$/.test(v))
      .sort((a, b) => Number(b) - Number(a));
    candidates.push(...versions.map((v) => path.join(root, v, 'bin')));
  }
  const config = spawnSync('pg_config', ['--bindir'], { encoding: 'utf8' });
  if (config.status === 0) candidates.push(config.stdout.trim());
  return candidates.find(
    (dir) => existsSync(path.join(dir, 'initdb')) && existsSync(path.join(dir, 'pg_ctl')),
  );
}

/** uid and gid of a user from the passwd database. */
function userIds(name: string): { uid: number; gid: number } | undefined {
  const result = spawnSync('id', ['-u', name], { encoding: 'utf8' });
  const group = spawnSync('id', ['-g', name], { encoding: 'utf8' });
  if (result.status !== 0 || group.status !== 0) return undefined;
  return { uid: Number(result.stdout.trim()), gid: Number(group.stdout.trim()) };
}

export interface StartOptions {
  /** Skip fsync (tests only: faster, and the data is thrown away). */
  fast?: boolean;
}

export async function startPostgres(options: StartOptions = {}): Promise<PostgresStart> {
  const bin = findBinDir();
  if (!bin) {
    return {
      ok: false,
      reason: 'no PostgreSQL server binaries (install Debian package `postgresql`, or set PG_BIN)',
    };
  }
  const isRoot = process.getuid?.() === 0;
  const owner = isRoot ? userIds('postgres') : undefined;
  if (isRoot && !owner) return { ok: false, reason: 'running as root and there is no `postgres` user' };

  const dir = mkdtempSync(path.join(tmpdir(), 'site-pg-'));
  const data = path.join(dir, 'data');
  if (owner) chownSync(dir, owner.uid, owner.gid);
  const run = (tool: string, args: string[]) => {
    const command = path.join(bin, tool);
    const [file, argv] = owner ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
    return execFileSync(file, argv, { cwd: dir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  };
  let started = false;
  const cleanup = () => {
    if (started) {
      started = false;
      try {
        run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } catch {
        // Already stopped.
      }
    }
    rmSync(dir, { recursive: true, force: true });
  };

  try {
    run('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C', '--no-sync']);
    const port = await freePort();
    const settings = [
      `-p ${port}`,
      "-c listen_addresses='127.0.0.1'",
      `-k ${dir}`,
      '-c max_connections=200',
      ...(options.fast ? ['-c fsync=off', '-c synchronous_commit=off', '-c full_page_writes=off'] : []),
    ];
    run('pg_ctl', [
      '-D',
      data,
      '-l',
      path.join(dir, 'server.log'),
      '-w',
      '-t',
      '60',
      '-o',
      settings.join(' '),
      'start',
    ]);
    started = true;
    const adminUrl = `postgres://postgres@127.0.0.1:${port}/postgres`;
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    const version =
      (await client.query<{ v: string }>("SELECT current_setting('server_version') AS v")).rows[0]?.v ?? '?';
    await client.end();
    let stopped = false;
    const stop = async () => {
      if (stopped) return;
      stopped = true;
      cleanup();
    };
    return { ok: true, server: { adminUrl, version, stop } };
  } catch (error) {
    const detail =
      error instanceof Error ? (error as { stderr?: string }).stderr || error.message : String(error);
    cleanup();
    return {
      ok: false,
      reason: `could not start PostgreSQL: ${detail.trim().split('\n').slice(-3).join(' ')}`,
    };
  }
}

let counter = 0;

/** A new empty database on the server; returns its URL. */
export async function createDatabase(adminUrl: string, prefix = 'site_test'): Promise<string> {
  const name = `${prefix}_${process.pid}_${Date.now().toString(36)}_${counter++}`;
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function dropDatabase(adminUrl: string, url: string): Promise<void> {
  const name = new URL(url).pathname.slice(1);
  if (!/^[a-z0-9_]+$/.test(name)) return;
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  } finally {
    await client.end();
  }
}
