/**
 * The deploy of docs/deployment.md ("Deploying a release"), run as written there, under a
 * temporary folder instead of /srv/sitio and with systemctl recorded instead of run: each release
 * goes into a new folder; an instance started before the switch keeps serving its own folder until
 * its restart, and one started after it serves the new one; going back is the same switch; the
 * clean-up keeps the release the link names and the one before. The release here is a stand-in of
 * a few bytes whose server answers which folder's page it serves (the real release is run by
 * tests/release/release.test.ts).
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import {
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  readlinkSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { freePort } from '../../../scripts/free-port';

const docs = readFileSync(path.resolve(import.meta.dirname, '../../../docs/deployment.md'), 'utf8');
const section = docs.slice(docs.indexOf('### Deploying a release'));
const blocks = [...section.matchAll(/```sh\n([\s\S]*?)```/g)].map((m) => m[1] ?? '');
const [deployBlock = '', backBlock = '', cleanBlock = ''] = blocks;

let root = '';
let tarball = '';
const children: ChildProcess[] = [];

/** A release tarball as `npm run release` lays it out: one top folder, a server, a page. */
function makeRelease(dir: string, page: string): string {
  const top = path.join(dir, 'tienda-online-site-0.1.0');
  mkdirSync(path.join(top, 'dist/node'), { recursive: true });
  mkdirSync(path.join(top, 'dist/client'), { recursive: true });
  writeFileSync(path.join(top, 'dist/client/index.html'), page);
  // Reads its page on every request, by the relative path the real server uses.
  writeFileSync(
    path.join(top, 'dist/node/server.js'),
    `require('node:http').createServer((q, r) => r.end(require('node:fs').readFileSync('dist/client/index.html', 'utf8'))).listen(Number(process.env.PORT), '127.0.0.1');`,
  );
  const file = path.join(dir, 'tienda-online-site-0.1.0.tar.gz');
  execFileSync('tar', ['-czf', file, '-C', dir, 'tienda-online-site-0.1.0']);
  rmSync(top, { recursive: true });
  return file;
}

/** A block of the guide with the temporary root for /srv/sitio, our tarball, and systemctl recorded. */
function run(block: string, replacements: [string, string][] = []): void {
  let script = block.replaceAll('/srv/sitio', root).replaceAll('tienda-online-site-0.1.0.tar.gz', tarball);
  for (const [from, to] of replacements) script = script.replaceAll(from, to);
  execFileSync(
    'bash',
    ['-euo', 'pipefail', '-c', `systemctl() { echo "$*" >> "${root}/systemctl"; }\n${script}`],
    {
      stdio: 'pipe',
    },
  );
}

async function startInstance(): Promise<{ base: string; child: ChildProcess }> {
  const port = await freePort();
  // As the unit does: started in the link, the folder it names resolved once.
  const child = spawn(process.execPath, ['dist/node/server.js'], {
    cwd: path.join(root, 'actual'),
    env: { PATH: process.env.PATH ?? '', PORT: String(port) },
    stdio: 'ignore',
  });
  children.push(child);
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 100; i++) {
    if (
      await fetch(base).then(
        (r) => r.ok,
        () => false,
      )
    )
      return { base, child };
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the stand-in server did not start');
}

const page = async (base: string) => (await fetch(base)).text();
const releases = () => readdirSync(path.join(root, 'versiones')).sort();
const current = () => path.basename(readlinkSync(path.join(root, 'actual')));

/** The guide names each folder by the second of the deploy: two deploys a second apart. */
async function nextSecond(): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 1000 - (Date.now() % 1000) + 20));
}

beforeAll(() => {
  root = mkdtempSync(path.join(tmpdir(), 'site-deploy-'));
});
afterAll(() => {
  for (const child of children) child.kill('SIGKILL');
  rmSync(root, { recursive: true, force: true });
});

it('the guide has its three blocks: the deploy, going back and the clean-up', () => {
  expect(deployBlock).toContain('mv -T');
  expect(backBlock).toContain('ln -sfn');
  expect(cleanBlock).toContain('rm -rf');
});

it('deploys into a new folder, switches the link under a running instance, and goes back', async () => {
  tarball = makeRelease(mkdtempSync(path.join(root, 'paquete-')), 'primera');
  run(deployBlock);
  const [first] = releases();
  expect(current()).toBe(first);
  const before = await startInstance();
  expect(await page(before.base)).toBe('primera');

  await nextSecond();
  tarball = makeRelease(mkdtempSync(path.join(root, 'paquete-')), 'segunda');
  run(deployBlock);
  const [, second] = releases();
  expect(current()).toBe(second);
  // The instance started before the switch still serves its whole folder; a restarted one the new.
  expect(await page(before.base)).toBe('primera');
  const after = await startInstance();
  expect(await page(after.base)).toBe('segunda');
  expect(readFileSync(path.join(root, 'systemctl'), 'utf8')).toBe(
    'restart sitio@4173\nrestart sitio@4174\n'.repeat(2),
  );

  // Going back: the example folder of the guide is the first release here.
  const example = /versiones\/(\d{8}T\d{6}Z)/.exec(backBlock)?.[1] ?? '';
  run(backBlock, [[example, first ?? '']]);
  expect(current()).toBe(first);

  await nextSecond();
  tarball = makeRelease(mkdtempSync(path.join(root, 'paquete-')), 'tercera');
  run(deployBlock);
  await nextSecond();
  run(deployBlock);
  expect(releases()).toHaveLength(4);
  // The clean-up keeps the two newest and the one the link names, whatever its age.
  run(backBlock, [[example, first ?? '']]);
  run(cleanBlock);
  expect(releases()).toEqual([first, ...releases().slice(-2)]);
  expect(releases()).toHaveLength(3);
  expect(current()).toBe(first);
});
