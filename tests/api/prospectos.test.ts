import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postJson, putJson, startServer, validBody, type ErrorBody, type TestServer } from './helpers';

interface Row {
  id: string;
  estado: string;
  data: string;
  created_at: string;
  updated_at: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('POST and PUT /api/prospectos/', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server.close());

  it('creates a prospect, then updates it, and both land in the SQLite file', async () => {
    const before = server.count('prospectos');
    const created = await postJson(server.base, validBody());
    expect(created.status).toBe(201);
    expect(created.headers.get('cache-control')).toBe('no-store');
    const { id, estado } = (await created.json()) as { id: string; estado: string };
    expect(id).toMatch(UUID);
    expect(estado).toBe('nuevo');
    expect(server.count('prospectos')).toBe(before + 1);

    const [row] = server.query<Row>('SELECT * FROM prospectos WHERE id = ?', id);
    expect(row?.estado).toBe('nuevo');
    const stored = JSON.parse(row?.data ?? 'null') as Record<string, unknown>;
    const { recaptchaToken: _token, ...expected } = validBody();
    expect(stored).toEqual(expected);

    await new Promise((resolve) => setTimeout(resolve, 5));
    const info = '{"situacionActual":"buscar_mas_clientes","rubro":"gastronomico","sector":"pizzeria"}';
    const updated = await putJson(server.base, { ...validBody(), id, infoEmpresa: info, email: undefined });
    expect(updated.status).toBe(200);
    expect(await updated.json()).toEqual({ id, estado: 'nuevo' });
    expect(server.count('prospectos')).toBe(before + 1);

    const [after] = server.query<Row>('SELECT * FROM prospectos WHERE id = ?', id);
    const data = JSON.parse(after?.data ?? 'null') as Record<string, unknown>;
    expect(data.infoEmpresa).toBe(info);
    expect(data).not.toHaveProperty('email');
    expect(data).not.toHaveProperty('id');
    expect(after?.created_at).toBe(row?.created_at);
    expect((after?.updated_at ?? '') > (row?.updated_at ?? '')).toBe(true);
  });

