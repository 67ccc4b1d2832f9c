import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { FLOW_COUNTS_LIMITS, FLOW_COUNTS_PER_ADDRESS_PER_DAY } from '../../src/domain/flow-counts';
import { FLOW_CATALOGUE_FILE } from '../../server/flow-counts';
import { flowCatalogue } from '../../scripts/flow-catalogue';
import { startServer, type StartOptions, type TestServer } from './helpers';
import { describeEachStorage, type TestDatabase } from './support/targets';

/**
 * Forged real-visitor counts (issue 51): one address sending beacons as fast as the server takes
 * them, each with the most a beacon may carry on a failure state, adds at most the day's cap to
 * that counter, also when its beacons reach two processes sharing the database, and also when they
 * arrive at the same moment; another address still counts; the read says which day was capped and
 * by how much. A beacon without a User-Agent, or with an empty one, is a script's: it counts
 * nothing. Addresses are real ones (127.0.0.1 and 127.0.0.2 on loopback), not headers.
 */

const catalogue = flowCatalogue();
const wizard = catalogue.flows.leadWizard;
if (!wizard) throw new Error('the catalogue has no wizard');
const FAILED = wizard.states.find((s) => /\.failed$/.test(s)) ?? '';
const CONTACT = 'leadWizard.steps.contact';
const CAP = FLOW_COUNTS_PER_ADDRESS_PER_DAY;
const FULL = FLOW_COUNTS_LIMITS.count;

const PHONE =
  'Mozilla/5.0 (Linux; Android 14; moto g54) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

let distDir = '';
beforeAll(() => {
  distDir = mkdtempSync(path.join(tmpdir(), 'topes-'));
  writeFileSync(path.join(distDir, FLOW_CATALOGUE_FILE), JSON.stringify(catalogue));
  writeFileSync(
    path.join(distDir, 'routes-manifest.json'),
    JSON.stringify({ routes: {}, notFound: '404.html' }),
  );
  writeFileSync(path.join(distDir, '404.html'), '<!doctype html><title>No existe</title>');
});
afterAll(() => rmSync(distDir, { recursive: true, force: true }));

function beacon(estados: Record<string, number>) {
  return {
    lote: crypto.randomUUID(),
    flujos: [{ flujo: 'leadWizard', version: wizard?.version, estados, transiciones: {} }],
  };
}

/**
 * POST /api/flow-events from a given loopback address; `userAgent: null` sends no User-Agent
 * header at all (fetch always sends one).
 */
function post(
  server: TestServer,
  body: unknown,
  { from = '127.0.0.1', userAgent = PHONE }: { from?: string; userAgent?: string | null } = {},
): Promise<number> {
  const { hostname, port } = new URL(server.base);
  const text = JSON.stringify(body);
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'content-length': String(Buffer.byteLength(text)),
  };
  if (userAgent !== null) headers['user-agent'] = userAgent;
  return new Promise((resolve, reject) => {
    const req = request(
      { hostname, port, path: '/api/flow-events', method: 'POST', localAddress: from, headers },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(text);
  });
}

interface CountsAnswer {
  flujos: { flujo: string; estados: Record<string, number> }[];
  recortes: { dia: string; flujo: string; descartados: number }[];
}

async function read(server: TestServer, query = ''): Promise<CountsAnswer> {
  const res = await fetch(`${server.base}/api/flow-counts${query}`);
  expect(res.status).toBe(200);
  return (await res.json()) as CountsAnswer;
}

const counted = (answer: CountsAnswer, state: string) =>
  answer.flujos.reduce((sum, f) => sum + (f.flujo === 'leadWizard' ? (f.estados[state] ?? 0) : 0), 0);

const TODAY = '2026-12-01';
const at = (day: string) => () => new Date(`${day}T15:00:00Z`);

