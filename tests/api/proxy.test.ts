/**
 * Behind the documented proxy (docs/deployment.md's nginx block, in a real nginx) and with the
 * documented TRUST_PROXY, a client cannot choose its own address: with a new forged
 * X-Forwarded-For on every request, the write, read and beacon limits still hold, the country
 * lookup answers for the address nginx saw and the log's client hash stays the same. Each client
 * of the test connects from its own loopback address (127.0.0.x), so the limits are shown to
 * follow the address nginx saw, not nginx's own.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flowCatalogue } from '../../scripts/flow-catalogue';
import { DEFAULT_RATE_LIMIT } from '../../server/api';
import { DEFAULT_FLOW_EVENTS_RATE_LIMIT, FLOW_CATALOGUE_FILE } from '../../server/flow-counts';
import { DEFAULT_WRITE_RATE_LIMIT } from '../../server/guards';
import { newBusinessBody, type ErrorBody } from './helpers';
import { documentedSetting, findNginx, startDocumentedNginx, type RunningNginx } from './support/nginx';
import { spawnServer, type ServerProcess } from './support/process';
import { describeEachStorage, type TestDatabase } from './support/targets';

const nginx = findNginx();
const PHONE =
  'Mozilla/5.0 (Linux; Android 14; moto g54) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

interface Answer {
  status: number;
  retryAfter: string | undefined;
  text: string;
}

/** One request through nginx, from the loopback address `from`, on a connection of its own. */
function viaProxy(
  port: number,
  from: string,
  urlPath: string,
  options: { method?: string; headers?: Record<string, string>; body?: unknown } = {},
): Promise<Answer> {
  const body = options.body === undefined ? undefined : JSON.stringify(options.body);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        path: urlPath,
        method: options.method ?? 'GET',
        localAddress: from,
        agent: false,
        headers: {
          'user-agent': PHONE,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...options.headers,
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => {
          const retryAfter = res.headers['retry-after'];
          resolve({ status: res.statusCode ?? 0, retryAfter, text });
        });
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** A new forged header for request `i`: one address, or a chain as a client would write it. */
function forged(i: number): Record<string, string> {
  const a = `203.0.113.${i % 256}`;
  const b = `192.0.2.${(i * 7) % 256}`;
  return { 'x-forwarded-for': i % 2 === 0 ? a : `${b}, ${a}` };
}

let batch = 0;
const wizard = flowCatalogue().flows.leadWizard;
function beacon() {
  return {
    lote: `${String(++batch).padStart(8, '0')}-0000-4000-8000-00000000cafe`,
    flujos: [
      {
        flujo: 'leadWizard',
        version: wizard?.version,
        estados: { 'leadWizard.steps.contact': 1 },
        transiciones: {},
      },
    ],
  };
}

/** The log's client hash of each `request completed` line for `urlPath`. */
function loggedClients(output: string, urlPath: string): string[] {
  return output
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as { msg?: string; path?: string; client?: string })
    .filter((entry) => entry.msg === 'request completed' && entry.path === urlPath)
    .map((entry) => entry.client ?? '');
}

