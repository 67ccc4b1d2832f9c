import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { COUNTRIES, COUNTRY_CODES, type CountryCode } from '../../../src/domain/countries';
import type { ProspectInput } from '../../../src/domain/prospect';
import { serializeInfoEmpresa } from '../../../src/domain/prospect';
import { hasHiddenChars } from '../../../src/domain/hidden-chars';
import {
  INFO_EMPRESA_FIELD_LABELS,
  PROSPECT_FIELD_LABELS,
  hasVisibleChar,
  parseInfoEmpresa,
  validateProspect,
  whatsappProblem,
  type ProspectFieldError,
} from '../../../src/domain/prospect-schema';
import { CATEGORIES, SECTORS_BY_CATEGORY, SITUATIONS } from '../../../src/domain/wizard-options';

/** A valid mobile number per country, in the stored form (prefix in front). */
const SAMPLE_WHATSAPP: Record<CountryCode, string> = {
  AR: '+5491123456789',
  CL: '+56912345678',
  CO: '+573001234567',
  MX: '+525512345678',
  PA: '+50761234567',
  PE: '+51912345678',
  UY: '+59899123456',
};

function pais(code: CountryCode) {
  const { codigo, nombre, prefijo } = COUNTRIES[code];
  return { codigo, nombre, prefijo };
}

function valid(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    nombreEmpresa: 'Almacén Doña Rosa',
    nombre: 'Rosa',
    apellido: 'Gómez',
    pais: pais('AR'),
    whatsapp: SAMPLE_WHATSAPP.AR,
    infoEmpresa: '{}',
    ...overrides,
  };
}

function errorsOf(body: unknown, requireId = false): ProspectFieldError[] {
  const result = validateProspect(body, { requireId });
  return result.ok ? [] : result.errors;
}

function errorFor(body: unknown, campo: string, requireId = false): string | undefined {
  return errorsOf(body, requireId).find((e) => e.campo === campo)?.mensaje;
}

/** A Spanish sentence: capital (or ¡/¿) first, final period, none of zod's English defaults. */
function expectSpanishSentence(mensaje: string) {
  expect(mensaje).toMatch(/^[A-ZÁÉÍÓÚÑ¡¿].*\.$/s);
  expect(mensaje).not.toMatch(/invalid|expected|unrecognized|too (big|small)|received/i);
}

describe('validateProspect: valid bodies', () => {
  it.each(COUNTRY_CODES)('accepts a complete body for %s', (code) => {
    const result = validateProspect(valid({ pais: pais(code), whatsapp: SAMPLE_WHATSAPP[code] }));
    expect(result).toEqual({ ok: true, value: valid({ pais: pais(code), whatsapp: SAMPLE_WHATSAPP[code] }) });
  });

  it('accepts every optional field', () => {
    const body = valid({
      email: 'rosa@example.com',
      codigoReferido: 'AMIGO-25',
      recaptchaToken: 't'.repeat(4000),
      infoEmpresa: serializeInfoEmpresa({
        situacionActual: 'otros',
        rubro: 'productos',
        sector: 'dietetica',
        visitoDemo: true,
      }),
      urlQueryString: 'q'.repeat(2000),
      utmSource: 's'.repeat(500),
      utmCampaign: 'verano',
      utmContent: 'video',
      utmTerm: 'tienda',
      fbclid: 'IwAR0abc',
    });
    expect(validateProspect(body)).toEqual({ ok: true, value: body });
  });

  it('normalises: trims names, strips WhatsApp separators, drops blank or null optional fields', () => {
    const result = validateProspect(
      valid({
        nombreEmpresa: '  Almacén Doña Rosa ',
        nombre: '\tRosa\n',
        whatsapp: ' +549 (11) 2345-6789 ',
        email: '   ',
        codigoReferido: null,
        utmSource: '',
        pais: { ...pais('AR'), bandera: '/flags/AR.svg' },
      }),
    );
    expect(result).toEqual({ ok: true, value: valid() });
  });

  it('accepts the Argentine mobile form +549 with and without the Buenos Aires area code', () => {
    expect(whatsappProblem('+5491123456789', { codigo: 'AR' })).toBeUndefined();
    expect(whatsappProblem('+5493514567890', { codigo: 'AR' })).toBeUndefined();
  });

  it('requires the id only for updates, and rejects it on creation', () => {
    expect(validateProspect(valid({ id: 'a1b2-c3' }), { requireId: true }).ok).toBe(true);
    expect(errorFor(valid(), 'identificador', true)).toBe('Falta el identificador del registro.');
    expect(errorFor(valid({ id: 'a b' }), 'identificador', true)).toBe(
      'El identificador del registro no es válido.',
    );
    expect(errorFor(valid({ id: 'a1' }), 'id')).toBe('El campo «id» no está permitido.');
  });
});

