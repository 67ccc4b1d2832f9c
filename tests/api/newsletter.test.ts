import Database from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { effectiveSources } from './support/csp';
import { MAINTENANCE_MESSAGE } from '../../src/domain/messages';
import { NEWSLETTER_SUBSCRIBED_MESSAGE } from '../../src/domain/newsletter';
import { NEWSLETTER_MESSAGES, validateNewsletter } from '../../src/domain/newsletter-schema';
import { NEWSLETTER_MEDIA_TYPE_MESSAGE, parseFormBody } from '../../server/newsletter';
import { POSTGRES_MIGRATIONS } from '../../server/storage/postgres';
import { SQLITE_MIGRATIONS } from '../../server/storage/sqlite';
import { postJson as postLead, serverFor, startServer, storedBody, validBody } from './helpers';
import { describeEachStorage, type TestDatabase } from './support/targets';

interface Reply {
  response: string;
  message: string;
}

const SUCCESS: Reply = { response: 'success', message: NEWSLETTER_SUBSCRIBED_MESSAGE };
const FORM = 'application/x-www-form-urlencoded';

function postForm(
  base: string,
  body: string | URLSearchParams,
  type = FORM,
  headers: Record<string, string> = {},
) {
  return fetch(`${base}/api/newsletter/`, {
    method: 'POST',
    headers: { 'content-type': type, accept: 'application/json', ...headers },
    body,
  });
}

