/**
 * Property-based fuzzing of every API endpoint with random and hostile methods, paths, headers and
 * bodies: never a 5xx, never a stack trace or internal detail, every error a Spanish JSON body, and
 * every row stored is a valid, normalised lead or newsletter address. Bounded in time per storage.
 */
import { request } from 'node:http';
import { connect } from 'node:net';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { validateNewsletter } from '../../src/domain/newsletter-schema';
import { validateProspect } from '../../src/domain/prospect-schema';
import { leadBusiness } from '../../server/storage/types';
import { serverFor, validBody } from './helpers';
import { describeEachStorage } from './support/targets';

const RUNS = Number(process.env.FUZZ_RUNS ?? 250);
const TIME_LIMIT_MS = Number(process.env.FUZZ_TIME_LIMIT_MS ?? 20_000);

interface Sent {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: string | undefined;
}

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

/** Sends exactly these bytes (fetch would normalise paths and refuse some methods and headers). */
function send(base: string, sent: Sent): Promise<Answer | 'refused by the client'> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    let req;
    try {
      req = request(
        {
          host: url.hostname,
          port: url.port,
          method: sent.method,
          path: sent.path,
          headers: sent.headers,
          agent: false,
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () =>
            resolve({
              status: res.statusCode ?? 0,
              headers: res.headers,
              text: Buffer.concat(chunks).toString('utf8'),
            }),
          );
          res.on('error', reject);
        },
      );
    } catch {
      // Node's client refuses some methods, paths and header values before sending anything.
      resolve('refused by the client');
      return;
    }
    req.on('error', reject);
    if (sent.body !== undefined) req.write(sent.body);
    req.end();
  });
}

/** Writes raw bytes on a new connection and returns everything the server answers. */
function sendRaw(base: string, bytes: string): Promise<string> {
  const url = new URL(base);
  return new Promise((resolve) => {
    const socket = connect(Number(url.port), url.hostname, () => socket.end(bytes));
    let answer = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (answer += chunk));
    socket.on('close', () => resolve(answer));
    socket.on('error', () => undefined);
  });
}

const HOSTILE_STRINGS = [
  '',
  ' ',
  '\u0000',
  '\u202eabc',
  '\ud800',
  "'; DROP TABLE prospectos; --",
  '" OR 1=1 --',
  '<script>alert(1)</script>',
  '=HYPERLINK("http://x","y")',
  '__proto__',
  'constructor',
  '${jndi:ldap://x/a}',
  '../../etc/passwd',
  '%00%0d%0a',
  '{"$gt":""}',
  '😀'.repeat(40),
  'a'.repeat(130),
  'x'.repeat(5000),
];

const text = fc.oneof(
  fc.constantFrom(...HOSTILE_STRINGS),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 130 }),
);

const value: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 5, arbitrary: text },
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(text, { maxLength: 3 }),
  fc.dictionary(text, text, { maxKeys: 3 }),
);

const FIELDS = Object.keys(validBody());
const infoEmpresa = fc.oneof(
  fc.constant('{}'),
  fc.constant('{"rubro":"gastronomico","sector":"pizzeria","visitoDemo":true}'),
  fc.json({ maxDepth: 2 }),
  text,
);

/** A valid lead with some fields replaced, removed or added: mostly rejected, sometimes stored. */
const mutatedLead = fc
  .record({
    replace: fc.option(
      fc.dictionary(fc.constantFrom(...FIELDS, 'id', 'estado', '__proto__', 'extra'), value, {
        minKeys: 1,
        maxKeys: 3,
      }),
      { nil: {} },
    ),
    remove: fc.option(fc.subarray(FIELDS, { minLength: 1, maxLength: 2 }), { nil: [] as string[] }),
    nombre: text,
    email: fc.oneof(fc.constant(undefined), fc.emailAddress(), text),
    infoEmpresa,
    pais: fc.constantFrom(
      { codigo: 'CL', nombre: 'Chile', prefijo: '+56', whatsapp: '+56912345678' },
      { codigo: 'MX', nombre: 'México', prefijo: '+52', whatsapp: '+525512345678' },
      { codigo: 'AR', nombre: 'Argentina', prefijo: '+549', whatsapp: '+5491123456789' },
    ),
  })
  .map(({ replace, remove, nombre, email, infoEmpresa: info, pais }) => {
    const { whatsapp, ...country } = pais;
    const lead: Record<string, unknown> = {
      ...validBody(),
      nombre,
      email,
      infoEmpresa: info,
      pais: country,
      whatsapp,
    };
    for (const key of remove) delete lead[key];
    for (const [key, v] of Object.entries(replace)) {
      Object.defineProperty(lead, key, { value: v, enumerable: true, writable: true, configurable: true });
    }
    return JSON.stringify(lead);
  });