describe('validateProspect: field errors in Spanish', () => {
  it('names every missing required field, in form order', () => {
    expect(errorsOf({})).toEqual([
      { campo: 'nombre de la empresa', mensaje: 'Ingresa el nombre de la empresa.' },
      { campo: 'nombre', mensaje: 'Ingresa tu nombre.' },
      { campo: 'apellido', mensaje: 'Ingresa tu apellido.' },
      { campo: 'país', mensaje: 'Elige tu país.' },
      { campo: 'WhatsApp', mensaje: 'Ingresa tu número de WhatsApp.' },
      { campo: 'información de la empresa', mensaje: 'Falta la información de la empresa.' },
    ]);
  });

  it('rejects bodies that are not objects', () => {
    for (const body of [null, undefined, 'texto', 42, [], [valid()], true]) {
      expect(errorsOf(body)).toEqual([
        { campo: 'datos', mensaje: 'Los datos enviados deben ser un objeto JSON.' },
      ]);
    }
  });

  it('checks names: type, blank, length, control and bidi characters', () => {
    expect(errorFor(valid({ nombre: 5 }), 'nombre')).toBe('El nombre debe ser un texto.');
    expect(errorFor(valid({ apellido: '   ' }), 'apellido')).toBe('Ingresa tu apellido.');
    expect(errorFor(valid({ nombreEmpresa: 'x'.repeat(121) }), 'nombre de la empresa')).toBe(
      'El nombre de la empresa no puede superar los 120 caracteres.',
    );
    expect(validateProspect(valid({ nombreEmpresa: 'x'.repeat(120) })).ok).toBe(true);
    expect(errorFor(valid({ nombre: 'Ro\u0000sa' }), 'nombre')).toBe(
      'El nombre tiene un salto de línea o un carácter invisible (suele venir al copiar y pegar). Escríbelo de nuevo.',
    );
    expect(errorFor(valid({ nombre: 'Ro\u202Esa' }), 'nombre')).toBe(
      'El nombre tiene un salto de línea o un carácter invisible (suele venir al copiar y pegar). Escríbelo de nuevo.',
    );
  });

  it.each([
    ['zero-width spaces', '\u200B\u200B\u200B'],
    ['joiners and a word joiner', '\u200C\u200D\u2060'],
    ['a byte-order mark and a zero-width space', '\uFEFF\u200B'],
    ['a soft hyphen and a no-break space', '\u00AD\u00A0'],
    ['Hangul fillers', '\u3164\u115F'],
    ['a braille blank', '\u2800'],
    ['a combining accent alone', '\u0301'],
  ])('refuses a name made only of %s, in Spanish, in every name field', (_, invisible) => {
    expect(errorFor(valid({ nombreEmpresa: invisible }), 'nombre de la empresa')).toBe(
      'El nombre de la empresa no puede tener solo espacios o caracteres invisibles.',
    );
    expect(errorFor(valid({ nombre: invisible }), 'nombre')).toBe(
      'El nombre no puede tener solo espacios o caracteres invisibles.',
    );
    expect(errorFor(valid({ apellido: invisible }), 'apellido')).toBe(
      'El apellido no puede tener solo espacios o caracteres invisibles.',
    );
  });

  it('keeps names with an invisible character among visible ones', () => {
    const result = validateProspect(
      valid({ nombreEmpresa: 'Pizzer\u00EDa\u200B Luis', nombre: 'Jos\u0065\u0301' }),
    );
    expect(result.ok).toBe(true);
  });

  it('applies the campaign rule of the landing recorder to every tracking field', () => {
    for (const control of ['\u0000', '\u0001', '\u001F', '\u007F', '\u0085']) {
      expect(errorFor(valid({ utmCampaign: `verano${control}` }), PROSPECT_FIELD_LABELS.utmCampaign)).toBe(
        'El campo «campaña (utm_campaign)» tiene caracteres no válidos.',
      );
      expect(
        errorFor(valid({ urlQueryString: `utm_source=ig${control}` }), 'parámetros de la URL'),
      ).toBeDefined();
    }
    expect(
      validateProspect(
        valid({ utmCampaign: 'verano 2026 ñandú 🍕', urlQueryString: 'utm_campaign=verano%00' }),
      ).ok,
    ).toBe(true);
  });

  it('checks the country: known code, matching prefix and name', () => {
    expect(errorFor(valid({ pais: 'AR' }), 'país')).toBe('Elige un país de la lista.');
    expect(errorFor(valid({ pais: { codigo: 'BR', nombre: 'Brasil', prefijo: '+55' } }), 'país')).toBe(
      'Elige un país de la lista.',
    );
    const mismatch = 'Los datos del país no coinciden. Vuelve a elegir tu país.';
    expect(errorFor(valid({ pais: { ...pais('CL'), prefijo: '+549' } }), 'país')).toBe(mismatch);
    expect(errorFor(valid({ pais: { ...pais('CL'), nombre: 'Argentina' } }), 'país')).toBe(mismatch);
    expect(errorFor(valid({ pais: { codigo: 'CL' } }), 'país')).toBe(mismatch);
  });

  it('checks the WhatsApp number against the chosen country', () => {
    expect(errorFor(valid({ pais: pais('UY') }), 'WhatsApp')).toBe(
      'El WhatsApp debe empezar con el prefijo +598 de Uruguay.',
    );
    expect(errorFor(valid({ pais: pais('PE'), whatsapp: '+5112' }), 'WhatsApp')).toBe(
      'El WhatsApp no es un número válido para Perú.',
    );
    expect(errorFor(valid({ whatsapp: '+549 011 15 2345678' }), 'WhatsApp')).toBe(
      'El WhatsApp no es un número válido para Argentina. Escribe el código de área sin el 0 y el número sin el 15.',
    );
    expect(errorFor(valid({ whatsapp: '+549abc' }), 'WhatsApp')).toBe(
      'El WhatsApp solo puede tener números, con el prefijo del país adelante.',
    );
    expect(errorFor(valid({ whatsapp: '+5491123456789012345' }), 'WhatsApp')).toBe(
      'El WhatsApp tiene demasiados dígitos. En Argentina, escribe el código de área sin el 0 y el número sin el 15.',
    );
    // Without a valid country the number is not judged against one.
    expect(errorsOf(valid({ pais: 'XX', whatsapp: '+56912345678' })).map((e) => e.campo)).toEqual(['país']);
  });

  it('checks the optional fields', () => {
    expect(errorFor(valid({ email: 'rosa@' }), 'e-mail')).toBe(
      'El e-mail no es válido. Revisa que tenga la forma nombre@dominio.com.',
    );
    expect(errorFor(valid({ email: `${'a'.repeat(250)}@example.com` }), 'e-mail')).toBe(
      'El e-mail no puede superar los 254 caracteres.',
    );
    expect(errorFor(valid({ codigoReferido: 'con espacio' }), 'código de referido')).toMatch(
      /letras, números/,
    );
    expect(errorFor(valid({ codigoReferido: 'A'.repeat(33) }), 'código de referido')).toBeDefined();
    // A lone UTF-16 surrogate is not text: refused with the field's name, never stored (PostgreSQL would fail).
    expect(errorFor(valid({ nombre: 'Ana\ud800' }), 'nombre')).toBe(
      'El nombre tiene un salto de línea o un carácter invisible (suele venir al copiar y pegar). Escríbelo de nuevo.',
    );
    expect(errorFor(valid({ utmSource: 'fb\udc00' }), 'origen de la campaña (utm_source)')).toMatch(
      /caracteres no válidos/,
    );
    // Nor is NUL, which PostgreSQL refuses in any text: the save would fail with a 500.
    expect(errorFor(valid({ utmCampaign: '\u0000' }), PROSPECT_FIELD_LABELS.utmCampaign)).toMatch(
      /caracteres no válidos/,
    );
    expect(errorFor(valid({ recaptchaToken: 'tok\u0000en' }), 'verificación de seguridad')).toBeDefined();
    // The same codes the site accepts from ?ref (accents and underscores), so a referred lead is never refused.
    expect(errorFor(valid({ codigoReferido: 'Ñandú_2024' }), 'código de referido')).toBeUndefined();
    expect(errorFor(valid({ recaptchaToken: 't'.repeat(4001) }), 'verificación de seguridad')).toBeDefined();
    expect(errorFor(valid({ urlQueryString: 'q'.repeat(2001) }), 'parámetros de la URL')).toBe(
      'El campo «parámetros de la URL» no puede superar los 2000 caracteres.',
    );
    expect(errorFor(valid({ fbclid: 'f'.repeat(501) }), PROSPECT_FIELD_LABELS.fbclid)).toBeDefined();
    expect(errorFor(valid({ utmTerm: 3 }), PROSPECT_FIELD_LABELS.utmTerm)).toMatch(/debe ser un texto/);
  });

  it('rejects unknown top-level keys, naming them', () => {
    expect(errorsOf(valid({ estado: 'pagado', admin: true }))).toEqual([
      { campo: 'estado', mensaje: 'El campo «estado» no está permitido.' },
      { campo: 'admin', mensaje: 'El campo «admin» no está permitido.' },
    ]);
  });
});