describeEachStorage('the per-address daily cap on the real-visitor counts', (target) => {
  let db: TestDatabase;
  const servers: TestServer[] = [];
  const start = async (options: StartOptions) => {
    const server = await startServer({ db, distDir, flowCountsFlushMs: 0, ...options });
    servers.push(server);
    return server;
  };
  beforeAll(async () => {
    db = await target.create();
  });
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((s) => s.close()));
  });
  afterAll(() => db.dispose());

  it('one address adds at most the cap to a failure state in a day, across two processes; the read says the day was capped and by how much', async () => {
    const one = await start({ now: at(TODAY) });
    const two = await start({ now: at(TODAY) });
    for (let i = 0; i < 6; i++) expect(await post(i % 2 ? two : one, beacon({ [FAILED]: FULL }))).toBe(204);

    const answer = await read(one, `?desde=${TODAY}&hasta=${TODAY}`);
    expect(counted(answer, FAILED)).toBe(CAP);
    expect(answer.recortes).toEqual([{ dia: TODAY, flujo: 'leadWizard', descartados: 6 * FULL - CAP }]);

    // Another address is a visitor of its own: its counts are whole.
    expect(await post(two, beacon({ [FAILED]: 3, [CONTACT]: 2 }), { from: '127.0.0.2' })).toBe(204);
    const after = await read(two, `?desde=${TODAY}&hasta=${TODAY}`);
    expect(counted(after, FAILED)).toBe(CAP + 3);
    expect(counted(after, CONTACT)).toBe(2);
    expect(after.recortes).toEqual(answer.recortes);
  });

  it('holds when the beacons arrive at the same moment on both processes', async () => {
    const day = '2026-12-02';
    const one = await start({ now: at(day) });
    const two = await start({ now: at(day) });
    const statuses = await Promise.all(
      Array.from({ length: 10 }, (_, i) => post(i % 2 ? two : one, beacon({ [FAILED]: FULL / 2 }))),
    );
    expect(statuses.every((s) => s === 204)).toBe(true);
    const answer = await read(one, `?desde=${day}&hasta=${day}`);
    expect(counted(answer, FAILED)).toBe(CAP);
    expect(answer.recortes).toEqual([{ dia: day, flujo: 'leadWizard', descartados: 5 * FULL - CAP }]);
  });

  it('starts again the next day, and the capped day stays in the read of a longer period', async () => {
    const day = '2026-12-03';
    const first = await start({ now: at(day) });
    expect(await post(first, beacon({ [CONTACT]: FULL }))).toBe(204);
    expect(await post(first, beacon({ [CONTACT]: 7 }))).toBe(204);
    const next = await start({ now: at('2026-12-04') });
    expect(await post(next, beacon({ [CONTACT]: 7 }))).toBe(204);
    const answer = await read(next, '?desde=2026-12-03&hasta=2026-12-04');
    expect(counted(answer, CONTACT)).toBe(CAP + 7);
    expect(answer.recortes).toEqual([{ dia: day, flujo: 'leadWizard', descartados: FULL + 7 - CAP }]);
  });

  it('counts nothing from a beacon with an empty or missing User-Agent (204, as for a known bot)', async () => {
    const day = '2026-12-05';
    const server = await start({ now: at(day) });
    expect(await post(server, beacon({ [CONTACT]: 5 }), { userAgent: '' })).toBe(204);
    expect(await post(server, beacon({ [CONTACT]: 5 }), { userAgent: '   ' })).toBe(204);
    expect(await post(server, beacon({ [CONTACT]: 5 }), { userAgent: null })).toBe(204);
    expect(counted(await read(server, `?desde=${day}&hasta=${day}`), CONTACT)).toBe(0);
    expect(await post(server, beacon({ [CONTACT]: 5 }))).toBe(204);
    expect(counted(await read(server, `?desde=${day}&hasta=${day}`), CONTACT)).toBe(5);
  });

  it('limits the beacons of each address on its own: one address refused with 429 leaves another counting', async () => {
    const server = await start({ now: at(TODAY), writeRateLimit: { max: 1000, timeWindowMs: 60_000 } });
    const statuses: number[] = [];
    for (let i = 0; i < 61; i++) statuses.push(await post(server, beacon({ [CONTACT]: 1 })));
    expect(statuses.filter((s) => s === 204)).toHaveLength(60);
    expect(statuses[60]).toBe(429);
    expect(await post(server, beacon({ [CONTACT]: 1 }), { from: '127.0.0.2' })).toBe(204);
  });
});
