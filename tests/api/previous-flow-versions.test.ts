/**
 * A page loaded before a deploy keeps running its own build, and its beacons of real visitors'
 * counts name that build's flow versions. The build keeps the previous builds' flow versions
 * (scripts/keep-previous-assets.ts, as it keeps their hashed files), and the server counts a
 * beacon of any of them under its own version, checked against that version's own graph.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FLOW_CATALOGUE_FILE,
  PREVIOUS_FLOW_CATALOGUES_FILE,
  readFlowCatalogue,
} from '../../server/flow-counts';
import { PREVIOUS_FLOW_VERSIONS, afterBuild, beforeBuild } from '../../scripts/keep-previous-assets';
import { startServer, type TestServer } from './helpers';
import { describeEachStorage, type TestDatabase } from './support/targets';

const DAY = 24 * 60 * 60 * 1000;
const T0 = Date.UTC(2026, 10, 20);

/** The wizard as one build has it: `version`, with a state of its own beside the shared one. */
function wizardOf(version: string, ownState: string) {
  return {
    version,
    states: ['leadWizard.steps.contact', ownState],
    transitions: ['leadWizard.steps.contact.editing contact.submit#0'],
  };
}

/** One build the way `npm run build` makes it: archive, empty dist/client, new build, keep. */
async function build(dist: string, wizard: ReturnType<typeof wizardOf>, now: number) {
  await beforeBuild(dist, now);
  const client = path.join(dist, 'client');
  rmSync(client, { recursive: true, force: true });
  mkdirSync(path.join(client, 'assets'), { recursive: true });
  writeFileSync(
    path.join(client, 'routes-manifest.json'),
    JSON.stringify({ routes: {}, notFound: '404.html' }),
  );
  writeFileSync(path.join(client, '404.html'), '<!doctype html><title>No existe</title>');
  writeFileSync(path.join(client, FLOW_CATALOGUE_FILE), JSON.stringify({ flows: { leadWizard: wizard } }));
  await afterBuild(dist, now);
}

const versionsServed = (dist: string) => [
  ...(readFlowCatalogue(path.join(dist, 'client')).flows.leadWizard?.keys() ?? []),
];

describe('the flow versions a build keeps from the builds before it', () => {
  let dist: string;
  beforeAll(() => {
    dist = mkdtempSync(path.join(tmpdir(), 'site-previous-flows-'));
  });
  afterAll(() => rmSync(dist, { recursive: true, force: true }));

  it('keeps each replaced version with its own graph until the retention after its replacement is over', async () => {
    await build(dist, wizardOf('11111111', 'leadWizard.steps.uno'), T0);
    expect(versionsServed(dist)).toEqual(['11111111']);
    await build(dist, wizardOf('22222222', 'leadWizard.steps.dos'), T0 + DAY);
    await build(dist, wizardOf('33333333', 'leadWizard.steps.tres'), T0 + 3 * DAY);
    expect(versionsServed(dist)).toEqual(['33333333', '22222222', '11111111']);
    const old = readFlowCatalogue(path.join(dist, 'client')).flows.leadWizard?.get('11111111');
    expect(old?.states.has('leadWizard.steps.uno')).toBe(true);
    expect(old?.states.has('leadWizard.steps.tres')).toBe(false);

    // 11111111 was replaced on day 1, 22222222 on day 3: nine days on, only the latter is in the week.
    await build(dist, wizardOf('33333333', 'leadWizard.steps.tres'), T0 + 9 * DAY);
    expect(versionsServed(dist)).toEqual(['33333333', '22222222']);
  });

  it('does not keep a version the new build has again, and keeps a bounded number of them', async () => {
    await build(dist, wizardOf('22222222', 'leadWizard.steps.dos'), T0 + 10 * DAY);
    expect(versionsServed(dist)).toEqual(['22222222', '33333333']);
    const start = T0 + 11 * DAY;
    for (let i = 0; i < PREVIOUS_FLOW_VERSIONS + 3; i++)
      await build(
        dist,
        wizardOf(`${String(i).padStart(2, '0')}aaaaaa`, 'leadWizard.steps.otro'),
        start + i * 60_000,
      );
    const served = versionsServed(dist);
    expect(served).toHaveLength(1 + PREVIOUS_FLOW_VERSIONS);
    // The most recently replaced ones stay.
    expect(served.slice(1, 3)).toEqual([
      `${String(PREVIOUS_FLOW_VERSIONS + 1).padStart(2, '0')}aaaaaa`,
      `${String(PREVIOUS_FLOW_VERSIONS).padStart(2, '0')}aaaaaa`,
    ]);
  });

  it('reads a missing or broken file of previous versions as none', () => {
    const client = path.join(dist, 'client');
    writeFileSync(path.join(client, PREVIOUS_FLOW_CATALOGUES_FILE), '{"flows": {"leadWizard": "no"}');
    expect(versionsServed(dist)).toHaveLength(1);
    rmSync(path.join(client, PREVIOUS_FLOW_CATALOGUES_FILE));
    expect(versionsServed(dist)).toHaveLength(1);
  });
});

