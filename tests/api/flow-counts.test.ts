import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FLOW_COUNTS_LIMITS } from '../../src/domain/flow-counts';
import { FLOW_CATALOGUE_FILE, readFlowCatalogue } from '../../server/flow-counts';
import { flowCatalogue } from '../../scripts/flow-catalogue';
import { startServer, type TestServer } from './helpers';
import { describeEachStorage, type TestDatabase } from './support/targets';

/**
 * POST /api/flow-events: a page's beacon adds to the daily counters of real visitors on the flows,
 * checked against the catalogue of the build the server serves (here the real one, as
 * `npm run build` writes it), once per batch id, never from a bot, and nothing at all from a
 * beacon that names anything the catalogue does not have.
 */

const catalogue = flowCatalogue();
const wizard = catalogue.flows.leadWizard;
if (!wizard) throw new Error('the catalogue has no wizard');
const SUBMIT = 'leadWizard.steps.contact.editing contact.submit#0';
const CONTACT = 'leadWizard.steps.contact';
const SITUATION = 'leadWizard.steps.situation';

let distDir = '';
beforeAll(() => {
  distDir = mkdtempSync(path.join(tmpdir(), 'conteos-'));
  writeFileSync(path.join(distDir, FLOW_CATALOGUE_FILE), JSON.stringify(catalogue));
  // A built site of one page, so that the static files are served beside the catalogue.
  writeFileSync(
    path.join(distDir, 'routes-manifest.json'),
    JSON.stringify({ routes: {}, notFound: '404.html' }),
  );
  writeFileSync(path.join(distDir, '404.html'), '<!doctype html><title>No existe</title>');
});
afterAll(() => rmSync(distDir, { recursive: true, force: true }));

let batchNumber = 0;
/** A new random-looking batch id per call (v4 shape). */
function batchId(): string {
  batchNumber += 1;
  return `${String(batchNumber).padStart(8, '0')}-0000-4000-8000-000000000000`;
}

function beacon(flujos: unknown[], lote = batchId()) {
  return { lote, flujos };
}

function wizardCounts(estados: Record<string, number>, transiciones: Record<string, number> = {}) {
  return { flujo: 'leadWizard', version: wizard?.version, estados, transiciones };
}

/** A phone's browser (fetch's own user agent, 'node', is a tool, which counts nothing). */
const PHONE =
  'Mozilla/5.0 (Linux; Android 14; moto g54) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

