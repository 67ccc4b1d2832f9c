import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NEWSLETTER_SUBSCRIBED_MESSAGE } from '../../src/domain/newsletter';
import { NEWSLETTER_MESSAGES, validateNewsletter } from '../../src/domain/newsletter-schema';
import { NEWSLETTER_MEDIA_TYPE_MESSAGE, parseFormBody } from '../../server/newsletter';
import { startServer, type TestServer } from './helpers';

interface Reply {
  response: string;
  message: string;
}

interface Row {
  email: string;
  created_at: string;
}

const SUCCESS: Reply = { response: 'success', message: NEWSLETTER_SUBSCRIBED_MESSAGE };

function postForm(base: string, body: string | URLSearchParams, type = 'application/x-www-form-urlencoded') {
  return fetch(`${base}/api/newsletter/`, {
    method: 'POST',
    headers: { 'content-type': type, accept: 'application/json' },
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

async function answer(res: Response): Promise<{ status: number; body: Reply }> {
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  expect(res.headers.get('cache-control')).toBe('no-store');
  return { status: res.status, body: (await res.json()) as Reply };
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

describe('POST /api/newsletter/', () => {
  let server: TestServer;
  const rows = () => server.query<Row>('SELECT email, created_at FROM newsletter ORDER BY email');
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server.close());

  it('stores a form-encoded address once; a second subscribe answers success and stores nothing', async () => {
    const first = await answer(
      await postForm(server.base, new URLSearchParams({ email: 'Ana@Example.com' })),
    );
    expect(first).toEqual({ status: 200, body: SUCCESS });
    const stored = rows().filter((r) => r.email === 'ana@example.com');
    expect(stored).toHaveLength(1);
    expect(new Date(stored[0]?.created_at ?? '').getTime()).toBeGreaterThan(Date.now() - 60_000);

    const again = await answer(await postForm(server.base, 'email=%20ana%40EXAMPLE.com%20'));
    expect(again).toEqual({ status: 200, body: SUCCESS });
    expect(rows().filter((r) => r.email === 'ana@example.com')).toEqual(stored);
  });

  it('accepts JSON too', async () => {
    const res = await answer(await postJson(server.base, { email: 'luis@example.com' }));
    expect(res).toEqual({ status: 200, body: SUCCESS });
    expect(rows().map((r) => r.email)).toContain('luis@example.com');
  });

  it.each([
    ['an invalid address', 'email=ana', NEWSLETTER_MESSAGES.invalid],
    ['no address', '', NEWSLETTER_MESSAGES.missing],
    ['an unknown field', 'email=x%40example.com&FNAME=Ana', 'El campo «FNAME» no está permitido.'],
    ['two addresses', 'email=x%40example.com&email=y%40example.com', NEWSLETTER_MESSAGES.notText],
  ])(
    'answers %s with 400, response error and a Spanish message, storing nothing',
    async (_n, body, message) => {
      const before = rows().length;
      const res = await answer(await postForm(server.base, body));
      expect(res).toEqual({ status: 400, body: { response: 'error', message } });
      expect(rows()).toHaveLength(before);
    },
  );

  it('answers body problems in the widget shape', async () => {
    const broken = await answer(await postForm(server.base, '{"email":', 'application/json'));
    expect(broken).toEqual({
      status: 400,
      body: { response: 'error', message: 'Los datos enviados no son un JSON válido.' },
    });
    const text = await answer(await postForm(server.base, 'email=a@example.com', 'text/plain'));
    expect(text).toEqual({
      status: 400,
      body: { response: 'error', message: NEWSLETTER_MEDIA_TYPE_MESSAGE },
    });
    const huge = await answer(await postForm(server.base, `email=${'a'.repeat(40 * 1024)}`));
    expect(huge.status).toBe(400);
    expect(huge.body.response).toBe('error');
    expect(huge.body.message).toMatch(/superan el máximo de 32 KB/);
  });

  it('answers other methods with 405 and Allow: POST', async () => {
    const res = await fetch(`${server.base}/api/newsletter/`);
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('POST');
  });

  it('keeps the wizard endpoint JSON-only', async () => {
    const res = await fetch(`${server.base}/api/prospectos/`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'nombre=Ana',
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { campos: { campo: string }[] }).campos[0]?.campo).toBe(
      'tipo de contenido',
    );
  });
});

describe('POST /api/newsletter/ rate limit', () => {
  it('shares the API limit and answers over it with a Spanish 429 in the widget shape', async () => {
    const server = await startServer({ rateLimit: { max: 2, timeWindowMs: 60_000 } });
    try {
      const statuses: number[] = [];
      let last: Reply | undefined;
      for (let i = 0; i < 3; i++) {
        const res = await postForm(server.base, `email=rate${i}%40example.com`);
        statuses.push(res.status);
        last = (await res.json()) as Reply;
      }
      expect(statuses).toEqual([200, 200, 429]);
      expect(last?.response).toBe('error');
      expect(last?.message).toMatch(/^Demasiadas solicitudes seguidas/);
      expect(server.query<{ n: number }>('SELECT count(*) AS n FROM newsletter')[0]?.n).toBe(2);
    } finally {
      await server.close();
    }
  });
});