  it('stores normalised values (trimmed, separators removed from WhatsApp)', async () => {
    const res = await postJson(server.base, {
      ...validBody(),
      nombre: '  Ana  ',
      whatsapp: '+56 9 1234-5678',
      pais: { codigo: 'CL', nombre: 'Chile', prefijo: '+56' },
      email: '',
    });
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: string };
    const [row] = server.query<Row>('SELECT data FROM prospectos WHERE id = ?', id);
    const data = JSON.parse(row?.data ?? 'null') as Record<string, unknown>;
    expect(data.nombre).toBe('Ana');
    expect(data.whatsapp).toBe('+56912345678');
    expect(data).not.toHaveProperty('email');
  });

  it('creates two prospects for two posts without an Idempotency-Key', async () => {
    const before = server.count('prospectos');
    const a = (await (await postJson(server.base, validBody())).json()) as { id: string };
    const b = (await (await postJson(server.base, validBody())).json()) as { id: string };
    expect(a.id).not.toBe(b.id);
    expect(server.count('prospectos')).toBe(before + 2);
  });

  it('returns the first result for a repeated Idempotency-Key and stores nothing new', async () => {
    const before = server.count('prospectos');
    const headers = { 'idempotency-key': 'clave-repetida-1' };
    const first = await postJson(server.base, validBody(), headers);
    expect(first.status).toBe(201);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    const firstBody = (await first.json()) as { id: string };

    const second = await postJson(server.base, { ...validBody(), nombre: 'Otro' }, headers);
    expect(second.status).toBe(201);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(await second.json()).toEqual({ id: firstBody.id, estado: 'nuevo' });
    expect(server.count('prospectos')).toBe(before + 1);
    const [row] = server.query<Row>('SELECT data FROM prospectos WHERE id = ?', firstBody.id);
    expect((JSON.parse(row?.data ?? '{}') as { nombre: string }).nombre).toBe('José');
  });

  it('stores one prospect for five concurrent requests with one key', async () => {
    const before = server.count('prospectos');
    const keysBefore = server.count('idempotency');
    const headers = { 'idempotency-key': 'carrera_5' };
    const responses = await Promise.all(
      Array.from({ length: 5 }, () => postJson(server.base, validBody(), headers)),
    );
    const bodies = (await Promise.all(responses.map((r) => r.json()))) as { id: string }[];
    expect(responses.map((r) => r.status)).toEqual([201, 201, 201, 201, 201]);
    expect(new Set(bodies.map((b) => b.id)).size).toBe(1);
    expect(server.count('prospectos')).toBe(before + 1);
    expect(server.count('idempotency')).toBe(keysBefore + 1);
  });

  it('answers 404 in Spanish for a PUT with an unknown id and writes nothing', async () => {
    const before = server.query<Row>('SELECT * FROM prospectos ORDER BY id');
    const res = await putJson(server.base, { ...validBody(), id: 'no-existe-123' });
    expect(res.status).toBe(404);
    expect(((await res.json()) as ErrorBody).error).toBe(
      'No encontramos el registro que quieres actualizar.',
    );
    expect(server.query<Row>('SELECT * FROM prospectos ORDER BY id')).toEqual(before);
  });

  it('answers 400 naming the id when a PUT has none', async () => {
    const res = await putJson(server.base, validBody());
    expect(res.status).toBe(400);
    const body = (await res.json()) as ErrorBody;
    expect(body.campos).toContainEqual({
      campo: 'identificador',
      mensaje: 'Falta el identificador del registro.',
    });
  });

  describe('invalid bodies: 400, the field in Spanish, nothing written', () => {
    const body = validBody();
    const big = 'x'.repeat(33 * 1024);
    const cases: { name: string; send: () => Promise<Response>; campo: string; mensaje?: RegExp }[] = [
      {
        name: 'missing nombre',
        send: () => postJson(server.base, { ...body, nombre: undefined }),
        campo: 'nombre',
        mensaje: /^Ingresa tu nombre\.$/,
      },
      {
        name: 'blank nombreEmpresa',
        send: () => postJson(server.base, { ...body, nombreEmpresa: '   ' }),
        campo: 'nombre de la empresa',
      },
      {
        name: 'apellido of the wrong type',
        send: () => postJson(server.base, { ...body, apellido: 42 }),
        campo: 'apellido',
        mensaje: /debe ser un texto/,
      },
      {
        name: 'unknown country',
        send: () => postJson(server.base, { ...body, pais: { codigo: 'US', nombre: 'USA', prefijo: '+1' } }),
        campo: 'país',
      },
      {
        name: 'prefix that does not match the country',
        send: () =>
          postJson(server.base, { ...body, pais: { codigo: 'CL', nombre: 'Chile', prefijo: '+549' } }),
        campo: 'país',
      },
      {
        name: 'WhatsApp with another country prefix',
        send: () =>
          postJson(server.base, {
            ...body,
            pais: { codigo: 'UY', nombre: 'Uruguay', prefijo: '+598' },
            whatsapp: '+5491123456789',
          }),
        campo: 'WhatsApp',
        mensaje: /prefijo \+598 de Uruguay/,
      },
      {
        name: 'implausible WhatsApp number',
        send: () => postJson(server.base, { ...body, whatsapp: '+549123' }),
        campo: 'WhatsApp',
        mensaje: /no es un número válido para Argentina/,
      },
      {
        name: 'sector that is not in the rubro',
        send: () =>
          postJson(server.base, { ...body, infoEmpresa: '{"rubro":"productos","sector":"pizzeria"}' }),
        campo: 'sector',
      },
      {
        name: 'infoEmpresa that is not JSON',
        send: () => postJson(server.base, { ...body, infoEmpresa: '{rubro:' }),
        campo: 'información de la empresa',
      },
      {
        name: 'oversized nombreEmpresa',
        send: () => postJson(server.base, { ...body, nombreEmpresa: 'a'.repeat(121) }),
        campo: 'nombre de la empresa',
        mensaje: /120 caracteres/,
      },
      {
        name: 'oversized urlQueryString',
        send: () => postJson(server.base, { ...body, urlQueryString: 'a'.repeat(2001) }),
        campo: 'parámetros de la URL',
      },
      {
        name: 'invalid e-mail',
        send: () => postJson(server.base, { ...body, email: 'jose@' }),
        campo: 'e-mail',
      },
      {
        name: 'extra key',
        send: () => postJson(server.base, { ...body, estado: 'aprobado' }),
        campo: 'estado',
        mensaje: /no está permitido/,
      },
      {
        name: 'id on a POST',
        send: () => postJson(server.base, { ...body, id: 'elegido-por-el-cliente' }),
        campo: 'id',
      },
      {
        name: 'JSON array',
        send: () => postJson(server.base, [body]),
        campo: 'datos',
      },
      {
        name: 'malformed JSON',
        send: () =>
          fetch(`${server.base}/api/prospectos/`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: '{"nombre": "José",',
          }),
        campo: 'datos',
        mensaje: /no son un JSON válido/,
      },
      {
        name: 'empty JSON body',
        send: () =>
          fetch(`${server.base}/api/prospectos/`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: '',
          }),
        campo: 'datos',
      },
      {
        name: 'prototype poisoning',
        send: () =>
          fetch(`${server.base}/api/prospectos/`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: '{"__proto__":{"admin":true}}',
          }),
        campo: 'datos',
      },
      {
        name: 'wrong content type',
        send: () =>
          fetch(`${server.base}/api/prospectos/`, {
            method: 'POST',
            headers: { 'content-type': 'text/plain' },
            body: JSON.stringify(body),
          }),
        campo: 'tipo de contenido',
      },
      {
        name: 'form-encoded body',
        send: () =>
          fetch(`${server.base}/api/prospectos/`, {
            method: 'POST',
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            body: 'nombre=Jose',
          }),
        campo: 'tipo de contenido',
      },
      {
        name: 'body over 32 KB',
        send: () => postJson(server.base, { ...body, urlQueryString: big }),
        campo: 'datos',
        mensaje: /32 KB/,
      },
      {
        name: 'invalid Idempotency-Key',
        send: () => postJson(server.base, body, { 'idempotency-key': 'con espacios y ñ' }),
        campo: 'clave de idempotencia',
      },
      {
        name: 'PUT with a malformed id',
        send: () => putJson(server.base, { ...body, id: '../../etc' }),
        campo: 'identificador',
      },
    ];

    for (const testCase of cases) {
      it(testCase.name, async () => {
        const before = server.count('prospectos');
        const keysBefore = server.count('idempotency');
        const res = await testCase.send();
        expect(res.status).toBe(400);
        expect(res.headers.get('content-type')).toMatch(/^application\/json/);
        const answer = (await res.json()) as ErrorBody;
        expect(answer.error).toBe('Datos inválidos');
        const field = answer.campos?.find((c) => c.campo === testCase.campo);
        expect(field, JSON.stringify(answer)).toBeDefined();
        expect(field?.mensaje).toMatch(/^[A-ZÁÉÍÓÚÑ¡¿].*\.$/);
        if (testCase.mensaje) expect(field?.mensaje).toMatch(testCase.mensaje);
        expect(server.count('prospectos')).toBe(before);
        expect(server.count('idempotency')).toBe(keysBefore);
      });
    }
  });
});