describe('validateProspect: infoEmpresa', () => {
  const info = (value: string) => errorsOf(valid({ infoEmpresa: value }));

  it('requires JSON text of an object', () => {
    expect(errorFor(valid({ infoEmpresa: { rubro: 'productos' } }), 'información de la empresa')).toBe(
      'La información de la empresa debe enviarse como texto JSON.',
    );
    expect(info('{rubro')).toEqual([
      { campo: 'información de la empresa', mensaje: 'La información de la empresa no es un JSON válido.' },
    ]);
    for (const text of ['[]', 'null', '"texto"', '3']) {
      expect(info(text)).toEqual([
        {
          campo: 'información de la empresa',
          mensaje: 'La información de la empresa debe ser un objeto JSON.',
        },
      ]);
    }
    expect(info(JSON.stringify({ otros: 'x'.repeat(1000) }))[0]?.mensaje).toBe(
      'La información de la empresa no puede superar los 1000 caracteres.',
    );
  });

  it('accepts only the known keys with known values', () => {
    expect(info('{"color":"azul"}')).toEqual([
      {
        campo: 'información de la empresa',
        mensaje: 'La información de la empresa tiene datos no permitidos: color.',
      },
    ]);
    expect(info('{"situacionActual":"vender"}')).toEqual([
      { campo: 'situación actual', mensaje: 'Elige una de las situaciones de la lista.' },
    ]);
    expect(info('{"rubro":"bebidas"}')).toEqual([{ campo: 'rubro', mensaje: 'Elige un rubro de la lista.' }]);
    expect(info('{"rubro":"productos","sector":"joyeria"}')).toEqual([
      { campo: 'sector', mensaje: 'Elige un sector de la lista.' },
    ]);
    expect(info('{"visitoDemo":"si"}')).toEqual([
      { campo: 'visita a la demo', mensaje: 'El dato de visita a la demo debe ser verdadero o falso.' },
    ]);
  });

  it('requires the sector to belong to the rubro', () => {
    expect(info('{"sector":"pizzeria"}')).toEqual([
      { campo: 'sector', mensaje: 'Elige el rubro antes del sector.' },
    ]);
    expect(info('{"rubro":"productos","sector":"pizzeria"}')).toEqual([
      { campo: 'sector', mensaje: 'El sector elegido no corresponde al rubro «Venta de productos».' },
    ]);
    for (const rubro of CATEGORIES) {
      for (const sector of SECTORS_BY_CATEGORY[rubro]) {
        expect(info(JSON.stringify({ rubro, sector })), `${rubro}/${sector}`).toEqual([]);
      }
    }
  });

  it('parseInfoEmpresa returns the object or undefined', () => {
    expect(parseInfoEmpresa('{"rubro":"gastronomico","sector":"heladeria","visitoDemo":false}')).toEqual({
      rubro: 'gastronomico',
      sector: 'heladeria',
      visitoDemo: false,
    });
    expect(parseInfoEmpresa('{"sector":"heladeria"}')).toBeUndefined();
    expect(parseInfoEmpresa('no json')).toBeUndefined();
  });
});