const PHONE =
  'Mozilla/5.0 (Linux; Android 14; moto g54) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
let batch = 0;
const beacon = (version: string, estados: Record<string, number>) => ({
  lote: `${String(++batch).padStart(8, '0')}-0000-4000-8000-00000000abcd`,
  flujos: [{ flujo: 'leadWizard', version, estados, transiciones: {} }],
});

describeEachStorage('a beacon from a page of the previous deploy', (target) => {
  let dist: string;
  let db: TestDatabase;
  let server: TestServer;
  const post = (body: unknown) =>
    fetch(`${server.base}/api/flow-events`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': PHONE },
      body: JSON.stringify(body),
    });

  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), 'site-previous-flows-api-'));
    await build(dist, wizardOf('11111111', 'leadWizard.steps.uno'), T0);
    await build(dist, wizardOf('22222222', 'leadWizard.steps.dos'), T0 + DAY);
    db = await target.create();
    server = await startServer({
      db,
      distDir: path.join(dist, 'client'),
      now: () => new Date('2026-11-21T12:00:00Z'),
      flowCountsFlushMs: 0,
    });
  });
  afterAll(async () => {
    await server.close();
    await db.dispose();
    rmSync(dist, { recursive: true, force: true });
  });

  it('is counted under its own version, beside the new build’s counts', async () => {
    expect((await post(beacon('11111111', { 'leadWizard.steps.uno': 2 }))).status).toBe(204);
    expect((await post(beacon('22222222', { 'leadWizard.steps.dos': 1 }))).status).toBe(204);
    const read = (await (await fetch(`${server.base}/api/flow-counts`)).json()) as {
      flujos: { version: string; estados: Record<string, number> }[];
    };
    expect(read.flujos.map((f) => [f.version, f.estados])).toEqual([
      ['11111111', { 'leadWizard.steps.uno': 2 }],
      ['22222222', { 'leadWizard.steps.dos': 1 }],
    ]);
  });

  it('is checked against its own version’s graph, and a version of no kept build is still refused', async () => {
    const refused = async (body: unknown) => {
      const res = await post(body);
      expect(res.status).toBe(400);
      return ((await res.json()) as { campos: { mensaje: string }[] }).campos[0]?.mensaje;
    };
    expect(await refused(beacon('11111111', { 'leadWizard.steps.dos': 1 }))).toBe(
      'El flujo «leadWizard» no tiene uno de los estados enviados.',
    );
    expect(await refused(beacon('99999999', { 'leadWizard.steps.contact': 1 }))).toBe(
      'La versión del flujo «leadWizard» no es la de esta versión del sitio: vuelve a cargar la página.',
    );
  });

  it('never serves the previous versions’ file', async () => {
    expect(readFileSync(path.join(dist, 'client', PREVIOUS_FLOW_CATALOGUES_FILE), 'utf8')).toContain(
      '11111111',
    );
    expect((await fetch(`${server.base}/${PREVIOUS_FLOW_CATALOGUES_FILE}`)).status).toBe(404);
  });
});
