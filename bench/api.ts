/**
 * npm run bench:api — load on loopback against the four API calls, for SQLite and (when a server
 * can be started from Debian's `postgresql` package, or BENCH_DATABASE_URL is given) PostgreSQL.
 * Prints requests per second, p50/p99 latency and errors per endpoint and storage.
 *
 * The server runs as in production (its own process, request logs on, limits off: one client
 * address would hit them at once); autocannon runs in this process, on the same machine.
 * BENCH_DURATION (seconds per endpoint, 10) and BENCH_CONNECTIONS (10) tune the run.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon, { type Result } from 'autocannon';
import { startSite } from './lib/servers';
import { freePort } from '../scripts/free-port';
import { createDatabase, startPostgres } from '../scripts/throwaway-postgres';

const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);

/** Targets of the issues for this 2-core machine (SQLite; the beacons on both storages, #40). */
const TARGETS = { createsPerSecond: 1500, createP99Ms: 50, getsPerSecond: 4000, beaconsPerSecond: 1000 };

/** A phone's browser: the beacons of a tool (isbot) count nothing. */
const PHONE =
  'Mozilla/5.0 (Linux; Android 14; moto g54) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

/** A beacon as a wizard run to the thanks page sends it: every state and transition of the build's wizard, once. */
function wizardBeacon(): { flujos: unknown[] } {
  const catalogue = JSON.parse(readFileSync('dist/client/flow-catalogue.json', 'utf8')) as {
    flows: Record<string, { version: string; states: string[]; transitions: string[] }>;
  };
  const wizard = catalogue.flows.leadWizard;
  if (!wizard) throw new Error('dist/client/flow-catalogue.json has no wizard: run npm run build');
  const once = (names: string[]) => Object.fromEntries(names.slice(0, 40).map((n) => [n, 1]));
  return {
    flujos: [
      {
        flujo: 'leadWizard',
        version: wizard.version,
        estados: once(wizard.states),
        transiciones: once(wizard.transitions),
      },
    ],
  };
}

const LEAD = {
  nombreEmpresa: 'Pizzería Don José',
  nombre: 'José',
  apellido: 'Pérez',
  pais: { codigo: 'AR', nombre: 'Argentina', prefijo: '+549' },
  whatsapp: '+5491123456789',
  email: 'jose@example.com',
  infoEmpresa: '{"situacionActual":"buscar_mas_clientes","rubro":"gastronomico","sector":"pizzeria"}',
  urlQueryString: 'utm_source=fb&utm_campaign=verano',
  utmSource: 'fb',
  utmCampaign: 'verano',
};

interface Row {
  storage: string;
  endpoint: string;
  result: Result;
}

async function benchStorage(storage: string, env: Record<string, string>): Promise<Row[]> {
  const { base, stop } = await startSite(await freePort(), { LOG_LEVEL: 'info', ...env });
  const rows: Row[] = [];
  try {
    const json = { 'content-type': 'application/json' };
    const body = JSON.stringify(LEAD);
    const ids: string[] = [];
    for (let i = 0; i < 50; i++) {
      const res = await fetch(`${base}/api/prospectos/`, { method: 'POST', headers: json, body });
      ids.push(((await res.json()) as { id: string }).id);
    }
    let next = 0;
    const beacon = wizardBeacon();
    const runs: [string, Parameters<typeof autocannon>[0]][] = [
      [
        'POST /api/prospectos/ (new key each)',
        {
          url: base,
          requests: [
            {
              method: 'POST',
              path: '/api/prospectos/',
              headers: json,
              body,
              setupRequest: (request) => ({
                ...request,
                headers: { ...json, 'idempotency-key': randomUUID() },
              }),
            },
          ],
        },
      ],
      [
        'PUT /api/prospectos/',
        {
          url: base,
          requests: [
            {
              method: 'PUT',
              path: '/api/prospectos/',
              headers: json,
              setupRequest: (request) => ({
                ...request,
                body: JSON.stringify({ ...LEAD, id: ids[next++ % ids.length] }),
              }),
            },
          ],
        },
      ],
      [
        'POST /api/flow-events (new batch each)',
        {
          url: base,
          requests: [
            {
              method: 'POST',
              path: '/api/flow-events',
              headers: { ...json, 'user-agent': PHONE },
              setupRequest: (request) => ({
                ...request,
                body: JSON.stringify({ lote: randomUUID(), ...beacon }),
              }),
            },
          ],
        },
      ],
      ['GET /api/public/ip2location/', { url: `${base}/api/public/ip2location/` }],
      ['GET /api/public/cotizaciones/USD/CLP', { url: `${base}/api/public/cotizaciones/USD/CLP` }],
    ];
    for (const [endpoint, options] of runs) {
      process.stderr.write(`${storage}: ${endpoint} for ${DURATION} s…\n`);
      const result = await autocannon({ ...options, connections: CONNECTIONS, duration: DURATION });
      rows.push({ storage, endpoint, result });
    }
  } finally {
    await stop();
  }
  return rows;
}

