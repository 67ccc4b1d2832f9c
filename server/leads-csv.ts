/**
 * Stored leads as CSV for the sales team (npm run leads:export): UTF-8 with a byte-order mark so a
 * spreadsheet shows accents right, CRLF lines (RFC 4180), one column per field with `pais` and the
 * `infoEmpresa` JSON expanded. Cells that a spreadsheet would run as a formula are neutralised.
 */
import { parseArgs as parseCommandLine } from 'node:util';
import type { InfoEmpresa } from '../src/domain/prospect';
import { parseInfoEmpresa } from '../src/domain/prospect-schema';
import type { StoredProspect } from './storage/types';

const CSV_BOM = '\uFEFF';

type Column = readonly [header: string, cell: (lead: StoredProspect, info: InfoEmpresa) => unknown];

/** Column order is the form's; headers are the API's field names (pais and infoEmpresa expanded). */
export const LEAD_COLUMNS: readonly Column[] = [
  ['id', (l) => l.id],
  ['estado', (l) => l.estado],
  ['creadoEn', (l) => l.createdAt],
  ['actualizadoEn', (l) => l.updatedAt],
  ['nombreEmpresa', (l) => l.data.nombreEmpresa],
  ['nombre', (l) => l.data.nombre],
  ['apellido', (l) => l.data.apellido],
  ['pais.codigo', (l) => l.data.pais?.codigo],
  ['pais.nombre', (l) => l.data.pais?.nombre],
  ['pais.prefijo', (l) => l.data.pais?.prefijo],
  ['whatsapp', (l) => l.data.whatsapp],
  ['email', (l) => l.data.email],
  ['codigoReferido', (l) => l.data.codigoReferido],
  ['infoEmpresa.situacionActual', (_l, i) => i.situacionActual],
  ['infoEmpresa.rubro', (_l, i) => i.rubro],
  ['infoEmpresa.sector', (_l, i) => i.sector],
  [
    'infoEmpresa.visitoDemo',
    (_l, i) => (i.visitoDemo === undefined ? undefined : i.visitoDemo ? 'sí' : 'no'),
  ],
  ['urlQueryString', (l) => l.data.urlQueryString],
  ['utmSource', (l) => l.data.utmSource],
  ['utmCampaign', (l) => l.data.utmCampaign],
  ['utmContent', (l) => l.data.utmContent],
  ['utmTerm', (l) => l.data.utmTerm],
  ['fbclid', (l) => l.data.fbclid],
];

/** A plain number (a WhatsApp number with its +) cannot run anything, whatever its first character. */
const PLAIN_NUMBER = /^[+-]?\d+$/;
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: unknown, delimiter: string): string {
  if (value === undefined || value === null) return '';
  let text = String(value);
  if (FORMULA_START.test(text) && !PLAIN_NUMBER.test(text)) text = `'${text}`;
  const needsQuotes =
    text.includes(delimiter) || /["\r\n]/.test(text) || text !== text.trim() || text.startsWith("'");
  return needsQuotes ? `"${text.replaceAll('"', '""')}"` : text;
}

function line(cells: readonly unknown[], delimiter: string): string {
  return `${cells.map((cell) => csvCell(cell, delimiter)).join(delimiter)}\r\n`;
}

export function csvHeader(delimiter: string): string {
  return (
    CSV_BOM +
    line(
      LEAD_COLUMNS.map(([header]) => header),
      delimiter,
    )
  );
}

export function csvRow(lead: StoredProspect, delimiter: string): string {
  const info = parseInfoEmpresa(lead.data.infoEmpresa ?? '') ?? {};
  return line(
    LEAD_COLUMNS.map(([, cell]) => cell(lead, info)),
    delimiter,
  );
}

export type ExportArgs =
  { ok: true; out: string | undefined; delimiter: ',' | ';' } | { ok: false; problem: string };

export const EXPORT_USAGE = `Uso: npm run leads:export -- [--salida <archivo.csv>] [--delimitador ,|;]
  --salida       archivo a escribir (si no se indica, la salida estándar)
  --delimitador  separador de columnas: , (por defecto) o ; (Excel con configuración regional en español)
La base de datos es la del servidor: DATABASE_URL si está definida, si no DB_FILE (por defecto data/site.db).`;

export function parseExportArgs(args: readonly string[]): ExportArgs {
  let values: { salida?: string; delimitador?: string };
  try {
    ({ values } = parseCommandLine({
      args: [...args],
      options: { salida: { type: 'string' }, delimitador: { type: 'string' } },
      allowPositionals: false,
      strict: true,
    }));
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') {
      return { ok: false, problem: 'Falta el valor después de --salida o --delimitador.' };
    }
    const unknown = args.find((arg) => !/^--(salida|delimitador)(=|$)/.test(arg)) ?? '';
    return { ok: false, problem: `No se reconoce el argumento «${unknown}».` };
  }
  if (values.salida === '') return { ok: false, problem: 'Falta el nombre del archivo después de --salida.' };
  const delimiter = values.delimitador ?? ',';
  if (delimiter !== ',' && delimiter !== ';') return { ok: false, problem: 'El delimitador debe ser , o ;.' };
  return { ok: true, out: values.salida, delimiter };
}
