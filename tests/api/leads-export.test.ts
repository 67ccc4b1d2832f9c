import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEAD_COLUMNS, csvCell, csvRow, parseExportArgs } from '../../server/leads-csv';
import type { Storage, StoredProspect } from '../../server/storage';
import { storedBody } from './helpers';
import { describeEachStorage, type TestDatabase } from './support/targets';

/** RFC 4180 parser for the checks (quoted cells, doubled quotes, CRLF). */
function parseCsv(text: string, delimiter = ','): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === delimiter) {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += c;
  }
  return rows;
}

function runExport(env: Record<string, string>, ...args: string[]) {
  return spawnSync(process.execPath, ['--import', 'tsx', 'server/cli/leads-export.ts', ...args], {
    env: { ...process.env, DB_FILE: '', DATABASE_URL: '', ...env },
    encoding: 'utf8',
    timeout: 30_000,
  });
}

const lead = (data: Partial<StoredProspect['data']>): StoredProspect => ({
  seq: 1,
  id: 'id-1',
  estado: 'nuevo',
  createdAt: '2026-01-02T03:04:05.678Z',
  updatedAt: '2026-01-02T03:04:05.678Z',
  data: { ...storedBody(), ...data } as StoredProspect['data'],
});

describe('lead CSV cells', () => {
  it('quotes delimiters, quotes and surrounding spaces, and neutralises formulas', () => {
    expect(csvCell('Pizzería, "Don" José', ',')).toBe('"Pizzería, ""Don"" José"');
    expect(csvCell('a;b', ';')).toBe('"a;b"');
    expect(csvCell('a;b', ',')).toBe('a;b');
    expect(csvCell('=HYPERLINK("http://x")', ',')).toBe(`"'=HYPERLINK(""http://x"")"`);
    expect(csvCell('@SUM(A1)', ',')).toBe(`"'@SUM(A1)"`);
    expect(csvCell('-2+3', ',')).toBe(`"'-2+3"`);
    expect(csvCell('+5491123456789', ',')).toBe('+5491123456789');
    expect(csvCell(undefined, ',')).toBe('');
  });

  it('expands pais and infoEmpresa into their own columns', () => {
    const row = parseCsv(
      csvRow(
        lead({
          infoEmpresa:
            '{"situacionActual":"otros","rubro":"productos","sector":"calzados","visitoDemo":true}',
        }),
        ',',
      ),
    )[0]!;
    const byHeader = Object.fromEntries(LEAD_COLUMNS.map(([header], i) => [header, row[i]]));
    expect(byHeader).toMatchObject({
      'pais.codigo': 'AR',
      'pais.nombre': 'Argentina',
      'pais.prefijo': '+549',
      'infoEmpresa.situacionActual': 'otros',
      'infoEmpresa.rubro': 'productos',
      'infoEmpresa.sector': 'calzados',
      'infoEmpresa.visitoDemo': 'sí',
      utmTerm: '',
    });
    expect(row).toHaveLength(LEAD_COLUMNS.length);
  });

  it('parses the arguments and explains bad ones in Spanish', () => {
    expect(parseExportArgs([])).toEqual({ ok: true, out: undefined, delimiter: ',' });
    expect(parseExportArgs(['--salida', 'x.csv', '--delimitador=;'])).toEqual({
      ok: true,
      out: 'x.csv',
      delimiter: ';',
    });
    for (const bad of [['--salida'], ['--delimitador', '|'], ['--otro']]) {
      const parsed = parseExportArgs(bad);
      expect(parsed.ok).toBe(false);
      if (!parsed.ok) expect(parsed.problem).toMatch(/\.$/);
    }
  });
});

describeEachStorage('npm run leads:export', (target) => {
  let db: TestDatabase;
  let storage: Storage;
  let dir: string;
  const ids: string[] = [];
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'site-export-'));
    db = await target.create();
    storage = await db.open();
    ids.push(
      (await storage.createProspect({ ...storedBody(), nombreEmpresa: 'Almacén "La Esquina", Ñuñoa' })).id,
      (
        await storage.createProspect({
          ...storedBody(),
          nombre: '=cmd|" /C calc"!A0',
          pais: { codigo: 'CL', nombre: 'Chile', prefijo: '+56' },
          whatsapp: '+56912345678',
          email: undefined,
          infoEmpresa: '{"rubro":"gastronomico","sector":"heladeria"}',
        })
      ).id,
    );
    for (let i = 0; i < 5; i++) await storage.createProspect({ ...storedBody(), nombre: `Lote ${i}` });
  }, 60_000);
  afterAll(async () => {
    await storage.close();
    await db.dispose();
    rmSync(dir, { recursive: true, force: true });
  });

  it('writes every lead, UTF-8 with BOM, one column per field, accents intact', () => {
    const file = path.join(dir, 'prospectos.csv');
    const run = runExport(db.env, '--salida', file);
    expect(run.status, run.stderr).toBe(0);
    expect(run.stderr).toContain('Exportados 7 prospectos');
    const bytes = readFileSync(file);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = parseCsv(bytes.toString('utf8').slice(1));
    expect(rows[0]).toEqual(LEAD_COLUMNS.map(([header]) => header));
    expect(rows).toHaveLength(8);
    expect(rows.every((r) => r.length === LEAD_COLUMNS.length)).toBe(true);
    const col = (name: string) => LEAD_COLUMNS.findIndex(([header]) => header === name);
    const first = rows.find((r) => r[0] === ids[0])!;
    expect(first[col('nombreEmpresa')]).toBe('Almacén "La Esquina", Ñuñoa');
    expect(first[col('whatsapp')]).toBe('+5491123456789');
    expect(first[col('creadoEn')]).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    const second = rows.find((r) => r[0] === ids[1])!;
    expect(second[col('nombre')]).toBe(`'=cmd|" /C calc"!A0`);
    expect(second[col('pais.nombre')]).toBe('Chile');
    expect(second[col('email')]).toBe('');
    expect(second[col('infoEmpresa.sector')]).toBe('heladeria');
    expect(new Set(rows.slice(1).map((r) => r[0])).size).toBe(7);
  });

  it('pages through the leads in creation order', async () => {
    const seen: string[] = [];
    for (let after = 0; ;) {
      const page = await storage.listProspects(after, 2);
      seen.push(...page.map((lead) => lead.id));
      if (page.length < 2) break;
      after = page.at(-1)!.seq;
    }
    expect(seen).toHaveLength(7);
    expect(seen.slice(0, 2)).toEqual(ids);
    expect(seen).toEqual((await db.rows()).map((row) => row.id));
  });

  it('writes to standard output with ; for a Spanish-locale spreadsheet', () => {
    const run = runExport(db.env, '--delimitador', ';');
    expect(run.status, run.stderr).toBe(0);
    const rows = parseCsv(run.stdout.slice(1), ';');
    expect(rows).toHaveLength(8);
    expect(rows.find((r) => r[0] === ids[0])?.[LEAD_COLUMNS.findIndex(([h]) => h === 'nombreEmpresa')]).toBe(
      'Almacén "La Esquina", Ñuñoa',
    );
  });
});

describe('leads:export errors', () => {
  it('prints the Spanish usage and exits 2 on bad arguments', () => {
    const run = runExport({}, '--formato', 'xlsx');
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('Uso: npm run leads:export');
  });

  it('exits 1 with a Spanish message when the database cannot be reached', () => {
    const run = runExport({ DATABASE_URL: 'postgres://nadie@127.0.0.1:1/nada' });
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/^No se pudo exportar/);
  });
});
