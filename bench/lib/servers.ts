/** The two servers the benchmark measures: the real site with its API, and the floor page. */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

export interface RunningServer {
  base: string;
  stop(): Promise<void>;
  /** Why the process is gone ('exit code 1', 'signal SIGTERM'), or null while it runs. */
  ended(): string | null;
}

function endedOf(child: ChildProcess): () => string | null {
  return () => {
    if (child.signalCode) return `signal ${child.signalCode}`;
    return child.exitCode === null ? null : `exit code ${child.exitCode}`;
  };
}

const ROOT = path.resolve(import.meta.dirname, '../..');

async function waitFor(url: string, child: ChildProcess, name: string): Promise<void> {
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) throw new Error(`${name} exited with ${child.exitCode}`);
    const ok = await fetch(url).then(
      (res) => res.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`${name} did not answer ${url} in 30 s`);
}

function stopper(child: ChildProcess): () => Promise<void> {
  return async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  };
}

/**
 * `tsx server/index.ts` as `npm run serve` runs it, on loopback with no rate limit; `env` adds
 * to that (the storage, the log level, the explorer).
 */
export async function startSite(port: number, env: Record<string, string>): Promise<RunningServer> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', RATE_LIMIT: 'off', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  await waitFor(`${base}/api/health`, child, 'the site server');
  return { base, stop: stopper(child), ended: endedOf(child) };
}

export async function startFloor(port: number): Promise<RunningServer> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/lib/floor-server.ts', String(port)], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  await waitFor(`${base}/`, child, 'the floor server');
  return { base, stop: stopper(child), ended: endedOf(child) };
}
