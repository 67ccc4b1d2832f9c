import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openSqliteStorage } from '../../server/storage/sqlite';
import { parseArgs } from '../../server/cli/rate-args';

const dir = mkdtempSync(path.join(tmpdir(), 'site-rates-test-'));
const dbFile = path.join(dir, 'nested', 'site.db');

function runCli(...args: string[]) {
  return spawnSync(process.execPath, ['--import', 'tsx', 'server/cli/set-rate.ts', ...args], {
    env: { ...process.env, DB_FILE: dbFile },
    encoding: 'utf8',
    timeout: 15_000,
  });
}

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('rates CLI arguments', () => {
  it('accepts a site currency and a positive decimal rate', () => {
    expect(parseArgs(['CLP', '950.25'])).toEqual({ ok: true, currency: 'CLP', rate: 950.25 });
    expect(parseArgs(['ars', '1450'])).toEqual({ ok: true, currency: 'ARS', rate: 1450 });
  });

  it.each([
    [[]],
    [['CLP']],
    [['CLP', '950.25', 'extra']],
    [['EUR', '1.1']],
    [['USD', '1']],
    [['CLP', '950,25']],
    [['CLP', '-3']],
    [['CLP', '0']],
    [['CLP', 'abc']],
    [['CLP', '1e5']],
    [['CLP', '99999999999']],
  ])('rejects %j with a Spanish problem', (args) => {
    const result = parseArgs(args);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.problem).toMatch(/\.$/);
  });
});

describe('rates CLI process', () => {
  it('updates the rate in DB_FILE (creating it) and the API store reads it back', async () => {
    const run = runCli('CLP', '950.25');
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('1 USD = 950.25 CLP');
    const db = openSqliteStorage(dbFile);
    try {
      expect(await db.getRate('CLP')).toBe(950.25);
      expect(await db.getRate('USD')).toBe(1);
    } finally {
      await db.close();
    }
  });

  it('prints the Spanish usage and exits non-zero on bad input', () => {
    const run = runCli('XYZ', 'mucho');
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('Uso: npm run rates:set -- <MONEDA> <COTIZACIÓN>');
  });
});