if (!nginx) {
  console.warn(
    'nginx is not installed (Debian package nginx, or NGINX_BIN): the tests behind the documented proxy are skipped.',
  );
  describe('behind the documented proxy', () => {
    it.skip('nginx not available: install Debian’s nginx (or nginx-light) or set NGINX_BIN', () => undefined);
  });
} else {
  const bin = nginx;
  // The documented value (the proxy's address), and a count of one proxy, which the server reads
  // as the one entry nginx wrote.
  for (const trustProxy of [documentedSetting('TRUST_PROXY'), '1'])
    describeEachStorage(`behind the documented proxy, TRUST_PROXY=${trustProxy}`, (target) => {
      let root: string;
      let db: TestDatabase;
      let app: ServerProcess;
      let proxy: RunningNginx;

      beforeAll(async () => {
        root = mkdtempSync(path.join(tmpdir(), 'proxy-'));
        const distDir = path.join(root, 'client');
        mkdirSync(distDir);
        writeFileSync(path.join(distDir, FLOW_CATALOGUE_FILE), JSON.stringify(flowCatalogue()));
        writeFileSync(
          path.join(distDir, 'routes-manifest.json'),
          JSON.stringify({ routes: {}, notFound: '404.html' }),
        );
        writeFileSync(path.join(distDir, '404.html'), '<!doctype html><title>No existe</title>');
        db = await target.create();
        app = await spawnServer({
          ...db.env,
          DIST_DIR: distDir,
          TRUST_PROXY: trustProxy,
          RATE_LIMIT: String(DEFAULT_RATE_LIMIT.max),
          WRITE_RATE_LIMIT: String(DEFAULT_WRITE_RATE_LIMIT.max),
        });
        proxy = await startDocumentedNginx(bin, new URL(app.base).host);
      }, 60_000);

      afterAll(async () => {
        await proxy?.stop();
        app?.child.kill('SIGTERM');
        await app?.exited;
        await db?.dispose();
        rmSync(root, { recursive: true, force: true });
      });

      it('holds the write limit against a new forged X-Forwarded-For on every create, per address nginx saw', async () => {
        const attempts = 200;
        const statuses: number[] = [];
        let limited: Answer | undefined;
        for (let i = 0; i < attempts; i++) {
          const answer = await viaProxy(proxy.port, '127.0.0.2', '/api/prospectos/', {
            method: 'POST',
            headers: forged(i),
            // A business each: the same one again would land on its first lead (one lead per business).
            body: newBusinessBody(),
          });
          statuses.push(answer.status);
          if (answer.status === 429) limited ??= answer;
        }
        const accepted = statuses.filter((status) => status === 201).length;
        console.info(`${target.name}: creates accepted with forged headers: ${accepted} of ${attempts}`);
        expect(accepted).toBeLessThanOrEqual(DEFAULT_WRITE_RATE_LIMIT.max);
        expect(statuses.slice(0, DEFAULT_WRITE_RATE_LIMIT.max).every((status) => status === 201)).toBe(true);
        expect(limited?.retryAfter).toMatch(/^\d+$/);
        expect((JSON.parse(limited?.text ?? '{}') as ErrorBody).error).toMatch(/^Demasiadas solicitudes/);
        expect(await db.count('prospectos')).toBe(accepted);

        // Another client behind the same proxy has its own budget: the limit follows the address nginx saw.
        const other = await viaProxy(proxy.port, '127.0.0.3', '/api/prospectos/', {
          method: 'POST',
          headers: forged(0),
          body: newBusinessBody(),
        });
        expect(other.status).toBe(201);
      });

      it('holds the read limit, and answers the country of the address nginx saw', async () => {
        const attempts = DEFAULT_RATE_LIMIT.max + 10;
        const answers: Answer[] = [];
        for (let i = 0; i < attempts; i++) {
          answers.push(
            await viaProxy(proxy.port, '127.0.0.4', '/api/public/ip2location/', { headers: forged(i) }),
          );
        }
        const accepted = answers.filter((answer) => answer.status === 200);
        console.info(`${target.name}: reads accepted with forged headers: ${accepted.length} of ${attempts}`);
        expect(accepted.length).toBeLessThanOrEqual(DEFAULT_RATE_LIMIT.max);
        expect(answers.at(-1)?.status).toBe(429);
        // The forged headers name Chile and Uruguay (documentation ranges); nginx saw a loopback client.
        expect(new Set(accepted.map((answer) => answer.text))).toEqual(new Set(['{"countryCode":"AR"}']));
      });

      it('holds the beacon limit against forged headers', async () => {
        const attempts = DEFAULT_FLOW_EVENTS_RATE_LIMIT.max + 20;
        const statuses: number[] = [];
        for (let i = 0; i < attempts; i++) {
          const answer = await viaProxy(proxy.port, '127.0.0.5', '/api/flow-events', {
            method: 'POST',
            headers: forged(i),
            body: beacon(),
          });
          statuses.push(answer.status);
        }
        const accepted = statuses.filter((status) => status === 204).length;
        console.info(`${target.name}: beacons accepted with forged headers: ${accepted} of ${attempts}`);
        expect(accepted).toBeLessThanOrEqual(DEFAULT_FLOW_EVENTS_RATE_LIMIT.max);
        expect(statuses.at(-1)).toBe(429);
      });

      it('logs one client hash per address nginx saw, whatever the header says', async () => {
        const probe = '/api/sonda-registro';
        for (let i = 0; i < 4; i++) await viaProxy(proxy.port, '127.0.0.6', probe, { headers: forged(i) });
        await viaProxy(proxy.port, '127.0.0.7', probe, { headers: forged(0) });
        let clients: string[] = [];
        for (let wait = 0; wait < 40 && clients.length < 5; wait++) {
          await new Promise((resolve) => setTimeout(resolve, 50));
          clients = loggedClients(app.output(), probe);
        }
        expect(clients).toHaveLength(5);
        const [first, ...rest] = clients;
        expect(rest.slice(0, 3)).toEqual([first, first, first]);
        expect(rest[3]).not.toBe(first);
      });
    });
}
