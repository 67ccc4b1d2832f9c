import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './support/test';
import { leadRows, uniqueName } from './registro-helpers';

/**
 * The local API behind the wizard, end to end over HTTP: the same schema as the browser (shared
 * from src/domain), Spanish field names in 400 answers, and the Idempotency-Key contract.
 */

function body(nombreEmpresa: string, extra: Record<string, unknown> = {}) {
  return {
    nombreEmpresa,
    nombre: 'Ana',
    apellido: 'Paz',
    pais: { codigo: 'AR', nombre: 'Argentina', prefijo: '+549' },
    whatsapp: '+5491123456789',
    infoEmpresa: '{"visitoDemo":false}',
    ...extra,
  };
}

interface ErrorAnswer {
  error: string;
  campos?: { campo: string; mensaje: string }[];
}

async function post(request: APIRequestContext, data: unknown, key?: string) {
  return request.post('/api/prospectos/', {
    data,
    headers: key === undefined ? {} : { 'Idempotency-Key': key },
  });
}

test('a repeated Idempotency-Key returns the first lead, corrected, and stores nothing new', async ({
  request,
}) => {
  const name = uniqueName('api-idem');
  const key = `e2e-${Date.now()}-${Math.random().toString(36).slice(2)}`;
  const first = await post(request, body(name), key);
  expect(first.status()).toBe(201);
  const created = (await first.json()) as { id: string; estado: string };
  expect(created.estado).toBe('nuevo');
  const again = await post(request, body(name, { nombre: 'Otra' }), key);
  expect(again.status()).toBe(201);
  expect(await again.json()).toEqual(created);
  expect(again.headers()['idempotent-replayed']).toBe('true');
  const rows = leadRows(name);
  expect(rows).toHaveLength(1);
  expect(rows[0]?.data.nombre).toBe('Otra');
});

const INVALID: { name: string; change: Record<string, unknown>; campo: string; mensaje: RegExp }[] = [
  {
    name: 'a sector of another category',
    change: { infoEmpresa: '{"rubro":"productos","sector":"pizzeria","visitoDemo":false}' },
    campo: 'sector',
    mensaje: /no corresponde al rubro/,
  },
  {
    name: 'a number with another country’s prefix',
    change: { whatsapp: '+56912345678' },
    campo: 'WhatsApp',
    mensaje: /prefijo \+549 de Argentina/,
  },
  {
    name: 'a prefix that does not match the country',
    change: { pais: { codigo: 'AR', nombre: 'Argentina', prefijo: '+56' } },
    campo: 'país',
    mensaje: /no coinciden/,
  },
  {
    name: 'a whitespace-only name',
    change: { nombre: '   ' },
    campo: 'nombre',
    mensaje: /^Ingresa tu nombre\.$/,
  },
  {
    name: 'a 10,000-character business name',
    change: { nombreEmpresa: 'x'.repeat(10_000) },
    campo: 'nombre de la empresa',
    mensaje: /120 caracteres/,
  },
  { name: 'an invalid e-mail', change: { email: 'ana@' }, campo: 'e-mail', mensaje: /no es válido/ },
  {
    name: 'an unknown situation',
    change: { infoEmpresa: '{"situacionActual":"x"}' },
    campo: 'situación actual',
    mensaje: /situaciones/,
  },
  { name: 'an unknown field', change: { admin: true }, campo: 'admin', mensaje: /no está permitido/ },
  {
    name: 'a bidi override in a name',
    change: { apellido: '\u202Eevil' },
    campo: 'apellido',
    mensaje: /carácter invisible/,
  },
];

for (const invalid of INVALID) {
  test(`POST with ${invalid.name} answers 400 naming the field in Spanish and stores nothing`, async ({
    request,
  }) => {
    const name = uniqueName('api-400');
    const response = await post(request, body(name, invalid.change));
    expect(response.status()).toBe(400);
    const answer = (await response.json()) as ErrorAnswer;
    expect(answer.error).toBe('Datos inválidos');
    const field = answer.campos?.find((c) => c.campo === invalid.campo);
    expect(field, JSON.stringify(answer)).toBeDefined();
    expect(field?.mensaje).toMatch(invalid.mensaje);
    expect(leadRows(name)).toHaveLength(0);
  });
}

test('PUT validates the same way, needs an existing id, and never stores the bot-check token', async ({
  request,
}) => {
  const name = uniqueName('api-put');
  const created = (await (
    await post(request, body(name, { recaptchaToken: 'tok-1' }), `e2e-put-${Date.now()}`)
  ).json()) as { id: string };
  expect(leadRows(name)[0]?.data).not.toHaveProperty('recaptchaToken');

  const bad = await request.put('/api/prospectos/', {
    data: { id: created.id, ...body(name, { infoEmpresa: '{"rubro":"gastronomico","sector":"calzados"}' }) },
  });
  expect(bad.status()).toBe(400);
  expect(((await bad.json()) as ErrorAnswer).campos?.[0]?.campo).toBe('sector');

  const missing = await request.put('/api/prospectos/', { data: { id: 'no-existe-123', ...body(name) } });
  expect(missing.status()).toBe(404);

  const info = '{"situacionActual":"otros","rubro":"productos","sector":"calzados","visitoDemo":true}';
  const ok = await request.put('/api/prospectos/', {
    data: { id: created.id, ...body(name, { infoEmpresa: info, recaptchaToken: 'tok-2' }) },
  });
  expect(ok.status()).toBe(200);
  const [row] = leadRows(name);
  expect(row?.data.infoEmpresa).toBe(info);
  expect(row?.data).not.toHaveProperty('recaptchaToken');
});
