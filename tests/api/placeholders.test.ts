import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ENV_NAMES, loadConfig } from '../../src/config/load';
import { TESTIMONIALS_FILE, sitePlaceholders } from '../../src/config/placeholders';
import { spawnServer, type ServerProcess } from './support/process';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** Real-looking values for every setting a production build checks. */
const REAL: Record<string, string> = {
  VITE_BRAND_NAME: 'Tienda Ñandú',
  VITE_SITE_URL: 'https://www.tiendanandu.com.ar',
  VITE_CONTACT_EMAIL: 'hola@tiendanandu.com.ar',
  VITE_CHAT_NUMBER: '5491155556666',
  VITE_REGISTRATION_HOST: 'https://registro.tiendanandu.com.ar',
  VITE_ADMIN_HOST: 'https://admin.tiendanandu.com.ar',
  VITE_IDENTITY_SIGNUP_URL: 'https://cuenta.tiendanandu.com.ar/registro',
  VITE_ANDROID_STORE_URL: 'https://play.google.com/store/apps/details?id=ar.com.tiendanandu.admin',
  VITE_DEMO_BASE_URL: 'https://demo.tiendanandu.com.ar',
  VITE_PAYPAL_CLIENT_ID_SANDBOX: 'AaBbSandbox123',
  VITE_PAYPAL_CLIENT_ID_LIVE: 'AaBbLive456',
  VITE_RECAPTCHA_SITE_KEY: '6LcRealKey-abcdefghijklmnopqrstuvwxyz012',
  VITE_META_PIXEL_ID: '123456789012345',
  VITE_VIDEO_EMBED_URL: 'none',
};

/** The environment of this run without any site setting, so each case sets exactly its own. */
function cleanEnv(): Record<string, string> {
  return Object.fromEntries(
    Object.entries(process.env).filter(
      (entry): entry is [string, string] => !entry[0].startsWith('VITE_') && entry[1] !== undefined,
    ),
  );
}

/** The first step of `npm run build`, as a production build runs it. */
function productionBuildCheck(env: Record<string, string>, nodeEnv = 'production') {
  return spawnSync(process.execPath, ['--import', 'tsx', 'scripts/check-production.ts'], {
    cwd: ROOT,
    env: { ...cleanEnv(), NODE_ENV: nodeEnv, ...env },
    encoding: 'utf8',
    timeout: 60_000,
  });
}

// Each test starts the build's first step in a new process (tsx compiles it): seconds on a busy machine.
describe('a production build with an example setting', { timeout: 60_000 }, () => {
  it('is what `npm run build` does first', () => {
    const scripts = (
      JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
        scripts: Record<string, string>;
      }
    ).scripts;
    // The check comes before anything is written: before the previous build's files are set aside.
    const build = scripts.build ?? '';
    expect(build).toMatch(/^tsx scripts\/check-production\.ts && /);
    expect(build.indexOf('check-production')).toBeLessThan(build.indexOf('vite build'));
  });

  it('refuses with the defaults, naming every example with its variable, and the testimonials file', () => {
    const run = productionBuildCheck({});
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('Compilación de producción rechazada');
    for (const name of Object.keys(REAL)) expect(run.stderr).toContain(name);
    expect(run.stderr).toContain(TESTIMONIALS_FILE);
    expect(run.stderr).toContain('MiTienda');
    expect(run.stderr).toContain('5491100000000');
  });

  it('names only what is left: one variable still an example, and the testimonials not marked real', () => {
    const run = productionBuildCheck({ ...REAL, VITE_META_PIXEL_ID: '000000000000000' });
    expect(run.status).toBe(1);
    const named = run.stderr.split('\n').filter((line) => line.startsWith('  '));
    expect(named.map((line) => line.trim().split(/\s+/)[0])).toEqual([
      'VITE_META_PIXEL_ID',
      TESTIMONIALS_FILE,
    ]);
  });

  it("refuses a hero video left unsaid, naming its variable: production says a URL or 'none'", () => {
    const unset = productionBuildCheck({ ...REAL, VITE_VIDEO_EMBED_URL: '' });
    expect(unset.status).toBe(1);
    expect(unset.stderr).toMatch(
      /^ {2}VITE_VIDEO_EMBED_URL\s+video de la portada: su URL para insertar, o none para mostrar la ilustración: sin definir$/m,
    );
    for (const video of ['none', 'https://www.youtube-nocookie.com/embed/abc123']) {
      const run = productionBuildCheck({ ...REAL, VITE_VIDEO_EMBED_URL: video });
      expect(run.stderr, video).not.toContain('VITE_VIDEO_EMBED_URL');
    }
  });

  it('counts a host on a reserved example domain as an example too', () => {
    const run = productionBuildCheck({ ...REAL, VITE_ADMIN_HOST: 'https://admin.mi-empresa.example' });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('VITE_ADMIN_HOST');
    expect(run.stderr).not.toContain('VITE_BRAND_NAME');
  });

  it('lets any other build go on, saying it carries examples', () => {
    const run = productionBuildCheck({}, 'development');
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/Compilación con \d+ valores de ejemplo/);
  });
});

describe("the server's start-up block", () => {
  let dir: string | undefined;
  let server: ServerProcess | undefined;
  afterEach(async () => {
    server?.child.kill('SIGTERM');
    await server?.exited;
    server = undefined;
    if (dir) rmSync(dir, { recursive: true, force: true });
    dir = undefined;
  });

  /** A build folder whose manifest lists `placeholders`, as the prerender writes it. */
  function build(placeholders: unknown[]): string {
    dir = mkdtempSync(path.join(tmpdir(), 'site-build-'));
    writeFileSync(path.join(dir, '404.html'), '<!doctype html><title>404</title>');
    writeFileSync(
      path.join(dir, 'routes-manifest.json'),
      JSON.stringify({ routes: {}, notFound: '404.html', thirdParties: {}, placeholders }),
    );
    return dir;
  }

  /** The block between its two rules, once the process has written it (after it listens). */
  async function startBlock(running: ServerProcess): Promise<string> {
    for (let tries = 0; tries < 100; tries++) {
      const block = /-{78}\n([\s\S]*?)\n-{78}/.exec(running.output())?.[1];
      if (block) return block;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return '';
  }

  it('names every example setting of the build, with its variable and value, in one block', async () => {
    const placeholders = sitePlaceholders(loadConfig({}), { testimonialsAreReal: false });
    server = await spawnServer({ DIST_DIR: build(placeholders) });
    const block = await startBlock(server);
    expect(block).toContain(`Sitio: ${server.base}/`);
    expect(block).toMatch(/Datos: SQLite .+\.db/);
    expect(block).toContain('valores de ejemplo');
    for (const name of Object.keys(REAL)) {
      const key = (Object.keys(ENV_NAMES) as (keyof typeof ENV_NAMES)[]).find((k) => ENV_NAMES[k] === name);
      expect(block).toMatch(
        new RegExp(`${name}\\s+.+: ${(key && loadConfig({})[key])?.replace(/[.?]/g, '\\$&')}`),
      );
    }
    expect(block).toContain(`${TESTIMONIALS_FILE}`);
    expect(block).toMatch(/VITE_VIDEO_EMBED_URL\s+video de la portada.*: sin definir/);
  });

  it('says only where the site and its data are when the build has no example left', async () => {
    server = await spawnServer({ DIST_DIR: build([]) });
    const block = await startBlock(server);
    expect(block).toContain('Datos: SQLite');
    expect(server.output()).not.toContain('valores de ejemplo');
  });
});
