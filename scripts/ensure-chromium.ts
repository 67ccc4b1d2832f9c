/**
 * Makes sure the end-to-end tests have a Chromium: finds one (see chromium.ts); otherwise
 * tries Playwright's own download, then Debian's `chromium` package when running as root on
 * Debian; only when both fail does it stop, saying how to get one.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { findChromium } from './chromium';

function run(cmd: string, args: string[]): boolean {
  console.info(`$ ${cmd} ${args.join(' ')}`);
  const result = spawnSync(cmd, args, { stdio: 'inherit', timeout: 10 * 60 * 1000 });
  return result.status === 0;
}

function isDebianRoot(): boolean {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const osRelease = existsSync('/etc/os-release') ? readFileSync('/etc/os-release', 'utf8') : '';
  return isRoot && /ID(_LIKE)?=.*debian/i.test(osRelease) && existsSync('/usr/bin/apt-get');
}

function main(): number {
  if (process.env.CHROMIUM_PATH && !findChromium()) {
    console.error(`CHROMIUM_PATH=${process.env.CHROMIUM_PATH} no existe.`);
    return 1;
  }
  let found = findChromium();
  if (found) {
    console.info(`Chromium (${found.source}): ${found.path}`);
    return 0;
  }
  console.info('No Chromium found; trying Playwright’s own download…');
  if (run('npx', ['playwright', 'install', 'chromium'])) found = findChromium();
  if (!found && isDebianRoot()) {
    console.info('Playwright could not download a browser; installing Debian’s chromium package…');
    if (run('apt-get', ['update', '-qq']) && run('apt-get', ['install', '-y', '-qq', 'chromium'])) {
      found = findChromium();
    }
  }
  if (found) {
    console.info(`Chromium (${found.source}): ${found.path}`);
    return 0;
  }
  console.error(
    [
      'No Chromium available for the end-to-end tests. Get one of these, then run npm test again:',
      '  - Playwright’s own browser:  npx playwright install chromium',
      '  - Debian/Ubuntu (as root):    apt-get update && apt-get install -y chromium',
      '  - any Chromium or Chrome:     CHROMIUM_PATH=/path/to/chromium npm test',
    ].join('\n'),
  );
  return 1;
}

process.exit(main());
