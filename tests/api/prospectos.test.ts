import { describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import {
  newBusinessBody,
  postJson,
  putJson,
  serverFor,
  storedBody,
  validBody,
  type ErrorBody,
} from './helpers';
import { describeEachStorage } from './support/targets';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describeEachStorage('POST and PUT /api/prospectos/', (target) => {
  const server = serverFor(target);

  it('creates a prospect, then updates it, and both land in the database', async () => {
    const before = await server.db.count('prospectos');
    const created = await postJson(server.base, validBody());
    expect(created.status).toBe(201);
    expect(created.headers.get('cache-control')).toBe('no-store');
    const { id, estado } = (await created.json()) as { id: string; estado: string };
    expect(id).toMatch(UUID);
    expect(estado).toBe('nuevo');
    expect(await server.db.count('prospectos')).toBe(before + 1);

    const row = await server.db.row(id);
    expect(row?.estado).toBe('nuevo');
    expect(row?.data).toEqual(storedBody());

    // The update's time is another millisecond than the create's (a row stores milliseconds).
    while (new Date().toISOString() <= (row?.updatedAt ?? '')) await new Promise(setImmediate);
    const info = '{"situacionActual":"buscar_mas_clientes","rubro":"gastronomico","sector":"pizzeria"}';
    const updated = await putJson(server.base, { ...validBody(), id, infoEmpresa: info, email: undefined });
    expect(updated.status).toBe(200);
    expect(await updated.json()).toEqual({ id, estado: 'nuevo' });
    expect(await server.db.count('prospectos')).toBe(before + 1);

    const after = await server.db.row(id);
    expect(after?.data.infoEmpresa).toBe(info);
    expect(after?.data).not.toHaveProperty('email');
    expect(after?.data).not.toHaveProperty('id');
    expect(after?.createdAt).toBe(row?.createdAt);
    expect((after?.updatedAt ?? '') > (row?.updatedAt ?? '')).toBe(true);
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
    const data = (await server.db.row(id))?.data;
    expect(data?.nombre).toBe('Ana');
    expect(data?.whatsapp).toBe('+56912345678');
    expect(data).not.toHaveProperty('email');
  });

  it('creates one lead per business for posts without an Idempotency-Key', async () => {
    const before = await server.db.count('prospectos');
    const body = newBusinessBody();
    const a = (await (await postJson(server.base, body)).json()) as { id: string };
    const again = await postJson(server.base, body);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(((await again.json()) as { id: string }).id).toBe(a.id);
    const other = (await (await postJson(server.base, newBusinessBody())).json()) as { id: string };
    expect(other.id).not.toBe(a.id);
    expect(await server.db.count('prospectos')).toBe(before + 2);
  });

  it('answers a repeated Idempotency-Key with the first lead, corrected with the new data', async () => {
    const before = await server.db.count('prospectos');
    const headers = { 'idempotency-key': 'clave-repetida-1' };
    const body = newBusinessBody();
    const first = await postJson(server.base, body, headers);
    expect(first.status).toBe(201);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    const firstBody = (await first.json()) as { id: string };

    const second = await postJson(server.base, { ...body, nombre: 'Otro' }, headers);
    expect(second.status).toBe(201);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(await second.json()).toEqual({ id: firstBody.id, estado: 'nuevo' });
    expect(await server.db.count('prospectos')).toBe(before + 1);
    expect((await server.db.row(firstBody.id))?.data.nombre).toBe('Otro');
  });

  it('stores one prospect for ten concurrent requests with one key', async () => {
    const before = await server.db.count('prospectos');
    const keysBefore = await server.db.count('idempotency');
    const headers = { 'idempotency-key': 'carrera_10' };
    const body = newBusinessBody();
    const responses = await Promise.all(
      Array.from({ length: 10 }, () => postJson(server.base, body, headers)),
    );
    const bodies = (await Promise.all(responses.map((r) => r.json()))) as { id: string }[];
    expect(responses.map((r) => r.status)).toEqual(Array(10).fill(201));
    expect(new Set(bodies.map((b) => b.id)).size).toBe(1);
    expect(responses.filter((r) => r.headers.get('idempotent-replayed') === null)).toHaveLength(1);
    expect(await server.db.count('prospectos')).toBe(before + 1);
    expect(await server.db.count('idempotency')).toBe(keysBefore + 1);
  });

  it('keeps an Idempotency-Key across a restart and across two servers on one database', async () => {
    const headers = { 'idempotency-key': 'reinicio-1' };
    const body = newBusinessBody();
    const first = (await (await postJson(server.base, body, headers)).json()) as { id: string };

    // A second app with its own connection to the same database: another process, or this one restarted.
    const other = buildApp({
      storage: await server.db.open(),
      distDir: '/nonexistent',
      rateLimit: false,
      writeRateLimit: false,
    });
    await other.listen({ port: 0, host: '127.0.0.1' });
    try {
      const address = other.server.address();
      const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
      const before = await server.db.count('prospectos');
      const replay = await postJson(base, body, headers);
      expect(replay.status).toBe(201);
      expect(replay.headers.get('idempotent-replayed')).toBe('true');
      expect(((await replay.json()) as { id: string }).id).toBe(first.id);

      const racing = newBusinessBody();
      const raced = await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          postJson(i % 2 ? base : server.base, racing, { 'idempotency-key': 'dos-servidores' }),
        ),
      );
      const ids = (await Promise.all(raced.map((r) => r.json()))) as { id: string }[];
      expect(raced.every((r) => r.status === 201)).toBe(true);
      expect(new Set(ids.map((b) => b.id)).size).toBe(1);
      expect(await server.db.count('prospectos')).toBe(before + 1);
    } finally {
      await other.close();
    }
  });

  it('answers 404 in Spanish for a PUT with an unknown id and writes nothing', async () => {
    const before = await server.db.rows();
    for (const id of ['no-existe-123', '3f0c9a8e-1d2b-4c5e-9f6a-7b8c9d0e1f2a']) {
      const res = await putJson(server.base, { ...validBody(), id });
      expect(res.status).toBe(404);
      expect(((await res.json()) as ErrorBody).error).toBe(
        'No encontramos el registro que quieres actualizar.',
      );
    }
    expect(await server.db.rows()).toEqual(before);
  });

  it('changes only the lead whose id is sent, and only with the exact id', async () => {
    const a = (await (await postJson(server.base, newBusinessBody())).json()) as { id: string };
    const b = (await (await postJson(server.base, { ...newBusinessBody(), nombre: 'Beatriz' })).json()) as {
      id: string;
    };
    const before = await server.db.rows();

    const upper = await putJson(server.base, { ...validBody(), id: a.id.toUpperCase(), nombre: 'Intruso' });
    expect(upper.status).toBe(404);
    const padded = await putJson(server.base, { ...validBody(), id: `${a.id}0`, nombre: 'Intruso' });
    expect(padded.status).toBe(404);
    expect(await server.db.rows()).toEqual(before);

    const res = await putJson(server.base, { ...validBody(), id: a.id, nombre: 'Alicia' });
    expect(res.status).toBe(200);
    expect((await server.db.row(a.id))?.data.nombre).toBe('Alicia');
    expect(await server.db.row(b.id)).toEqual(before.find((r) => r.id === b.id));
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

  it('refuses a campaign field by name, and the same key then saves the lead without it, once', async () => {
    const before = await server.db.count('prospectos');
    const key = `campania-${Date.now()}`;
    const body = newBusinessBody();
    const refused = await postJson(
      server.base,
      { ...body, utmSource: 'ig', utmCampaign: 'verano\u0000' },
      { 'Idempotency-Key': key },
    );
    expect(refused.status).toBe(400);
    const error = (await refused.json()) as ErrorBody;
    expect(error.campos).toEqual([
      {
        campo: 'campaña (utm_campaign)',
        mensaje: 'El campo «campaña (utm_campaign)» tiene caracteres no válidos.',
      },
    ]);
    expect(await server.db.count('prospectos')).toBe(before);

    const saved = await postJson(
      server.base,
      { ...body, utmSource: 'ig', utmCampaign: undefined },
      { 'Idempotency-Key': key },
    );
    expect(saved.status).toBe(201);
    const { id } = (await saved.json()) as { id: string };
    const again = await postJson(
      server.base,
      { ...body, utmSource: 'ig', utmCampaign: undefined },
      { 'Idempotency-Key': key },
    );
    expect(((await again.json()) as { id: string }).id).toBe(id);
    expect(await server.db.count('prospectos')).toBe(before + 1);
    expect((await server.db.row(id))?.data).toMatchObject({ utmSource: 'ig' });
    expect((await server.db.row(id))?.data).not.toHaveProperty('utmCampaign');
  });

  describe('content types other than JSON: 415, nothing written', () => {
    for (const [name, type, payload] of [
      ['text/plain', 'text/plain', JSON.stringify(validBody())],
      ['form-encoded', 'application/x-www-form-urlencoded', 'nombre=Jose'],
      ['multipart', 'multipart/form-data; boundary=x', '--x\r\n\r\nhola\r\n--x--'],
      ['JSON look-alike', 'application/jsonp', JSON.stringify(validBody())],
    ] as const) {
      it(name, async () => {
        const before = await server.db.count('prospectos');
        for (const method of ['POST', 'PUT']) {
          const res = await fetch(`${server.base}/api/prospectos/`, {
            method,
            headers: { 'content-type': type },
            body: payload,
          });
          expect(res.status, method).toBe(415);
          const body = (await res.json()) as ErrorBody;
          expect(body.campos?.[0]?.campo).toBe('tipo de contenido');
          expect(body.campos?.[0]?.mensaje).toMatch(/JSON/);
        }
        expect(await server.db.count('prospectos')).toBe(before);
      });
    }
  });

  describe('invalid bodies: 400, the field in Spanish, nothing written', () => {
    const body = validBody();
    const big = 'x'.repeat(17 * 1024);
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
        name: 'nombreEmpresa of zero-width spaces only',
        send: () => postJson(server.base, { ...body, nombreEmpresa: '\u200B\u200C\u2060\uFEFF' }),
        campo: 'nombre de la empresa',
        mensaje: /^El nombre de la empresa no puede tener solo espacios o caracteres invisibles\.$/,
      },
      {
        name: 'apellido of a word joiner and a space',
        send: () => postJson(server.base, { ...body, apellido: '\u2060 \u200D' }),
        campo: 'apellido',
        mensaje: /caracteres invisibles/,
      },
      {
        name: 'campaign value with a control character (%01)',
        send: () => postJson(server.base, { ...body, utmCampaign: 'verano\u0001' }),
        campo: 'campaña (utm_campaign)',
        mensaje: /^El campo «campaña \(utm_campaign\)» tiene caracteres no válidos\.$/,
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
        name: 'body over 16 KB',
        send: () => postJson(server.base, { ...body, urlQueryString: big }),
        campo: 'datos',
        mensaje: /16 KB/,
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
        const before = await server.db.count('prospectos');
        const keysBefore = await server.db.count('idempotency');
        const res = await testCase.send();
        expect(res.status).toBe(400);
        expect(res.headers.get('content-type')).toMatch(/^application\/json/);
        const answer = (await res.json()) as ErrorBody;
        expect(answer.error).toBe('Datos inválidos');
        const field = answer.campos?.find((c) => c.campo === testCase.campo);
        expect(field, JSON.stringify(answer)).toBeDefined();
        expect(field?.mensaje).toMatch(/^[A-ZÁÉÍÓÚÑ¡¿].*\.$/);
        if (testCase.mensaje) expect(field?.mensaje).toMatch(testCase.mensaje);
        expect(await server.db.count('prospectos')).toBe(before);
        expect(await server.db.count('idempotency')).toBe(keysBefore);
      });
    }
  });
});
