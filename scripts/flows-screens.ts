/**
 * Produces the flow explorer's artifacts on their own (flows-artifacts/coverage.json and the
 * screenshots of every state, docs/testing.md): builds the site when the build is missing or older
 * than the sources, then runs only the browser model paths and their coverage check.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const BUILD_MARK = 'dist/client/index.html';
const SOURCES = ['src', 'public', 'index.html', 'vite.config.ts', 'package.json'];

/** The newest modification time under a file or folder. */
function newest(entry: string): number {
  if (!existsSync(entry)) return 0;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(entry).reduce(
    (max, name) => Math.max(max, newest(path.join(entry, name))),
    stat.mtimeMs,
  );
}

function run(cmd: string, args: string[]): number {
  console.info(`$ ${cmd} ${args.join(' ')}`);
  return spawnSync(cmd, args, { stdio: 'inherit' }).status ?? 1;
}

function main(): number {
  // The screenshots of every state: QA's pictures, which `npm test` leaves out unless asked.
  process.env.FLOWS_SCREENS = '1';
  const built = existsSync(BUILD_MARK) ? statSync(BUILD_MARK).mtimeMs : 0;
  if (built < Math.max(...SOURCES.map(newest))) {
    const status = run('npm', ['run', 'build']);
    if (status !== 0) return status;
  }
  const status = run('npx', ['tsx', 'scripts/ensure-chromium.ts']);
  if (status !== 0) return status;
  // The coverage project depends on the model paths' project, so this runs both and nothing else.
  return run('npx', ['playwright', 'test', '--project=browser-model-coverage', ...process.argv.slice(2)]);
}

process.exit(main());