function postJson(base: string, body: unknown) {
  return fetch(`${base}/api/newsletter/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

/** Every answer of the route: JSON, not cached, in the widget's shape. */
async function answer(res: Response): Promise<{ status: number; body: Reply }> {
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  expect(res.headers.get('cache-control')).toBe('no-store');
  const body = (await res.json()) as Reply;
  expect(Object.keys(body).sort()).toEqual(['message', 'response']);
  return { status: res.status, body };
}

describe('validateNewsletter', () => {
  it('accepts one address, trimmed and in lower case', () => {
    expect(validateNewsletter({ email: '  Ana.Paz@Example.COM ' })).toEqual({
      ok: true,
      email: 'ana.paz@example.com',
    });
  });

  it.each([
    ['no body', undefined, NEWSLETTER_MESSAGES.notObject],
    ['an array', [], NEWSLETTER_MESSAGES.notObject],
    ['text', 'ana@example.com', NEWSLETTER_MESSAGES.notObject],
    ['no email', {}, NEWSLETTER_MESSAGES.missing],
    ['a blank email', { email: '   ' }, NEWSLETTER_MESSAGES.missing],
    ['a null email', { email: null }, NEWSLETTER_MESSAGES.missing],
    ['a number', { email: 42 }, NEWSLETTER_MESSAGES.notText],
    ['two addresses', { email: ['a@example.com', 'b@example.com'] }, NEWSLETTER_MESSAGES.notText],
    ['no at sign', { email: 'ana.example.com' }, NEWSLETTER_MESSAGES.invalid],
    ['no domain', { email: 'ana@' }, NEWSLETTER_MESSAGES.invalid],
    ['a script', { email: '<script>alert(1)</script>@x.com' }, NEWSLETTER_MESSAGES.invalid],
    ['an unknown field', { email: 'a@example.com', nombre: 'Ana' }, 'El campo «nombre» no está permitido.'],
  ])('rejects %s with a Spanish message', (_name, body, message) => {
    expect(validateNewsletter(body)).toEqual({ ok: false, message });
  });

  it('rejects an address longer than 254 characters and accepts one of exactly 254', () => {
    const domain = `${'d'.repeat(60)}.${'e'.repeat(60)}.${'f'.repeat(60)}.com`;
    const exact = `${'a'.repeat(254 - domain.length - 1)}@${domain}`;
    expect(exact).toHaveLength(254);
    expect(validateNewsletter({ email: exact })).toEqual({ ok: true, email: exact });
    const long = `b${exact}`;
    expect(validateNewsletter({ email: long })).toMatchObject({ ok: false });
  });

  it('reads form fields without a prototype and repeated fields as a list', () => {
    const fields = parseFormBody('email=a%40example.com&__proto__=x&email=b%40example.com');
    expect(Object.getPrototypeOf(fields)).toBeNull();
    expect(fields.email).toEqual(['a@example.com', 'b@example.com']);
    expect(validateNewsletter(fields)).toEqual({ ok: false, message: NEWSLETTER_MESSAGES.notText });
    expect(validateNewsletter(parseFormBody('email=a%40example.com&__proto__=x'))).toEqual({
      ok: false,
      message: 'El campo «__proto__» no está permitido.',
    });
  });
});

describeEachStorage('POST /api/newsletter/', (target) => {
  const server = serverFor(target);

  it('stores a form-encoded address once; a second subscribe answers success and stores nothing', async () => {
    const first = await answer(
      await postForm(server.base, new URLSearchParams({ email: 'Ana@Example.com' })),
    );
    expect(first).toEqual({ status: 200, body: SUCCESS });
    const stored = (await server.db.subscribers()).filter((r) => r.email === 'ana@example.com');
    expect(stored).toHaveLength(1);
    expect(new Date(stored[0]?.createdAt ?? '').getTime()).toBeGreaterThan(Date.now() - 60_000);

    const again = await answer(await postForm(server.base, 'email=%20ana%40EXAMPLE.com%20'));
    expect(again).toEqual({ status: 200, body: SUCCESS });
    const json = await answer(await postJson(server.base, { email: 'ANA@example.com' }));
    expect(json).toEqual({ status: 200, body: SUCCESS });
    expect((await server.db.subscribers()).filter((r) => r.email === 'ana@example.com')).toEqual(stored);
  });

  it("answers the browser's own form post (no scripts) with a Spanish page, the widget's fetch with JSON", async () => {
    const page = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';
    const posted = await postForm(server.base, 'email=sin-js%40example.com', FORM, {
      accept: page,
      referer: `${server.base}/blog/pagina/2`,
    });
    expect(posted.status).toBe(200);
    expect(posted.headers.get('content-type')).toMatch(/^text\/html; charset=utf-8/);
    expect(effectiveSources(posted.headers.get('content-security-policy') ?? '', 'script-src')).toEqual([
      "'self'",
    ]);
    expect(posted.headers.get('cache-control')).toBe('no-store');
    const html = await posted.text();
    expect(html).toContain('<html lang="es">');
    expect(html).toContain(NEWSLETTER_SUBSCRIBED_MESSAGE);
    expect(html).toContain('href="/blog/pagina/2"');
    expect((await server.db.subscribers()).map((r) => r.email)).toContain('sin-js@example.com');

    // A refusal says why; a link back never leaves the site.
    const refused = await postForm(server.base, 'email=%3Cscript%3E', FORM, {
      accept: page,
      referer: 'https://otro.example/',
    });
    expect(refused.status).toBe(400);
    const text = await refused.text();
    expect(text).toContain('No pudimos completar la suscripción');
    expect(text).not.toContain('<script>');
    expect(text).toContain('href="/blog"');
    // The widget asks for JSON and gets it.
    expect(await answer(await postForm(server.base, 'email=sin-js%40example.com'))).toEqual({
      status: 200,
      body: SUCCESS,
    });
  });

  it('stores one row when the same address arrives many times at once', async () => {
    const before = await server.db.count('newsletter');
    const replies = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        postForm(server.base, `email=${i % 2 ? 'Carla' : 'carla'}%40example.com`).then(answer),
      ),
    );
    expect(replies.every((r) => r.status === 200 && r.body.response === 'success')).toBe(true);
    expect(await server.db.count('newsletter')).toBe(before + 1);
  });

  it('accepts JSON too, with or without the trailing slash', async () => {
    const res = await answer(await postJson(server.base, { email: 'luis@example.com' }));
    expect(res).toEqual({ status: 200, body: SUCCESS });
    const bare = await fetch(`${server.base}/api/newsletter`, {
      method: 'POST',
      headers: { 'content-type': FORM },
      body: 'email=marta%40example.com',
    });
    expect(await answer(bare)).toEqual({ status: 200, body: SUCCESS });
    const emails = (await server.db.subscribers()).map((r) => r.email);
    expect(emails).toContain('luis@example.com');
    expect(emails).toContain('marta@example.com');
  });

  it.each([
    ['an invalid address', 'email=ana', NEWSLETTER_MESSAGES.invalid],
    ['no address', '', NEWSLETTER_MESSAGES.missing],
    ['an unknown field', 'email=x%40example.com&FNAME=Ana', 'El campo «FNAME» no está permitido.'],
    ['two addresses', 'email=x%40example.com&email=y%40example.com', NEWSLETTER_MESSAGES.notText],
  ])(
    'answers %s with 400, response error and a Spanish message, storing nothing',
    async (_n, body, message) => {
      const before = await server.db.count('newsletter');
      const res = await answer(await postForm(server.base, body));
      expect(res).toEqual({ status: 400, body: { response: 'error', message } });
      expect(await server.db.count('newsletter')).toBe(before);
    },
  );

  it('answers body problems in the widget shape: broken JSON, another content type (415), over 16 KB', async () => {
    const before = await server.db.count('newsletter');
    const broken = await answer(await postForm(server.base, '{"email":', 'application/json'));
    expect(broken).toEqual({
      status: 400,
      body: { response: 'error', message: 'Los datos enviados no son un JSON válido.' },
    });
    for (const type of ['text/plain', 'multipart/form-data; boundary=x', 'application/xml']) {
      const res = await answer(await postForm(server.base, 'email=a@example.com', type));
      expect(res, type).toEqual({
        status: 415,
        body: { response: 'error', message: NEWSLETTER_MEDIA_TYPE_MESSAGE },
      });
    }
    const huge = await answer(await postForm(server.base, `email=${'a'.repeat(17 * 1024)}%40example.com`));
    expect(huge).toEqual({
      status: 400,
      body: { response: 'error', message: 'Los datos enviados superan el máximo de 16 KB.' },
    });
    expect(await server.db.count('newsletter')).toBe(before);
  });

  it('answers other methods with 405, Allow: POST and the widget shape', async () => {
    for (const method of ['GET', 'PUT', 'DELETE', 'PATCH']) {
      const res = await fetch(`${server.base}/api/newsletter/`, { method });
      expect(res.headers.get('allow'), method).toBe('POST');
      expect(await answer(res), method).toEqual({
        status: 405,
        body: { response: 'error', message: 'Método no permitido para este recurso de la API.' },
      });
    }
  });

  it('keeps the wizard endpoint JSON-only', async () => {
    const res = await fetch(`${server.base}/api/prospectos/`, {
      method: 'POST',
      headers: { 'content-type': FORM },
      body: 'nombre=Ana',
    });
    expect(res.status).toBe(415);
    expect(((await res.json()) as { campos: { campo: string }[] }).campos[0]?.campo).toBe(
      'tipo de contenido',
    );
  });

  it('answers 503 with Retry-After in the widget shape when the database cannot be reached', async () => {
    const broken = await startServer({ db: server.db });
    try {
      await broken.storage.close();
      const res = await postForm(broken.base, 'email=zoe%40example.com');
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
      const body = await answer(res);
      expect(body.status).toBe(503);
      expect(body.body.response).toBe('error');
      expect(body.body.message).toMatch(/^El servicio no está disponible en este momento\./);
      expect(body.body.message).not.toBe(MAINTENANCE_MESSAGE);
    } finally {
      await broken.close();
    }
    expect((await server.db.subscribers()).map((r) => r.email)).not.toContain('zoe@example.com');
  });
});

describeEachStorage('POST /api/newsletter/ limits and origins', (target) => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await target.create();
  });
  afterAll(() => db.dispose());

  it('shares the write limit with the lead routes: a Spanish 429 with Retry-After, nothing stored', async () => {
    const server = await startServer({ db, writeRateLimit: { max: 2, timeWindowMs: 60_000 } });
    try {
      expect((await postLead(server.base, validBody())).status).toBe(201);
      const ok = await answer(await postForm(server.base, 'email=rate1%40example.com'));
      expect(ok).toEqual({ status: 200, body: SUCCESS });
      const limited = await postForm(server.base, 'email=rate2%40example.com');
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
      const body = await answer(limited);
      expect(body.status).toBe(429);
      expect(body.body.response).toBe('error');
      expect(body.body.message).toMatch(/^Demasiadas solicitudes seguidas\. Espera un minuto/);
      expect((await postLead(server.base, validBody())).status).toBe(429);
      expect((await db.subscribers()).map((r) => r.email)).toEqual(['rate1@example.com']);
    } finally {
      await server.close();
    }
  });

  it('refuses a subscription posted from another site, in the widget shape', async () => {
    const server = await startServer({ db, corsOrigins: ['https://tienda.example'] });
    try {
      const before = await db.count('newsletter');
      const res = await answer(
        await postForm(server.base, 'email=otro%40example.com', FORM, { origin: 'https://evil.example' }),
      );
      expect(res).toEqual({
        status: 403,
        body: { response: 'error', message: 'Este sitio no tiene permiso para usar la API.' },
      });
      expect(await db.count('newsletter')).toBe(before);
      const allowed = await postForm(server.base, 'email=otro%40example.com', FORM, {
        origin: 'https://tienda.example',
      });
      expect(allowed.headers.get('access-control-allow-origin')).toBe('https://tienda.example');
      expect(await answer(allowed)).toEqual({ status: 200, body: SUCCESS });
    } finally {
      await server.close();
    }
  });
});

describe('POST /api/newsletter/ per-process request limit', () => {
  it('answers over the /api limit with a Spanish 429 in the widget shape', async () => {
    const server = await startServer({ rateLimit: { max: 2, timeWindowMs: 60_000 } });
    try {
      const statuses: number[] = [];
      let last: Reply | undefined;
      for (let i = 0; i < 3; i++) {
        const res = await postForm(server.base, `email=rate${i}%40example.com`);
        statuses.push(res.status);
        last = (await answer(res)).body;
      }
      expect(statuses).toEqual([200, 200, 429]);
      expect(last?.response).toBe('error');
      expect(last?.message).toMatch(/^Demasiadas solicitudes seguidas/);
      expect(await server.db.count('newsletter')).toBe(2);
    } finally {
      await server.close();
    }
  });
});

/** Writes the first schema version (before the newsletter) the way a server of that version did. */
async function createFirstSchema(db: TestDatabase): Promise<void> {
  if (db.env.DB_FILE) {
    const sqlite = new Database(db.env.DB_FILE);
    try {
      sqlite.exec(SQLITE_MIGRATIONS[0] ?? '');
      sqlite.pragma('user_version = 1');
    } finally {
      sqlite.close();
    }
    return;
  }
  const client = new pg.Client({ connectionString: db.env.DATABASE_URL });
  await client.connect();
  try {
    await client.query(
      'CREATE TABLE schema_migrations (version integer PRIMARY KEY, applied_at timestamptz NOT NULL)',
    );
    await client.query(POSTGRES_MIGRATIONS[0] ?? '');
    await client.query('INSERT INTO schema_migrations (version, applied_at) VALUES (1, now())');
  } finally {
    await client.end();
  }
}

describeEachStorage('newsletter migration', (target) => {
  it('adds the newsletter table to a database of the first schema version, keeping its leads', async () => {
    const db = await target.create();
    try {
      await createFirstSchema(db);
      const first = await db.open();
      const lead = await first.createProspect(storedBody(), 'clave-antes-del-boletin');
      await first.close();

      const server = await startServer({ db });
      try {
        const res = await answer(await postForm(server.base, 'email=nueva%40example.com'));
        expect(res).toEqual({ status: 200, body: SUCCESS });
        expect((await db.subscribers()).map((r) => r.email)).toEqual(['nueva@example.com']);
        expect((await db.row(lead.id))?.data).toEqual(storedBody());
      } finally {
        await server.close();
      }
    } finally {
      await db.dispose();
    }
  });
});