function post(server: TestServer, body: unknown, headers: Record<string, string> = {}) {
  return fetch(`${server.base}/api/flow-events`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'user-agent': PHONE, ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

const TODAY = '2026-12-01';
const at = (day: string) => () => new Date(`${day}T15:00:00Z`);

describeEachStorage('POST /api/flow-events', (target) => {
  let db: TestDatabase;
  let server: TestServer;
  beforeAll(async () => {
    db = await target.create();
    server = await startServer({ db, distDir, now: at(TODAY), flowCountsFlushMs: 0 });
  });
  afterAll(async () => {
    await server.close();
    await db.dispose();
  });

  const stored = () => server.storage.listFlowCounts('2000-01-01', '2999-12-31');
  const countOf = async (item: string) =>
    (await stored()).filter((r) => r.item === item).reduce((sum, r) => sum + r.count, 0);

  it('adds a batch to the day’s counters, and a retried batch (same id) counts once', async () => {
    const lote = batchId();
    const body = beacon([wizardCounts({ [CONTACT]: 1, [SITUATION]: 1 }, { [SUBMIT]: 2 })], lote);
    expect((await post(server, body)).status).toBe(204);
    expect((await post(server, body)).status).toBe(204);
    await post(server, beacon([wizardCounts({ [CONTACT]: 1 })]));

    expect(await countOf(CONTACT)).toBe(2);
    expect(await countOf(SITUATION)).toBe(1);
    expect(await countOf(SUBMIT)).toBe(2);
    const rows = (await stored()).filter((r) => r.item === SUBMIT);
    expect(rows).toEqual([
      { day: TODAY, flow: 'leadWizard', version: wizard.version, kind: 'transition', item: SUBMIT, count: 2 },
    ]);
  });

  it.each([
    [
      'a transition the flow does not have',
      { [CONTACT]: 1 },
      { 'leadWizard.steps.contact.editing inventado#0': 1 },
    ],
    ['a state the flow does not have', { 'leadWizard.steps.inventado': 1 }, {}],
    ['a value that looks like an e-mail', { 'ana@ejemplo.com': 1 }, {}],
    ['a count of zero', { [CONTACT]: 0 }, {}],
    ['a count that is not a whole number', { [CONTACT]: 1.5 }, {}],
    ['a count over the limit', { [CONTACT]: FLOW_COUNTS_LIMITS.count + 1 }, {}],
  ])('refuses %s with a Spanish 400 and stores nothing', async (_what, estados, transiciones) => {
    const before = await stored();
    const res = await post(server, beacon([wizardCounts(estados, transiciones)]));
    expect(res.status).toBe(400);
    const answer = (await res.json()) as { error: string; campos: { campo: string; mensaje: string }[] };
    expect(answer.error).toBe('Datos inválidos');
    expect(answer.campos[0]?.mensaje).toMatch(/[áéíóúñ]|El flujo|Cada conteo/);
    expect(await stored()).toEqual(before);
  });

  it('refuses a wrong version, an unknown flow, a repeated flow and a field of its own', async () => {
    const before = await stored();
    const cases: [unknown, RegExp][] = [
      [
        beacon([{ ...wizardCounts({ [CONTACT]: 1 }), version: '00000000' }]),
        /no es la de esta versión del sitio/,
      ],
      [beacon([{ ...wizardCounts({}), flujo: 'otroFlujo' }]), /No conocemos el flujo «otroFlujo»/],
      [beacon([wizardCounts({ [CONTACT]: 1 }), wizardCounts({ [SITUATION]: 1 })]), /aparece dos veces/],
      [
        { ...beacon([wizardCounts({ [CONTACT]: 1 })]), email: 'ana@ejemplo.com' },
        /un objeto con «lote» y «flujos»/,
      ],
      [beacon([wizardCounts({ [CONTACT]: 1 })], 'no-es-un-uuid'), /identificador/],
      [beacon([]), /entre 1 y/],
    ];
    for (const [body, message] of cases) {
      const res = await post(server, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(((await res.json()) as { campos: { mensaje: string }[] }).campos[0]?.mensaje).toMatch(message);
    }
    expect(await stored()).toEqual(before);
  });

  it('refuses a beacon of 1 MB before reading it, in Spanish', async () => {
    const before = await stored();
    const huge = JSON.stringify(beacon([wizardCounts({ [CONTACT]: 1 })])).replace(
      '{',
      `{"x":"${'a'.repeat(1 << 20)}",`,
    );
    const res = await post(server, huge);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { campos: { mensaje: string }[] }).campos[0]?.mensaje).toMatch(
      /superan el máximo/,
    );
    expect(await stored()).toEqual(before);
  });

  it('drops a known bot’s beacon without a word: 204, nothing counted', async () => {
    const before = await stored();
    const googlebot = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
    const res = await post(server, beacon([wizardCounts({ [CONTACT]: 1 })]), { 'user-agent': googlebot });
    expect(res.status).toBe(204);
    expect(await stored()).toEqual(before);
  });

  it('is never served as a file: the catalogue stays on the server', async () => {
    expect((await fetch(`${server.base}/${FLOW_CATALOGUE_FILE}`)).status).toBe(404);
  });
});

describeEachStorage('POST /api/flow-events over days', (target) => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await target.create();
  });
  afterAll(() => db.dispose());

  it('deletes the counters older than the retention as the day turns, and keeps the rest', async () => {
    const onDay = async (day: string, item: string) => {
      const server = await startServer({
        db,
        distDir,
        now: at(day),
        flowCountsDays: 2,
        flowCountsFlushMs: 0,
      });
      try {
        expect((await post(server, beacon([wizardCounts({ [item]: 1 })]))).status).toBe(204);
        return await server.storage.listFlowCounts('2000-01-01', '2999-12-31');
      } finally {
        await server.close();
      }
    };
    await onDay('2026-11-27', CONTACT);
    await onDay('2026-11-29', CONTACT);
    const after = await onDay('2026-12-01', SITUATION);
    // 2 days kept before the 1st: the 29th and the 30th; the 27th is gone.
    expect(after.map((r) => `${r.day} ${r.item}`)).toEqual([
      `2026-11-29 ${CONTACT}`,
      `2026-12-01 ${SITUATION}`,
    ]);
  });

  it('adds the beacons of its wait in one write: a retry inside it counts once, and closing writes what waits', async () => {
    const server = await startServer({ db, distDir, now: at('2026-12-02'), flowCountsFlushMs: 60_000 });
    const lote = batchId();
    const body = beacon([wizardCounts({ [SITUATION]: 3 })], lote);
    expect((await post(server, body)).status).toBe(204);
    expect((await post(server, body)).status).toBe(204);
    expect((await post(server, beacon([wizardCounts({ [SITUATION]: 2 })]))).status).toBe(204);
    const onTheDay = async (storage: { listFlowCounts: TestServer['storage']['listFlowCounts'] }) =>
      (await storage.listFlowCounts('2026-12-02', '2026-12-02')).map((r) => `${r.item} ${r.count}`);
    // Still waiting: nothing written yet.
    expect(await onTheDay(server.storage)).toEqual([]);
    await server.close();
    const reopened = await db.open();
    try {
      expect(await onTheDay(reopened)).toEqual([`${SITUATION} 5`]);
    } finally {
      await reopened.close();
    }
  });

  it('limits beacons per address (a Spanish 429) with the write limits on', async () => {
    const server = await startServer({
      db,
      distDir,
      now: at(TODAY),
      writeRateLimit: { max: 1000, timeWindowMs: 60_000 },
    });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 61; i++)
        statuses.push((await post(server, beacon([wizardCounts({ [CONTACT]: 1 })]))).status);
      expect(statuses.slice(0, 60).every((s) => s === 204)).toBe(true);
      expect(statuses[60]).toBe(429);
    } finally {
      await server.close();
    }
  });
});