describe('labels', () => {
  it('names every body field and infoEmpresa key in Spanish', () => {
    expect(Object.keys(PROSPECT_FIELD_LABELS).sort()).toEqual(
      [
        'id',
        'nombreEmpresa',
        'nombre',
        'apellido',
        'pais',
        'whatsapp',
        'email',
        'codigoReferido',
        'recaptchaToken',
        'infoEmpresa',
        'urlQueryString',
        'utmSource',
        'utmCampaign',
        'utmContent',
        'utmTerm',
        'fbclid',
      ].sort(),
    );
    expect(Object.keys(INFO_EMPRESA_FIELD_LABELS).sort()).toEqual(
      ['rubro', 'sector', 'situacionActual', 'visitoDemo'].sort(),
    );
  });
});

// ---------------------------------------------------------------------------------------------------
// Property tests

const FIELDS = Object.keys(PROSPECT_FIELD_LABELS);

/**
 * Text a person could type: no control characters, none of the hidden ones the form refuses
 * (src/domain/hidden-chars.ts: a zero-width space or a line separator pasted in), something that
 * shows (a braille blank alone does not).
 */
const humanText = (max: number) =>
  fc
    .string({ unit: 'grapheme', minLength: 1, maxLength: max })
    .map((s) => s.replace(/[\p{Cc}\u202A-\u202E\u2066-\u2069]/gu, '').trim())
    .filter((s) => s.length > 0 && s.length <= max && hasVisibleChar(s) && !hasHiddenChars(s));

