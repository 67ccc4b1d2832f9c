import { describe, expect, it } from 'vitest';
import { COUNTRY_CODES, type CountryCode } from '../../../../src/domain/countries';
import type { LeadContact } from '../../../../src/domain/lead-payload';
import { contactErrors } from '../../../../src/flows/registration/contact-validation';

const VALID: LeadContact = {
  nombreEmpresa: 'Pizzería Don Luis',
  nombre: 'Luis',
  apellido: 'Gómez',
  pais: 'AR',
  whatsapp: '11 2345-6789',
  email: '',
};

const LOCAL_NUMBERS: Readonly<Record<CountryCode, string>> = {
  AR: '11 2345-6789',
  CL: '9 1234 5678',
  CO: '300 123 4567',
  MX: '55 1234 5678',
  PA: '6123-4567',
  PE: '912 345 678',
  UY: '94 123 456',
};

describe('contactErrors (the shared prospect schema, per contact field)', () => {
  it('accepts a complete contact, with and without e-mail', () => {
    expect(contactErrors(VALID)).toEqual({});
    expect(contactErrors({ ...VALID, email: 'ana.paz+tienda@ejemplo.com.ar' })).toEqual({});
  });

  it.each(COUNTRY_CODES)('accepts a plausible mobile number for %s typed without the prefix', (pais) => {
    expect(contactErrors({ ...VALID, pais, whatsapp: LOCAL_NUMBERS[pais] })).toEqual({});
  });

  it('names every missing required field in Spanish', () => {
    expect(
      contactErrors({
        nombreEmpresa: ' ',
        nombre: '',
        apellido: '\t',
        pais: null,
        whatsapp: '  ',
        email: '   ',
      }),
    ).toEqual({
      nombreEmpresa: 'Ingresa el nombre de la empresa.',
      nombre: 'Ingresa tu nombre.',
      apellido: 'Ingresa tu apellido.',
      pais: 'Elige tu país.',
      whatsapp: 'Ingresa tu número de WhatsApp.',
    });
  });

  it("shows every field's message at once, the WhatsApp's too, when a name is empty or invisible", () => {
    const errors = contactErrors({
      nombreEmpresa: '   ',
      nombre: '\u200b\u200b',
      apellido: '',
      pais: 'AR',
      whatsapp: '12',
      email: 'ana@',
    });
    expect(errors).toEqual({
      nombreEmpresa: 'Ingresa el nombre de la empresa.',
      nombre: 'El nombre no puede tener solo espacios o caracteres invisibles.',
      apellido: 'Ingresa tu apellido.',
      whatsapp:
        'El WhatsApp no es un número válido para Argentina. Escribe el código de área sin el 0 y el número sin el 15.',
      email: 'El e-mail no es válido. Revisa que tenga la forma nombre@dominio.com.',
    });
  });

  it('explains numbers that do not belong to the chosen country', () => {
    expect(contactErrors({ ...VALID, whatsapp: '011 2345-6789' }).whatsapp).toMatch(
      /no es un número válido para Argentina\. Escribe el código de área sin el 0/,
    );
    expect(contactErrors({ ...VALID, pais: 'PE', whatsapp: LOCAL_NUMBERS.AR }).whatsapp).toBe(
      'El WhatsApp no es un número válido para Perú.',
    );
    expect(contactErrors({ ...VALID, pais: 'CL', whatsapp: '1234' }).whatsapp).toBe(
      'El WhatsApp no es un número válido para Chile.',
    );
  });

  it('does not drop letters silently: they get a message', () => {
    expect(contactErrors({ ...VALID, whatsapp: '11 ABCD 6789' }).whatsapp).toBe(
      'El WhatsApp solo puede tener números, con el prefijo del país adelante.',
    );
  });

  it('rejects invalid e-mails, long values and disguising characters', () => {
    for (const email of ['ana', 'ana@', 'a b@c.com', '<script>@x.com']) {
      expect(contactErrors({ ...VALID, email }).email).toMatch(/El e-mail no es válido/);
    }
    expect(contactErrors({ ...VALID, nombre: 'x'.repeat(121) }).nombre).toBe(
      'El nombre no puede superar los 120 caracteres.',
    );
    expect(contactErrors({ ...VALID, apellido: '\u202Eevil' }).apellido).toBe(
      'El apellido tiene un salto de línea o un carácter invisible (suele venir al copiar y pegar). Escríbelo de nuevo.',
    );
    // A line separator in the middle of a name: the browser's message is the API's.
    expect(contactErrors({ ...VALID, nombre: 'Ana\u2028María' }).nombre).toBe(
      'El nombre tiene un salto de línea o un carácter invisible (suele venir al copiar y pegar). Escríbelo de nuevo.',
    );
  });

  it('accepts HTML-looking text, emoji and right-to-left scripts as plain names', () => {
    expect(
      contactErrors({ ...VALID, nombreEmpresa: '<b>Kiosco</b> 🍕', nombre: 'مريم', apellido: 'כהן' }),
    ).toEqual({});
  });
});