function table(rows: readonly Row[]): string {
  const header = ['storage', 'endpoint', 'req/s', 'p50 ms', 'p99 ms', 'errors'];
  const lines = rows.map(({ storage, endpoint, result }) => [
    storage,
    endpoint,
    Math.round(result.requests.average).toString(),
    result.latency.p50.toFixed(1),
    result.latency.p99.toFixed(1),
    String(result.errors + result.timeouts + result.non2xx),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => (l[i] ?? '').length)));
  const format = (cells: string[]) =>
    `| ${cells.map((c, i) => (i >= 2 ? c.padStart(widths[i] ?? 0) : c.padEnd(widths[i] ?? 0))).join(' | ')} |`;
  return [
    format(header),
    `|${widths.map((w, i) => (i >= 2 ? `${'-'.repeat(w + 1)}:` : '-'.repeat(w + 2))).join('|')}|`,
    ...lines.map(format),
  ].join('\n');
}

function verdict(rows: readonly Row[]): string[] {
  const notes: string[] = [];
  for (const { storage, result } of rows.filter((r) => r.endpoint.startsWith('POST /api/flow-events'))) {
    const rps = result.requests.average;
    const ok = rps >= TARGETS.beaconsPerSecond && result.errors + result.timeouts + result.non2xx === 0;
    notes.push(
      `${storage} beacons: ${ok ? 'meet' : 'below'} the target (≥ ${TARGETS.beaconsPerSecond}/s, 0 errors)`,
    );
  }
  for (const { storage, endpoint, result } of rows.filter(
    (r) => r.storage === 'SQLite' && !r.endpoint.startsWith('POST /api/flow-events'),
  )) {
    const rps = result.requests.average;
    const errors = result.errors + result.timeouts + result.non2xx;
    if (endpoint.startsWith('POST')) {
      const ok = rps >= TARGETS.createsPerSecond && result.latency.p99 < TARGETS.createP99Ms && errors === 0;
      notes.push(
        `${storage} creates: ${ok ? 'meet' : 'below'} the target (≥ ${TARGETS.createsPerSecond}/s, p99 < ${TARGETS.createP99Ms} ms, 0 errors)`,
      );
    } else if (endpoint.startsWith('GET')) {
      notes.push(
        `${storage} ${endpoint}: ${rps >= TARGETS.getsPerSecond ? 'meets' : 'below'} the target (≥ ${TARGETS.getsPerSecond}/s)`,
      );
    }
  }
  return notes;
}

async function main(): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), 'site-bench-'));
  const rows: Row[] = [];
  try {
    rows.push(...(await benchStorage('SQLite', { DB_FILE: path.join(dir, 'site.db') })));

    const given = process.env.BENCH_DATABASE_URL;
    if (given) {
      rows.push(...(await benchStorage('PostgreSQL', { DATABASE_URL: given })));
    } else {
      // Durable settings (fsync on), as SQLite's synchronous=FULL: the comparison is fair.
      const started = await startPostgres();
      if (started.ok) {
        try {
          const url = await createDatabase(started.server.adminUrl, 'site_bench');
          rows.push(
            ...(await benchStorage(`PostgreSQL ${started.server.version.split(' ')[0]}`, {
              DATABASE_URL: url,
            })),
          );
        } finally {
          await started.server.stop();
        }
      } else {
        process.stderr.write(`PostgreSQL skipped: ${started.reason}\n`);
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  console.info(
    `\n${DURATION} s per endpoint, ${CONNECTIONS} connections, loopback, load generator on the same machine\n`,
  );
  console.info(table(rows));
  console.info(`\n${verdict(rows).join('\n')}`);
}

await main();
