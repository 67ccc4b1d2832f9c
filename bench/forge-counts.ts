/**
 * npx tsx bench/forge-counts.ts — what one client address can add to one real-visitor counter by
 * forging beacons (issue 51): the real app with the production limits, on SQLite, sends beacons
 * from one address as fast as it answers for FORGE_SECONDS (60), each with the most a beacon may
 * add to a failure state of the wizard, then reads the counter back through GET /api/flow-counts.
 * FORGE_IN_FLIGHT (8) beacons are in flight at once.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { buildApp } from '../server/app';
import { FLOW_CATALOGUE_FILE } from '../server/flow-counts';
import { openStorage } from '../server/storage';
import { FLOW_COUNTS_LIMITS } from '../src/domain/flow-counts-batch';
import { flowCatalogue } from '../scripts/flow-catalogue';

const SECONDS = Number(process.env.FORGE_SECONDS ?? 60);
const IN_FLIGHT = Number(process.env.FORGE_IN_FLIGHT ?? 8);
const PHONE =
  'Mozilla/5.0 (Linux; Android 14; moto g54) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

const catalogue = flowCatalogue();
const wizard = catalogue.flows.leadWizard;
if (!wizard) throw new Error('the catalogue has no wizard');
const target = wizard.states.find((s) => /fail|error|refus/i.test(s));
if (!target) throw new Error('the wizard has no failure state');

const dir = mkdtempSync(path.join(tmpdir(), 'forge-counts-'));
writeFileSync(path.join(dir, FLOW_CATALOGUE_FILE), JSON.stringify(catalogue));
const storage = await openStorage({ dbFile: path.join(dir, 'site.db') });
const app = buildApp({ storage, distDir: dir, production: false, logger: false });
await app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

const statuses = new Map<number, number>();
const end = Date.now() + SECONDS * 1000;
async function sender(): Promise<void> {
  while (Date.now() < end) {
    const res = await fetch(`${base}/api/flow-events`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': PHONE },
      body: JSON.stringify({
        lote: crypto.randomUUID(),
        flujos: [
          {
            flujo: 'leadWizard',
            version: wizard?.version,
            estados: { [target as string]: FLOW_COUNTS_LIMITS.count },
            transiciones: {},
          },
        ],
      }),
    });
    await res.arrayBuffer();
    statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
  }
}
await Promise.all(Array.from({ length: IN_FLIGHT }, sender));

const read = await fetch(`${base}/api/flow-counts`);
const answer = (await read.json()) as { flujos: { estados: Record<string, number> }[] };
const added = answer.flujos.reduce((sum, f) => sum + (f.estados[target] ?? 0), 0);
await app.close();
rmSync(dir, { recursive: true, force: true });

const sent = [...statuses.values()].reduce((a, b) => a + b, 0);
console.info(`${SECONDS} s, one address, ${sent} beacons: ${JSON.stringify(Object.fromEntries(statuses))}`);
console.info(`added to «${target}»: ${added} (${Math.round((added / SECONDS) * 60)} a minute)`);
