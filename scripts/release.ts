/**
 * Packages the current build as a release that runs with `node dist/node/server.js` and nothing
 * else installed: the site (dist/client), the flow explorer (dist/flujos), the compiled server
 * (dist/node) and the server's runtime dependencies only, plus a .tar.gz of the same folder.
 * `npm run release` builds first; `tsx scripts/release.ts [--out <dir>]` packages the existing
 * build (the tests do this). See docs/deployment.md.
 *
 * node_modules comes from `npm ci --omit=dev --offline`: exactly the lockfile's production tree,
 * from npm's cache (filled by the checkout's own install), so a release never depends on the
 * registry answering. Install scripts are refused: the one native module, better-sqlite3 (13+), ships
 * Node-API binaries for Linux, macOS and Windows inside its package, which load on any Node >= 22.
 */
import { execFileSync } from 'node:child_process';
import {
  copyFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { isBuiltin } from 'node:module';
import path from 'node:path';
import ts from 'typescript';

const ROOT = path.resolve(import.meta.dirname, '..');

/** What the release copies from the build, as the server expects it (the explorer beside the site). */
const BUILD_PARTS = [
  { dir: 'dist/client', mustHave: 'routes-manifest.json' },
  { dir: 'dist/flujos', mustHave: 'index.html' },
  { dir: 'dist/node', mustHave: 'server.js' },
] as const;

interface PackageJson {
  name: string;
  version: string;
  dependencies?: Record<string, string>;
}

export interface Release {
  dir: string;
  tarball: string;
}

function fail(message: string): never {
  console.error(`release: ${message}`);
  process.exit(1);
}

/** 'pkg/sub' -> 'pkg', '@scope/pkg/sub' -> '@scope/pkg'. */
function packageOf(specifier: string): string {
  const parts = specifier.split('/');
  return (specifier.startsWith('@') ? parts.slice(0, 2) : parts.slice(0, 1)).join('/');
}

/** The packages the compiled server imports, statically or with import(), and the files doing so. */
export function serverImports(nodeDir: string): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const entry of readdirSync(nodeDir, { recursive: true })) {
    const file = String(entry);
    if (!file.endsWith('.js')) continue;
    const source = readFileSync(path.join(nodeDir, file), 'utf8');
    for (const { fileName } of ts.preProcessFile(source, true, true).importedFiles) {
      if (fileName.startsWith('.') || fileName.startsWith('/') || isBuiltin(fileName)) continue;
      const name = packageOf(fileName);
      found.set(name, [...(found.get(name) ?? []), file]);
    }
  }
  return found;
}

/**
 * The server's imports and package.json's dependencies must be the same set: a missing one fails
 * at run time in the release, an extra one makes every release carry what never runs.
 */
export function dependencyMismatch(imported: Map<string, string[]>, declared: string[]): string[] {
  const problems: string[] = [];
  for (const [name, files] of imported) {
    if (!declared.includes(name)) {
      problems.push(`${name} is imported by dist/node/${files[0]} but is not in "dependencies"`);
    }
  }
  for (const name of declared) {
    if (!imported.has(name)) {
      problems.push(`${name} is in "dependencies" but the server never imports it (a devDependency?)`);
    }
  }
  return problems;
}

function run(command: string, args: string[], cwd: string): string {
  return execFileSync(command, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

function gitDescription(): string {
  try {
    const commit = run('git', ['rev-parse', 'HEAD'], ROOT).trim();
    const dirty = run('git', ['status', '--porcelain', '--untracked-files=no'], ROOT).trim() !== '';
    return dirty ? `${commit} (with uncommitted changes)` : commit;
  } catch {
    return 'unknown';
  }
}

export function makeRelease(outRoot: string): Release {
  const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as PackageJson;
  for (const part of BUILD_PARTS) {
    if (!existsSync(path.join(ROOT, part.dir, part.mustHave))) {
      fail(`${part.dir}/${part.mustHave} is missing: run \`npm run build\` first (or \`npm run release\`).`);
    }
  }
  const problems = dependencyMismatch(
    serverImports(path.join(ROOT, 'dist/node')),
    Object.keys(pkg.dependencies ?? {}),
  );
  if (problems.length > 0)
    fail(`package.json does not match the compiled server:\n  ${problems.join('\n  ')}`);

  const name = `${pkg.name}-${pkg.version}`;
  const dir = path.join(outRoot, name);
  const tarball = path.join(outRoot, `${name}.tar.gz`);
  rmSync(dir, { recursive: true, force: true });
  rmSync(tarball, { force: true });
  mkdirSync(dir, { recursive: true });
  for (const part of BUILD_PARTS)
    cpSync(path.join(ROOT, part.dir), path.join(dir, part.dir), { recursive: true });
  // The lockfile makes the tree exact; package.json keeps `npm run serve`, `leads:export` and
  // `rates:set` working in the release (the other scripts need the checkout).
  copyFileSync(path.join(ROOT, 'package.json'), path.join(dir, 'package.json'));
  copyFileSync(path.join(ROOT, 'package-lock.json'), path.join(dir, 'package-lock.json'));

  try {
    run(
      'npm',
      ['ci', '--omit=dev', '--offline', '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=error'],
      dir,
    );
  } catch (error) {
    const detail = (error as { stderr?: string }).stderr?.trim() ?? String(error);
    fail(
      `npm ci --omit=dev --offline failed (a package missing from npm's cache? \`npm ci\` in the checkout fills it):\n${detail}`,
    );
  }

  try {
    run(
      process.execPath,
      ['-e', "new (require('better-sqlite3'))(':memory:').prepare('SELECT 1').get()"],
      dir,
    );
  } catch (error) {
    fail(
      `better-sqlite3 does not load in the release:\n${(error as { stderr?: string }).stderr ?? String(error)}`,
    );
  }

  writeFileSync(
    path.join(dir, 'release.json'),
    `${JSON.stringify(
      {
        name: pkg.name,
        version: pkg.version,
        commit: gitDescription(),
        createdAt: new Date().toISOString(),
        // Where it was packaged and tried; engines in package.json says which Node it needs.
        node: process.version,
        platform: process.platform,
        arch: process.arch,
      },
      null,
      2,
    )}\n`,
  );

  run(
    'tar',
    [
      '--create',
      '--gzip',
      '--file',
      tarball,
      '--sort=name',
      '--owner=0',
      '--group=0',
      '--numeric-owner',
      name,
    ],
    outRoot,
  );
  return { dir, tarball };
}

/** Megabytes on disk as `du` counts them. */
export function duMegabytes(target: string): number {
  const kib = Number(run('du', ['-sk', target], ROOT).split('\t')[0]);
  return Math.round((kib / 1024) * 10) / 10;
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  const outIndex = process.argv.indexOf('--out');
  const outRoot = path.resolve(
    outIndex > 0 ? (process.argv[outIndex + 1] ?? '') : path.join(ROOT, 'dist/release'),
  );
  const release = makeRelease(outRoot);
  console.info(
    `Release: ${path.relative(process.cwd(), release.dir) || release.dir} (${duMegabytes(release.dir)} MB), ` +
      `${path.relative(process.cwd(), release.tarball)} (${duMegabytes(release.tarball)} MB)`,
  );
}