const body = fc.oneof(
  { weight: 6, arbitrary: mutatedLead },
  fc.json({ maxDepth: 3 }),
  fc.string({ maxLength: 200 }),
  fc.constant('{"nombre": "José",'),
  fc.constant(`{"urlQueryString":"${'a'.repeat(17 * 1024)}"}`),
  fc.constant('email=ana%40example.com&email=x'),
  fc.constant(''),
  fc.constant(undefined),
);

const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'APPLICATION/JSON',
  'application/json; charset=latin1',
  'application/json, text/plain',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/xml',
  '',
];

const API_PATHS = [
  '/api/prospectos/',
  '/api/prospectos',
  '/api/prospectos/?email=jose@example.com',
  '/api/public/ip2location/',
  '/api/public/cotizaciones/USD/CLP',
  '/api/public/cotizaciones/USD/clp',
  '/api/public/cotizaciones/USD/%E0%A4%A',
  '/api/public/cotizaciones/USD/..%2F..%2Fetc',
  '/api/health',
  '/api/newsletter/',
  '/api/newsletter',
  '/api/newsletter/?email=ana@example.com',
  '/api/',
  '/api//prospectos/',
  '/api/prospectos/../health',
  '/api/prospectos/%00',
];

const pathArb = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...API_PATHS) },
  fc.webSegment().map((s) => `/api/public/cotizaciones/USD/${s}`),
  fc.array(fc.webSegment(), { maxLength: 4 }).map((segments) => `/api/${segments.join('/')}`),
  fc.string({ maxLength: 30 }).map((s) => `/api/${encodeURIComponent(s)}`),
);

const requestArb = fc
  .record({
    method: fc.constantFrom(
      'POST',
      'POST',
      'PUT',
      'PUT',
      'GET',
      'HEAD',
      'DELETE',
      'PATCH',
      'OPTIONS',
      'TRACE',
      'PROPFIND',
      'SEARCH',
    ),
    path: pathArb,
    contentType: fc.oneof(fc.constantFrom(...CONTENT_TYPES), fc.string({ maxLength: 30 })),
    idempotencyKey: fc.option(
      fc.oneof(fc.uuid(), fc.string({ maxLength: 120 }), fc.constantFrom('clave-fija-1')),
      {
        nil: undefined,
      },
    ),
    extra: fc.dictionary(
      fc.constantFrom('origin', 'content-encoding', 'accept', 'x-forwarded-for', 'cookie', 'accept-encoding'),
      fc.string({ maxLength: 40 }),
      { maxKeys: 2 },
    ),
    body,
  })
  .map(({ method, path: p, contentType, idempotencyKey, extra, body: b }) =>
    withBody(
      method,
      p,
      {
        ...extra,
        ...(contentType ? { 'content-type': contentType } : {}),
        ...(idempotencyKey === undefined ? {} : { 'idempotency-key': idempotencyKey }),
      },
      method === 'GET' || method === 'HEAD' ? undefined : b,
    ),
  );

/** Frames the body with Content-Length (Node's client would send a DELETE body unframed). */
function withBody(method: string, p: string, headers: Record<string, string>, b: string | undefined): Sent {
  return {
    method,
    path: p,
    headers: b === undefined ? headers : { ...headers, 'content-length': String(Buffer.byteLength(b)) },
    body: b,
  };
}

