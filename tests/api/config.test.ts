import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { DEFAULT_RATE_LIMIT } from '../../server/api';
import * as z from 'zod/mini';
import { describeStorage, readConfig, SERVER_SETTINGS } from '../../server/config';
import { hashPassword } from '../../server/flows-login';
import { DEFAULT_WRITE_RATE_LIMIT } from '../../server/guards';

function runServer(env: Record<string, string>) {
  return spawnSync(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
    env: { ...process.env, PORT: '0', ...env },
    encoding: 'utf8',
    timeout: 30_000,
  });
}

describe('server settings', () => {
  it('uses SQLite and the default limits when nothing is set', () => {
    const read = readConfig({});
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    expect(read.config.storage.databaseUrl).toBeUndefined();
    expect(read.config.storage.dbFile).toMatch(/data\/site\.db$/);
    expect(read.config.rateLimit).toEqual(DEFAULT_RATE_LIMIT);
    expect(read.config.writeRateLimit).toEqual(DEFAULT_WRITE_RATE_LIMIT);
    expect(read.config.corsOrigins).toEqual([]);
    expect(read.config.shutdownTimeoutMs).toBe(10_000);
  });

  it('reads PostgreSQL, CORS origins and limits', () => {
    const read = readConfig({
      DATABASE_URL: 'postgres://sitio:secreto@db.interna:5432/sitio',
      CORS_ORIGINS: 'https://www.mitienda.example,https://mitienda.example',
      WRITE_RATE_LIMIT: '10',
      PG_POOL_MAX: '4',
    });
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    expect(read.config.storage.databaseUrl).toBe('postgres://sitio:secreto@db.interna:5432/sitio');
    expect(read.config.storage.postgres?.poolMax).toBe(4);
    expect(read.config.corsOrigins).toEqual(['https://www.mitienda.example', 'https://mitienda.example']);
    expect(read.config.writeRateLimit).toEqual({ max: 10, timeWindowMs: 60_000 });
    expect(describeStorage(read.config.storage)).toBe('PostgreSQL db.interna:5432/sitio');
  });

  it('lifts the write limit with RATE_LIMIT=off unless WRITE_RATE_LIMIT is set', () => {
    const off = readConfig({ RATE_LIMIT: 'off' });
    expect(off.ok && off.config.writeRateLimit).toBe(false);
    const kept = readConfig({ RATE_LIMIT: 'off', WRITE_RATE_LIMIT: '5' });
    expect(kept.ok && kept.config.writeRateLimit).toEqual({ max: 5, timeWindowMs: 60_000 });
  });

  it('lists every bad setting in Spanish', () => {
    const read = readConfig({
      PORT: '70000',
      RATE_LIMIT: 'mucho',
      DATABASE_URL: 'mysql://x',
      CORS_ORIGINS: 'https://ok.example,*',
      LOG_LEVEL: 'charla',
      SHUTDOWN_TIMEOUT: '0',
    });
    expect(read.ok).toBe(false);
    if (read.ok) return;
    expect(read.problems.map((p) => p.split(' ')[0])).toEqual([
      'PORT',
      'RATE_LIMIT',
      'LOG_LEVEL',
      'CORS_ORIGINS',
      'DATABASE_URL',
      'SHUTDOWN_TIMEOUT',
    ]);
    for (const problem of read.problems) expect(problem).toMatch(/\.$/);
  });

  it('declares each setting once: a Spanish description, and a default that passes its own check', () => {
    for (const [name, setting] of Object.entries(SERVER_SETTINGS)) {
      expect(name).toMatch(/^[A-Z][A-Z0-9_]*$/);
      expect(setting.description).not.toBe('');
      if (setting.default !== undefined) {
        expect(z.safeParse(setting.schema, setting.default).success, name).toBe(true);
      }
    }
  });

  it('says what each bad value should be, never repeating the database URL', () => {
    const read = readConfig({
      LOG_LEVEL: 'charla',
      CORS_ORIGINS: 'https://ok.example,*',
      DATABASE_URL: 'mysql://sitio:secreto@db/sitio',
      PG_POOL_MAX: '0',
    });
    expect(read.ok).toBe(false);
    if (read.ok) return;
    expect(read.problems).toEqual([
      'LOG_LEVEL inválido: charla. Usa uno de: fatal, error, warn, info, debug, trace, silent.',
      'CORS_ORIGINS inválido: «*» no es un origen válido (por ejemplo https://www.ejemplo.com).',
      'DATABASE_URL inválido: debe empezar con postgres:// o postgresql://.',
      'PG_POOL_MAX inválido: 0. Usa un número entre 1 y 1000.',
    ]);
  });

  it('reads the flows’ login as a pair, and names a half of one or a hash of another kind', async () => {
    const hash = await hashPassword('cuatro palabras al azar');
    const read = readConfig({ FLOWS_USER: ' producto ', FLOWS_PASSWORD_HASH: hash });
    expect(read.ok && read.config.flowsLogin).toEqual({ user: 'producto', passwordHash: hash });
    const none = readConfig({});
    expect(none.ok && none.config.flowsLogin).toBeUndefined();
    const cases: [Record<string, string>, string[]][] = [
      [
        { FLOWS_USER: 'producto' },
        ['FLOWS_PASSWORD_HASH inválido: falta, y FLOWS_USER lo necesita: créalo con npm run flows:password.'],
      ],
      [{ FLOWS_PASSWORD_HASH: hash }, ['FLOWS_USER inválido: falta, y FLOWS_PASSWORD_HASH lo necesita.']],
      [
        { FLOWS_USER: 'pro:ducto', FLOWS_PASSWORD_HASH: '$2b$10$abcdefghijklmnopqrstuv' },
        [
          'FLOWS_USER inválido: hasta 100 caracteres, sin «:» ni caracteres de control.',
          'FLOWS_PASSWORD_HASH inválido: no es un hash de npm run flows:password (empieza con scrypt:).',
        ],
      ],
    ];
    for (const [env, problems] of cases) {
      const bad = readConfig(env);
      expect(bad.ok ? [] : bad.problems, JSON.stringify(env)).toEqual(problems);
    }
  });

  it('trusts the proxies’ addresses and ranges, or a count of proxies on a local HOST, never every hop, and treats a blank value as unset', () => {
    for (const [value, trusted] of [
      ['127.0.0.1', ['127.0.0.1']],
      ['10.0.0.0/8, 127.0.0.1,::1', ['10.0.0.0/8', '127.0.0.1', '::1']],
      ['2001:db8::/32', ['2001:db8::/32']],
      ['0', false],
      [' ', false],
      ['1', { hops: 1 }],
      ['2', { hops: 2 }],
    ] as const) {
      const read = readConfig({ TRUST_PROXY: value });
      expect(read.ok && read.config.trustProxy, value).toEqual(trusted);
    }
    const fix =
      'Usa las direcciones IP o rangos CIDR de tus proxies, separados por comas, por ejemplo TRUST_PROXY=127.0.0.1 para un nginx en la misma máquina.';
    const everyHop =
      'ya no se acepta: confiaba en cualquier X-Forwarded-For y cada cliente elegía su propia dirección.';
    for (const [value, problem] of [
      ['true', `true ${everyHop} ${fix}`],
      ['yes', `yes ${everyHop} ${fix}`],
      ['6', `6: a lo sumo 5 proxies delante del servidor. ${fix}`],
      ['0.0.0.0/0', `0.0.0.0/0. ${fix}`],
      ['::/0', `::/0. ${fix}`],
      ['127.0.0.1,nginx', `127.0.0.1,nginx. ${fix}`],
      ['10.0.0.0/33', `10.0.0.0/33. ${fix}`],
    ] as const) {
      const bad = readConfig({ TRUST_PROXY: value });
      expect(bad.ok ? [] : bad.problems, value).toEqual([`TRUST_PROXY inválido: ${problem}`]);
    }
    // A count believes whoever connects: only where nothing but the proxy beside it can connect.
    for (const host of ['127.0.0.1', '::1', 'localhost'])
      expect(readConfig({ TRUST_PROXY: '1', HOST: host }).ok, host).toBe(true);
    const exposed = readConfig({ TRUST_PROXY: '1', HOST: '0.0.0.0' });
    expect(exposed.ok ? [] : exposed.problems).toEqual([
      'TRUST_PROXY inválido: una cantidad de proxies solo se acepta con HOST en la propia máquina (127.0.0.1, ::1, localhost), donde solo el proxy llega al servidor; escuchando en la red, cualquiera que llegue directo elegiría su dirección. Usa las direcciones IP o rangos CIDR de tus proxies, separados por comas.',
    ]);
    const blank = readConfig({ PORT: ' ', LOG_LEVEL: '' });
    expect(blank.ok && [blank.config.port, blank.config.logLevel]).toEqual([4173, 'info']);
  });

  it('the server exits 2 on bad settings and 1 when the database cannot be opened, without the password', () => {
    const bad = runServer({ PORT: 'abc' });
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain('PORT inválido: abc.');
    const everyHop = runServer({ TRUST_PROXY: 'true' });
    expect(everyHop.status).toBe(2);
    expect(everyHop.stderr).toContain('TRUST_PROXY inválido: true ya no se acepta');

    const unreachable = runServer({ DATABASE_URL: 'postgres://sitio:secreto@127.0.0.1:1/sitio' });
    expect(unreachable.status).toBe(1);
    expect(unreachable.stderr).toContain('No se pudo abrir la base de datos (PostgreSQL 127.0.0.1:1/sitio)');
    expect(unreachable.stderr + unreachable.stdout).not.toContain('secreto');
  });
});
