/**
 * The server's start-up decisions, without starting it: production against example settings, the
 * flow explorer's default, the hero video as a setting, the log format, an address it cannot use.
 */
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { listenProblem, readConfig } from '../../server/config';
import { flowsEnabledByEnv } from '../../server/flows-explorer';
import { startBlock, startRefusal } from '../../server/placeholders';
import { loggerOptions, prettyLogs } from '../../server/request-log';
import Fastify from 'fastify';
import { loadConfig } from '../../src/config/load';
import { productionRefusal, sitePlaceholders } from '../../src/config/placeholders';

const EXAMPLES = sitePlaceholders(loadConfig({}), { testimonialsAreReal: false });

function config(env: Record<string, string>) {
  const read = readConfig(env);
  if (!read.ok) throw new Error(read.problems.join('\n'));
  return read.config;
}

describe('production and the flow explorer', () => {
  it('serves /flujos/ by default everywhere but in production, where FLOWS=on brings it back', () => {
    const cases: [Record<string, string>, boolean][] = [
      [{}, true],
      [{ NODE_ENV: 'development' }, true],
      [{ NODE_ENV: 'test' }, true],
      [{ NODE_ENV: 'production' }, false],
      [{ NODE_ENV: 'production', FLOWS: 'on' }, true],
      [{ NODE_ENV: 'production', FLOWS: 'off' }, false],
      [{ FLOWS: 'off' }, false],
      [{ FLOWS: ' on ' }, true],
    ];
    for (const [env, served] of cases) {
      expect(config(env).flows, JSON.stringify(env)).toBe(served);
      // The app's own fallback (tests build it without a config) decides the same.
      expect(flowsEnabledByEnv(env), JSON.stringify(env)).toBe(served);
    }
  });

  it('reads NODE_ENV=production and STAGING=1', () => {
    expect(config({})).toMatchObject({ production: false, staging: false });
    expect(config({ NODE_ENV: 'production', STAGING: '1' })).toMatchObject({
      production: true,
      staging: true,
    });
    expect(config({ NODE_ENV: 'production', STAGING: '0' })).toMatchObject({
      production: true,
      staging: false,
    });
  });

  it('names a bad FLOWS or STAGING in Spanish, with the values it takes', () => {
    const read = readConfig({ FLOWS: 'si', STAGING: 'yes' });
    expect(read.ok).toBe(false);
    if (read.ok) return;
    expect(read.problems).toEqual(['STAGING inválido: yes. Usa 1 o 0.', 'FLOWS inválido: si. Usa on u off.']);
  });
});

describe('a production start with example settings', () => {
  it('is refused with the build’s own list of examples, and a way out for a staging copy', () => {
    const refusal = startRefusal(EXAMPLES, { production: true, staging: false }) ?? '';
    const lines = refusal.split('\n');
    expect(lines[0]).toBe(
      `Inicio en producción rechazado: la compilación tiene ${EXAMPLES.length} valores de ejemplo.`,
    );
    // The same lines as `NODE_ENV=production npm run build` prints, after its own first line.
    expect(lines.slice(1, -1)).toEqual(productionRefusal(EXAMPLES, 'build').slice(1));
    expect(lines.at(-1)).toContain('STAGING=1');
    for (const name of ['VITE_BRAND_NAME', 'VITE_META_PIXEL_ID', 'VITE_VIDEO_EMBED_URL']) {
      expect(refusal).toContain(name);
    }
  });

  it('goes on with STAGING=1, outside production, or with no example left', () => {
    expect(startRefusal(EXAMPLES, { production: true, staging: true })).toBeUndefined();
    expect(startRefusal(EXAMPLES, { production: false, staging: false })).toBeUndefined();
    expect(startRefusal([], { production: true, staging: false })).toBeUndefined();
  });

  it('prints one block with the address, the explorer, the storage and the examples', () => {
    const block = startBlock({
      url: 'http://127.0.0.1:4173/',
      storage: 'SQLite /srv/sitio/data/site.db',
      flows: false,
      placeholders: EXAMPLES.slice(0, 2),
    }).split('\n');
    expect(block[0]).toMatch(/^-{78}$/);
    expect(block.slice(1, 4)).toEqual([
      'Sitio: http://127.0.0.1:4173/',
      'Explorador de flujos: apagado (FLOWS=on lo enciende)',
      'Datos: SQLite /srv/sitio/data/site.db',
    ]);
    expect(block[4]).toContain('2 valores de ejemplo');
    expect(block.at(-1)).toMatch(/^-{78}$/);
  });
});