/** Lead bodies where a lead is expected: what gets past the schema is stored, and must be valid. */
const leadRequestArb = fc
  .record({
    method: fc.constantFrom('POST', 'POST', 'POST', 'PUT'),
    contentType: fc.constantFrom('application/json', 'application/json; charset=utf-8'),
    idempotencyKey: fc.option(fc.oneof(fc.uuid(), fc.constantFrom('clave-fija-1', 'clave-fija-2')), {
      nil: undefined,
    }),
    body: mutatedLead,
  })
  .map(({ method, contentType, idempotencyKey, body: b }) =>
    withBody(
      method,
      '/api/prospectos/',
      {
        'content-type': contentType,
        ...(idempotencyKey === undefined ? {} : { 'idempotency-key': idempotencyKey }),
      },
      b,
    ),
  );

/** Newsletter bodies, as a form or JSON: what gets past the schema is stored once, in lower case. */
const newsletterRequestArb = fc
  .record({
    email: fc.oneof(
      { weight: 3, arbitrary: fc.emailAddress() },
      fc.emailAddress().map((e) => `  ${e.toUpperCase()} `),
      fc.constantFrom('ana@example.com', 'ANA@Example.com', ' ana@example.com'),
      text,
      fc.constant(undefined),
    ),
    extra: fc.option(
      fc.dictionary(fc.constantFrom('FNAME', '__proto__', 'email', 'b'), text, { maxKeys: 2 }),
      {
        nil: {},
      },
    ),
    json: fc.boolean(),
  })
  .map(({ email, extra, json }) => {
    if (json) {
      const fields: Record<string, unknown> = email === undefined ? {} : { email };
      for (const [key, v] of Object.entries(extra)) {
        Object.defineProperty(fields, key, {
          value: v,
          enumerable: true,
          writable: true,
          configurable: true,
        });
      }
      return withBody(
        'POST',
        '/api/newsletter/',
        { 'content-type': 'application/json' },
        JSON.stringify(fields),
      );
    }
    const form = new URLSearchParams(email === undefined ? {} : { email });
    for (const [key, v] of Object.entries(extra)) form.append(key, v);
    return withBody(
      'POST',
      '/api/newsletter/',
      { 'content-type': 'application/x-www-form-urlencoded' },
      form.toString(),
    );
  });

/** Bytes that are barely, or not at all, HTTP. */
const rawArb = fc.oneof(
  fc.string({ maxLength: 200 }),
  fc.string({ unit: 'binary', maxLength: 200 }),
  fc
    .record({
      line: fc.constantFrom(
        'POST /api/prospectos/ HTTP/1.1',
        'GET /api/health HTTP/1.1',
        'PUT /api/prospectos HTTP/1.0',
      ),
      header: fc.string({ maxLength: 60 }),
      body: fc.string({ maxLength: 100 }),
    })
    .map(({ line, header, body: b }) => `${line}\r\nHost: x\r\n${header}\r\n\r\n${b}`),
  fc.constant(`GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`),
  fc.constant(
    'POST /api/prospectos/ HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n',
  ),
);

const BODILESS_WRONG_METHODS = ['GET', 'HEAD', 'TRACE', 'PROPFIND', 'SEARCH'];
const NEWSLETTER_PATH = /^\/api\/newsletter\/?(\?|$)/;
const INTERNAL_DETAIL = /\bat .+:\d+|node_modules|\.ts\b|SqliteError|SQLITE_|DatabaseError|pg_|Error:/;

function checkAnswer(sent: Sent, answer: Answer): void {
  const context = JSON.stringify(sent).slice(0, 300);
  expect(answer.status, context).toBeLessThan(500);
  expect(answer.text, context).not.toMatch(INTERNAL_DETAIL);
  // Methods whose body fastify does not parse (no 415 first), from no foreign origin (no 403 first).
  if (
    /^\/api\/prospectos\/?$/.test(sent.path) &&
    BODILESS_WRONG_METHODS.includes(sent.method) &&
    !Object.keys(sent.headers).some((h) => h.toLowerCase() === 'origin')
  ) {
    expect(answer.status, context).toBe(405);
    expect(answer.headers.allow, context).toBe('POST, PUT');
  }
  if (sent.method === 'HEAD' || answer.status === 204) return;
  if (answer.status >= 400 && sent.path.startsWith('/api/')) {
    expect(answer.headers['content-type'], context).toMatch(/^application\/json/);
    const parsed = JSON.parse(answer.text) as { error?: unknown; response?: unknown; message?: unknown };
    if (NEWSLETTER_PATH.test(sent.path)) {
      // The widget's shape, whatever went wrong.
      expect(parsed.response, context).toBe('error');
      expect(typeof parsed.message, context).toBe('string');
    } else {
      expect(typeof parsed.error, context).toBe('string');
    }
  }
}