const validProspect: fc.Arbitrary<ProspectInput> = fc
  .record({
    code: fc.constantFrom(...COUNTRY_CODES),
    nombreEmpresa: humanText(120),
    nombre: humanText(60),
    apellido: humanText(60),
    email: fc.option(fc.constantFrom('a@b.co', 'rosa.gomez@example.com.ar'), { nil: undefined }),
    codigoReferido: fc.option(fc.stringMatching(/^[A-Za-z0-9-]{1,32}$/), { nil: undefined }),
    situacionActual: fc.option(fc.constantFrom(...SITUATIONS), { nil: undefined }),
    rubroSector: fc.option(
      fc.constantFrom(...CATEGORIES).chain((rubro) =>
        fc.record({
          rubro: fc.constant(rubro),
          sector: fc.option(fc.constantFrom(...SECTORS_BY_CATEGORY[rubro]), { nil: undefined }),
        }),
      ),
      { nil: undefined },
    ),
    visitoDemo: fc.option(fc.boolean(), { nil: undefined }),
  })
  .map((r) => {
    const body: ProspectInput = {
      nombreEmpresa: r.nombreEmpresa,
      nombre: r.nombre,
      apellido: r.apellido,
      pais: pais(r.code),
      whatsapp: SAMPLE_WHATSAPP[r.code],
      infoEmpresa: serializeInfoEmpresa({
        situacionActual: r.situacionActual,
        rubro: r.rubroSector?.rubro,
        sector: r.rubroSector?.sector,
        visitoDemo: r.visitoDemo,
      }),
    };
    if (r.email !== undefined) body.email = r.email;
    if (r.codigoReferido !== undefined) body.codigoReferido = r.codigoReferido;
    return body;
  });

function expectWellFormedErrors(result: ReturnType<typeof validateProspect>) {
  if (result.ok) return;
  expect(result.errors.length).toBeGreaterThan(0);
  const campos = result.errors.map((e) => e.campo);
  expect(new Set(campos).size).toBe(campos.length);
  for (const { campo, mensaje } of result.errors) {
    expect(typeof campo).toBe('string');
    expect(campo.length).toBeGreaterThan(0);
    expectSpanishSentence(mensaje);
  }
}

describe('validateProspect: properties', () => {
  it('never throws on any JSON value as the body', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (body) => {
        const result = validateProspect(body);
        expectWellFormedErrors(result);
      }),
      { numRuns: 300 },
    );
  });

  it('never throws when any field holds a random string or value', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...FIELDS),
        fc.oneof(fc.string({ unit: 'binary', maxLength: 300 }), fc.jsonValue()),
        fc.boolean(),
        (field, value, requireId) => {
          const body = { ...valid(), [field]: value };
          expectWellFormedErrors(validateProspect(body, { requireId }));
        },
      ),
      { numRuns: 200 },
    );
  });

  it('never throws on random infoEmpresa text or WhatsApp strings', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.string({ unit: 'binary' }), fc.json()),
        fc.string({ unit: 'binary', maxLength: 40 }),
        fc.constantFrom(...COUNTRY_CODES),
        (infoEmpresa, tail, code) => {
          const whatsapp = COUNTRIES[code].prefijo + tail;
          expectWellFormedErrors(validateProspect(valid({ infoEmpresa, whatsapp, pais: pais(code) })));
          expect(() => whatsappProblem(whatsapp, { codigo: code })).not.toThrow();
        },
      ),
      { numRuns: 400 },
    );
  });

  it('accepts generated valid prospects and is idempotent on its own output', () => {
    fc.assert(
      fc.property(validProspect, (body) => {
        const first = validateProspect(body);
        expect(first.ok, JSON.stringify(first)).toBe(true);
        if (!first.ok) return;
        expect(validateProspect(first.value)).toEqual(first);
      }),
      { numRuns: 300 },
    );
  });

  it('rejects any extra top-level key', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, maxLength: 20 }).filter((k) => !FIELDS.includes(k) && k !== '__proto__'),
        fc.jsonValue(),
        (key, value) => {
          const result = validateProspect({ ...valid(), [key]: value });
          expect(result.ok).toBe(false);
        },
      ),
      { numRuns: 200 },
    );
  });
});
