/**
 * A new build under a running server (issue 51): a deploy that replaces the build the server
 * serves, or a build made in place, is picked up on the next request, without a restart. The
 * server used to keep the CSP hashes and the flow catalogue it read at start: the new pages' head
 * script was blocked by their own policy and their beacons were refused. Now a page of the new
 * build carries its own script's hash (and no longer the old one), a beacon of the new flow
 * version counts, and one from a page still open on the old build counts under its own version.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { FLOW_CATALOGUE_FILE } from '../../server/flow-counts';
import { MANIFEST_FILE } from '../../server/static-site';
import { afterBuild, beforeBuild } from '../../scripts/keep-previous-assets';
import { startServer, type TestServer } from './helpers';
import { effectiveSources } from './support/csp';
import { describeEachStorage, type TestDatabase } from './support/targets';

const T0 = Date.UTC(2026, 11, 1, 12);
const DAY = '2026-12-01';
const CONTACT = 'leadWizard.steps.contact';
const PHONE =
  'Mozilla/5.0 (Linux; Android 14; moto g54) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

const hashOf = (script: string) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`;

interface Build {
  version: string;
  ownState: string;
  headScript: string;
}

/**
 * One build as `npm run build` makes it in place: the previous one archived, dist/client emptied
 * and written again, the previous flow versions kept beside the new catalogue. The manifest is
 * written last, by rename, as a complete file (the prerender's last step writes it).
 */
async function build(dist: string, b: Build, now: number): Promise<void> {
  await beforeBuild(dist, now);
  const client = path.join(dist, 'client');
  rmSync(client, { recursive: true, force: true });
  mkdirSync(path.join(client, 'assets'), { recursive: true });
  writeFileSync(
    path.join(client, 'index.html'),
    `<!doctype html><html lang="es"><head><script>${b.headScript}</script><title>Inicio</title></head><body></body></html>`,
  );
  writeFileSync(path.join(client, '404.html'), '<!doctype html><title>No existe</title>');
  writeFileSync(
    path.join(client, FLOW_CATALOGUE_FILE),
    JSON.stringify({
      flows: {
        leadWizard: {
          version: b.version,
          states: [CONTACT, b.ownState],
          transitions: [`${CONTACT}.editing contact.submit#0`],
        },
      },
    }),
  );
  await afterBuild(dist, now);
  const manifest = path.join(client, `${MANIFEST_FILE}.tmp`);
  writeFileSync(
    manifest,
    JSON.stringify({
      routes: { '/': 'index.html' },
      notFound: '404.html',
      scriptHashes: [hashOf(b.headScript)],
    }),
  );
  renameSync(manifest, path.join(client, MANIFEST_FILE));
}

const OLD: Build = {
  version: '11111111',
  ownState: 'leadWizard.steps.uno',
  headScript: 'document.documentElement.dataset.v="1"',
};
const NEW: Build = {
  version: '22222222',
  ownState: 'leadWizard.steps.dos',
  headScript: 'document.documentElement.dataset.v="2"',
};

function beacon(b: Build) {
  return {
    lote: crypto.randomUUID(),
    flujos: [{ flujo: 'leadWizard', version: b.version, estados: { [b.ownState]: 2 }, transiciones: {} }],
  };
}

describeEachStorage('a new build under a running server', (target) => {
  let dist: string;
  let db: TestDatabase;
  let server: TestServer;
  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), 'site-new-build-'));
    await build(dist, OLD, T0);
    db = await target.create();
    server = await startServer({
      db,
      distDir: path.join(dist, 'client'),
      now: () => new Date(`${DAY}T15:00:00Z`),
      flowCountsFlushMs: 0,
    });
  });
  afterAll(async () => {
    await server.close();
    await db.dispose();
    rmSync(dist, { recursive: true, force: true });
  });

  const page = async () => {
    const res = await fetch(`${server.base}/`);
    expect(res.status).toBe(200);
    return { policy: res.headers.get('content-security-policy') ?? '', html: await res.text() };
  };
  const send = (body: unknown) =>
    fetch(`${server.base}/api/flow-events`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': PHONE },
      body: JSON.stringify(body),
    });
  const countOf = async (version: string, state: string) =>
    (await server.storage.listFlowCounts(DAY, DAY))
      .filter((r) => r.version === version && r.item === state)
      .reduce((sum, r) => sum + r.count, 0);

  it('serves the new build’s script hash and counts its flow version from the first request after it lands', async () => {
    const before = await page();
    expect(before.html).toContain(OLD.headScript);
    expect(effectiveSources(before.policy, 'script-src')).toContain(hashOf(OLD.headScript));
    expect((await send(beacon(NEW))).status).toBe(400);

    await build(dist, NEW, T0 + 60 * 60 * 1000);

    const after = await page();
    expect(after.html).toContain(NEW.headScript);
    const sources = effectiveSources(after.policy, 'script-src');
    expect(sources).toContain(hashOf(NEW.headScript));
    expect(sources).not.toContain(hashOf(OLD.headScript));

    expect((await send(beacon(NEW))).status).toBe(204);
    expect(await countOf(NEW.version, NEW.ownState)).toBe(2);
    // A page loaded before the deploy still counts, under its own version.
    expect((await send(beacon(OLD))).status).toBe(204);
    expect(await countOf(OLD.version, OLD.ownState)).toBe(2);
  });

  it('keeps what it read while a build is half written, and takes the build once it is complete', async () => {
    const client = path.join(dist, 'client');
    // A catalogue being written: not JSON yet.
    writeFileSync(path.join(client, FLOW_CATALOGUE_FILE), '{"flows":{"leadWi');
    expect((await send(beacon(NEW))).status).toBe(204);
    await build(
      dist,
      { ...NEW, version: '33333333', ownState: 'leadWizard.steps.tres' },
      T0 + 2 * 60 * 60 * 1000,
    );
    expect(
      (await send(beacon({ ...NEW, version: '33333333', ownState: 'leadWizard.steps.tres' }))).status,
    ).toBe(204);
    expect(await countOf('33333333', 'leadWizard.steps.tres')).toBe(2);
  });
});
