import { expect, it } from 'vitest';
import { postJson, putJson, serverFor, validBody, type ErrorBody } from './helpers';
import { describeEachStorage } from './support/targets';

/**
 * Invisible and reordering characters (line and paragraph separators, bidi embeddings, overrides,
 * isolates and marks) are refused in names and campaign values alike, with the rule the wizard
 * judges with; and a referral code is measured in characters, as the landing and the wizard's
 * restore measure it (issue 51, item 4).
 */

/** Twenty mathematical bold capitals: letters outside the basic plane, two UTF-16 units each. */
const ASTRAL_CODE = Array.from({ length: 20 }, (_, i) => String.fromCodePoint(0x1d400 + i)).join('');

const NAME_MESSAGE = (subject: string) =>
  `${subject} tiene un salto de línea o un carácter invisible (suele venir al copiar y pegar). Escríbelo de nuevo.`;

describeEachStorage('hidden characters and referral codes at /api/prospectos/', (target) => {
  const server = serverFor(target);

  it('refuses a name with a line separator (U+2028), in Spanish, and stores nothing', async () => {
    const before = await server.db.count('prospectos');
    const res = await postJson(server.base, { ...validBody(), nombre: 'Ana\u2028María' });
    expect(res.status).toBe(400);
    const body = (await res.json()) as ErrorBody;
    expect(body.campos).toEqual([{ campo: 'nombre', mensaje: NAME_MESSAGE('El nombre') }]);
    expect(await server.db.count('prospectos')).toBe(before);
  });

  it.each([
    [
      'a paragraph separator',
      'nombreEmpresa',
      'nombre de la empresa',
      'El nombre de la empresa',
      'Pizzería\u2029Luis',
    ],
    ['a right-to-left override', 'apellido', 'apellido', 'El apellido', 'Pérez\u202Eolleh'],
    ['a first-strong isolate', 'nombre', 'nombre', 'El nombre', '\u2068Ana\u2069'],
    ['a right-to-left mark', 'nombre', 'nombre', 'El nombre', 'Ana\u200F'],
  ])('refuses %s in a name (%s)', async (_, field, campo, subject, value) => {
    const res = await postJson(server.base, { ...validBody(), [field]: value });
    expect(res.status).toBe(400);
    expect(((await res.json()) as ErrorBody).campos).toEqual([{ campo, mensaje: NAME_MESSAGE(subject) }]);
  });

  it('refuses a right-to-left override (U+202E) in a campaign field, by name, and stores nothing', async () => {
    const before = await server.db.count('prospectos');
    const res = await postJson(server.base, { ...validBody(), utmCampaign: 'verano\u202E2026' });
    expect(res.status).toBe(400);
    expect(((await res.json()) as ErrorBody).campos).toEqual([
      {
        campo: 'campaña (utm_campaign)',
        mensaje: 'El campo «campaña (utm_campaign)» tiene caracteres no válidos.',
      },
    ]);
    expect(await server.db.count('prospectos')).toBe(before);
  });

  it.each([
    ['fbclid', 'identificador de clic de Facebook (fbclid)', 'abc\u2028def'],
    ['utmSource', 'origen de la campaña (utm_source)', 'ig\u2066'],
    ['urlQueryString', 'parámetros de la URL', 'utm_source=ig&ndb_c=pe\u202D'],
  ])('refuses hidden characters in %s', async (field, campo, value) => {
    const res = await postJson(server.base, { ...validBody(), [field]: value });
    expect(res.status).toBe(400);
    const body = (await res.json()) as ErrorBody;
    expect(body.campos?.map((c) => c.campo)).toEqual([campo]);
  });

  it('refuses them in an update too: the stored lead keeps its name', async () => {
    const created = await postJson(server.base, validBody());
    const { id } = (await created.json()) as { id: string };
    const res = await putJson(server.base, { ...validBody(), id, nombre: 'José\u2028Luis' });
    expect(res.status).toBe(400);
    expect((await server.db.row(id))?.data.nombre).toBe('José');
  });

  it('keeps emoji, joiners and right-to-left letters: only hidden controls are refused', async () => {
    const res = await postJson(server.base, {
      ...validBody(),
      nombreEmpresa: 'Cocina 👩‍🍳 de مريم',
      apellido: 'כהן',
      utmCampaign: 'verano 🍕 ñandú',
    });
    expect(res.status).toBe(201);
  });

  it('accepts a referral code of 20 and of 32 letters outside the basic plane, not of 33', async () => {
    const twenty = await postJson(server.base, { ...validBody(), codigoReferido: ASTRAL_CODE });
    expect(twenty.status).toBe(201);
    const { id } = (await twenty.json()) as { id: string };
    expect((await server.db.row(id))?.data.codigoReferido).toBe(ASTRAL_CODE);
    const letters = (n: number) =>
      Array.from({ length: n }, (_, i) => String.fromCodePoint(0x1d400 + (i % 26))).join('');
    expect((await postJson(server.base, { ...validBody(), codigoReferido: letters(32) })).status).toBe(201);
    expect((await postJson(server.base, { ...validBody(), codigoReferido: letters(33) })).status).toBe(400);
  });
});