describeEachStorage('fuzzing the API', (target) => {
  let dist: string;
  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), 'site-fuzz-dist-'));
    mkdirSync(dist, { recursive: true });
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Inicio</title>');
    writeFileSync(path.join(dist, '404.html'), '<!doctype html><title>No existe</title>');
    writeFileSync(
      path.join(dist, 'routes-manifest.json'),
      JSON.stringify({ routes: { '/': 'index.html' }, notFound: '404.html' }),
    );
  });
  afterAll(() => rmSync(dist, { recursive: true, force: true }));
  const server = serverFor(target, () => ({ distDir: dist }));

  /** `examples` run first: a valid request among them keeps the "something was stored" check from
   * depending on how many random runs a busy machine gets through before the time limit. */
  async function fuzz(arb: fc.Arbitrary<Sent>, examples: Sent[] = []): Promise<number> {
    let sentCount = 0;
    await fc.assert(
      fc.asyncProperty(arb, async (sent) => {
        const answer = await send(server.base, sent);
        if (answer === 'refused by the client') return;
        sentCount++;
        checkAnswer(sent, answer);
      }),
      { numRuns: RUNS, interruptAfterTimeLimit: TIME_LIMIT_MS, examples: examples.map((e) => [e]) },
    );
    return sentCount;
  }

  it('answers any method, path, header and body below 500 with a clean Spanish body', async () => {
    expect(await fuzz(requestArb)).toBeGreaterThan(50);
  });

  it('answers bytes that are not HTTP with a Spanish 4xx or nothing, and keeps serving', async () => {
    await fc.assert(
      fc.asyncProperty(rawArb, async (bytes) => {
        const answer = await sendRaw(server.base, bytes);
        expect(answer, JSON.stringify(bytes).slice(0, 200)).not.toMatch(/Client Error|\bat .+:\d+/);
        for (const [, status] of answer.matchAll(/^HTTP\/1\.1 (\d{3})/gm)) {
          expect(Number(status)).toBeLessThan(500);
        }
      }),
      { numRuns: Math.ceil(RUNS / 2), interruptAfterTimeLimit: TIME_LIMIT_MS / 2 },
    );
    expect((await fetch(`${server.base}/api/health`)).status).toBe(200);
  });

  it('stores only valid, normalised leads from lead-shaped bodies', async () => {
    const validLead = withBody(
      'POST',
      '/api/prospectos/',
      { 'content-type': 'application/json' },
      JSON.stringify(validBody()),
    );
    expect(await fuzz(leadRequestArb, [validLead])).toBeGreaterThan(50);

    const health = await fetch(`${server.base}/api/health`);
    expect(health.status).toBe(200);

    const rows = await server.db.rows();
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      const again = validateProspect(row.data, { requireId: false });
      expect(again, JSON.stringify(row.data)).toEqual({ ok: true, value: row.data });
      expect(row.data).not.toHaveProperty('recaptchaToken');
      expect(row.estado).toBe('nuevo');
    }
    // One lead per business: however many keys and spellings were sent, no business is stored twice.
    expect(new Set(rows.map((row) => leadBusiness(row.data))).size).toBe(rows.length);
  });

  it('stores only valid, lower-case newsletter addresses, each once', async () => {
    expect(await fuzz(newsletterRequestArb)).toBeGreaterThan(50);
    const subscribers = await server.db.subscribers();
    expect(subscribers.length).toBeGreaterThan(0);
    for (const { email } of subscribers) {
      expect(validateNewsletter({ email }), email).toEqual({ ok: true, email });
    }
    expect(new Set(subscribers.map((s) => s.email)).size).toBe(subscribers.length);
  });
});