describe('the flow catalogue a build writes', () => {
  it('is read back as the catalogue the check uses; a missing or broken one refuses every beacon', () => {
    const read = readFlowCatalogue(distDir);
    expect([...(read.flows.leadWizard?.keys() ?? [])]).toEqual([wizard.version]);
    expect(read.flows.leadWizard?.get(wizard.version)?.states.has(CONTACT)).toBe(true);
    expect(read.flows.leadWizard?.get(wizard.version)?.transitions.has(SUBMIT)).toBe(true);
    expect(readFlowCatalogue(path.join(distDir, 'no-existe')).flows).toEqual({});
  });
});

interface CountsAnswer {
  desde: string;
  hasta: string;
  flujos: {
    flujo: string;
    version: string;
    primerDia: string;
    ultimoDia: string;
    estados: Record<string, number>;
    transiciones: Record<string, number>;
  }[];
}

describeEachStorage('GET /api/flow-counts', (target) => {
  let db: TestDatabase;
  let server: TestServer;
  const OLD = 'aaaaaaaa';
  const read = async (query = '') => {
    const res = await fetch(`${server.base}/api/flow-counts${query}`);
    return { res, body: (await res.json()) as CountsAnswer & { error?: string; campos?: unknown[] } };
  };
  const counts = (day: string, version: string, state: number, transition: number, lote = batchId()) => ({
    batch: lote,
    day,
    client: `cliente-${lote}`,
    rows: [
      { flow: 'leadWizard', version, kind: 'state' as const, item: CONTACT, count: state },
      { flow: 'leadWizard', version, kind: 'transition' as const, item: SUBMIT, count: transition },
    ],
  });

  beforeAll(async () => {
    db = await target.create();
    server = await startServer({
      db,
      distDir,
      now: at(TODAY),
      flowCountsDays: 30,
      flowCountsFlushMs: 60_000,
    });
    await server.storage.recordFlowCounts([
      counts('2026-11-20', OLD, 100, 100),
      counts('2026-11-24', OLD, 1, 1),
      counts('2026-11-26', OLD, 2, 1),
      counts('2026-11-27', wizard.version, 3, 2),
      counts('2026-11-30', wizard.version, 4, 3),
      counts(TODAY, wizard.version, 5, 4),
      {
        batch: batchId(),
        day: '2026-11-28',
        client: 'cliente',
        rows: [{ flow: 'welcome', version: '12345678', kind: 'state', item: 'welcome.preparing', count: 9 }],
      },
    ]);
  });
  afterAll(async () => {
    await server.close();
    await db.dispose();
  });

  it('sums a period’s days per flow and version, each with the first and last day it has counters', async () => {
    const { res, body } = await read('?desde=2026-11-24&hasta=2026-11-30');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(body).toEqual({
      desde: '2026-11-24',
      hasta: '2026-11-30',
      flujos: [
        {
          flujo: 'leadWizard',
          version: OLD,
          primerDia: '2026-11-24',
          ultimoDia: '2026-11-26',
          estados: { [CONTACT]: 3 },
          transiciones: { [SUBMIT]: 2 },
        },
        {
          flujo: 'leadWizard',
          version: wizard.version,
          primerDia: '2026-11-27',
          ultimoDia: '2026-11-30',
          estados: { [CONTACT]: 7 },
          transiciones: { [SUBMIT]: 5 },
        },
        {
          flujo: 'welcome',
          version: '12345678',
          primerDia: '2026-11-28',
          ultimoDia: '2026-11-28',
          estados: { 'welcome.preparing': 9 },
          transiciones: {},
        },
      ],
      recortes: [],
    });
  });

  it('reads the last 7 days ending today without a period, and a week from or up to a single day', async () => {
    const week = await read();
    expect([week.body.desde, week.body.hasta]).toEqual(['2026-11-25', TODAY]);
    expect(week.body.flujos.map((f) => `${f.version} ${f.primerDia} ${f.ultimoDia}`)).toEqual([
      `${OLD} 2026-11-26 2026-11-26`,
      `${wizard.version} 2026-11-27 ${TODAY}`,
      '12345678 2026-11-28 2026-11-28',
    ]);
    const from = await read('?desde=2026-11-20');
    expect([from.body.desde, from.body.hasta]).toEqual(['2026-11-20', '2026-11-26']);
    expect(from.body.flujos[0]?.estados[CONTACT]).toBe(103);
    const upTo = await read('?hasta=2026-11-24');
    expect([upTo.body.desde, upTo.body.hasta]).toEqual(['2026-11-18', '2026-11-24']);
    const oneDay = await read('?desde=2026-11-30&hasta=2026-11-30');
    expect(oneDay.body.flujos).toEqual([
      expect.objectContaining({ version: wizard.version, ultimoDia: '2026-11-30' }),
    ]);
    expect((await read('?desde=2025-01-01&hasta=2025-01-07')).body.flujos).toEqual([]);
  });

  it.each([
    ['?desde=2026-11-31', 'desde', /«desde» debe ser un día del calendario con la forma AAAA-MM-DD/],
    ['?hasta=ayer', 'hasta', /«hasta» debe ser un día/],
    ['?desde=2026-11-01&desde=2026-11-02', 'desde', /«desde» debe ser un día/],
    ['?desde=2026-11-30&hasta=2026-11-24', 'hasta', /no puede ser anterior a «desde»/],
    ['?desde=2026-10-01&hasta=2026-11-30', 'período', /hasta 30 días/],
  ])('refuses %s with a Spanish 400 naming the field', async (query, campo, mensaje) => {
    const { res, body } = await read(query);
    expect(res.status).toBe(400);
    expect(body.error).toBe('Datos inválidos');
    expect(body.campos).toEqual([{ campo, mensaje: expect.stringMatching(mensaje) }]);
  });

  it('takes a span as long as the retention', async () => {
    expect((await read('?desde=2026-11-01&hasta=2026-11-30')).res.status).toBe(200);
  });

  it('sees a beacon answered a moment ago, before its wait for the write is over', async () => {
    const before = (await read()).body.flujos.find((f) => f.version === wizard.version);
    const res = await post(server, beacon([wizardCounts({ [CONTACT]: 2 }, { [SUBMIT]: 1 })]));
    expect(res.status).toBe(204);
    const after = (await read()).body.flujos.find((f) => f.version === wizard.version);
    expect(after?.estados[CONTACT]).toBe((before?.estados[CONTACT] ?? 0) + 2);
    expect(after?.transiciones[SUBMIT]).toBe((before?.transiciones[SUBMIT] ?? 0) + 1);
  });
});

describe('a beacon refused before its body is read', () => {
  it('closes its connection after the answer, so a client still sending cannot hold the server open', async () => {
    const { request } = await import('node:http');
    const server = await startServer({ distDir, flowCountsFlushMs: 0 });
    const { hostname, port } = new URL(server.base);
    // Declares 1 MB and sends only the first bytes: the rest never comes.
    const answer = await new Promise<{
      status: number;
      connection: string | undefined;
      closed: Promise<void>;
    }>((resolve, reject) => {
      const req = request(
        {
          hostname,
          port,
          path: '/api/flow-events',
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'content-length': String(1 << 20),
            'user-agent': PHONE,
          },
        },
        (res) => {
          res.resume();
          const closed = new Promise<void>((done) => req.socket?.once('close', () => done()));
          resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, closed });
        },
      );
      req.on('error', () => undefined);
      req.write('{"lote":"');
      setTimeout(() => reject(new Error('no answer')), 5000);
    });
    expect(answer.status).toBe(400);
    expect(answer.connection).toBe('close');
    await answer.closed;
    const started = Date.now();
    await server.close();
    expect(Date.now() - started).toBeLessThan(5000);
  });
});