describe("the hero's video setting", () => {
  const video = (value: string | undefined) =>
    sitePlaceholders(loadConfig({ VITE_VIDEO_EMBED_URL: value }), { testimonialsAreReal: true }).find(
      (p) => p.where === 'VITE_VIDEO_EMBED_URL',
    );

  it("is an example while unset; a video URL or 'none' is the company's own choice", () => {
    expect(video(undefined)?.value).toBe('sin definir');
    expect(video('  ')?.value).toBe('sin definir');
    expect(video('none')).toBeUndefined();
    expect(video('https://www.youtube-nocookie.com/embed/abc123')).toBeUndefined();
    expect(video('https://video.mitienda.example/embed/1')).toBeDefined();
  });

  it('refuses anything else, naming the variable and what it takes', () => {
    expect(() => loadConfig({ VITE_VIDEO_EMBED_URL: 'ninguno' })).toThrow(
      /VITE_VIDEO_EMBED_URL debe ser una URL https o none/,
    );
  });
});

describe('the log format', () => {
  it('is for a person in a terminal, JSON anywhere else', () => {
    expect(prettyLogs({ isTTY: true })).toBe(true);
    expect(prettyLogs({ isTTY: false })).toBe(false);
    expect(prettyLogs({})).toBe(false);
  });

  async function logged(pretty: boolean): Promise<string> {
    let text = '';
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        text += chunk.toString();
        done();
      },
    });
    const app = Fastify({ logger: loggerOptions({ level: 'info', pretty, stream }) });
    app.log.info('servidor cerrado, base de datos cerrada');
    app.log.info(
      { method: 'GET', path: '/precios', route: '/*', status: 200, ms: 1.5, client: 'abc123def456' },
      'request completed',
    );
    await app.close();
    await new Promise((resolve) => setImmediate(resolve));
    return text;
  }

  it('prints short Spanish lines in a terminal: time, level, message; a request as method, path, status', async () => {
    const lines = (await logged(true)).trim().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^\[\d\d:\d\d:\d\d\] INFO: servidor cerrado, base de datos cerrada$/);
    expect(lines[1]).toMatch(/^\[\d\d:\d\d:\d\d\] INFO: GET \/precios 200 \(1\.5 ms\)$/);
  });

  it('writes one JSON object per line otherwise', async () => {
    const lines = (await logged(false)).trim().split('\n');
    const entries = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(entries.map((e) => e.msg)).toEqual([
      'servidor cerrado, base de datos cerrada',
      'request completed',
    ]);
    expect(entries[1]).toMatchObject({ method: 'GET', status: 200, client: 'abc123def456' });
  });
});

describe('an address the server cannot use', () => {
  const at = { host: '127.0.0.1', port: 4173 };
  const failure = (code: string) => Object.assign(new Error(`listen ${code}`), { code });

  it('says in Spanish which variable to change', () => {
    expect(listenProblem(failure('EADDRINUSE'), at)).toBe(
      'El puerto 4173 ya está en uso en 127.0.0.1: otro programa escucha ahí (¿otro npm start?). Ciérralo o elige otro puerto con PORT, por ejemplo PORT=4174.',
    );
    expect(listenProblem(failure('EACCES'), { ...at, port: 80 })).toContain('PORT');
    expect(listenProblem(failure('EADDRNOTAVAIL'), { ...at, host: '10.9.9.9' })).toContain('HOST');
  });

  it('leaves any other failure to the log, with its details', () => {
    expect(listenProblem(new Error('algo raro'), at)).toBeUndefined();
    expect(listenProblem(undefined, at)).toBeUndefined();
  });
});
