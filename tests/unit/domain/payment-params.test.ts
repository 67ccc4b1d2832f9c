import { describe, expect, it } from 'vitest';
import {
  MAX_STORES_PER_PAYMENT,
  readPaymentParams,
  validatePaymentParams,
  type RawPaymentParams,
} from '../../../src/domain/payment-params';

const raw = (over: Partial<RawPaymentParams> = {}): RawPaymentParams => ({
  sandbox: [],
  cliente: ['mi-tienda'],
  usd: [],
  locale: [],
  ...over,
});

const errorsOf = (over: Partial<RawPaymentParams>) => {
  const result = validatePaymentParams(raw(over));
  return result.ok ? [] : result.errors;
};

describe('payment parameters', () => {
  it('reads every value of each parameter from the query string', () => {
    expect(
      readPaymentParams(
        new URLSearchParams('?cliente=a&cliente=Pizzer%C3%ADa+Don+Jos%C3%A9&usd=100&sandbox'),
      ),
    ).toEqual({ sandbox: [''], cliente: ['a', 'Pizzería Don José'], usd: ['100'], locale: [] });
  });

  it('defaults: live, es_CL, no usd', () => {
    expect(validatePaymentParams(raw({ cliente: ['a', 'b'] }))).toEqual({
      ok: true,
      value: { sandbox: false, clientes: ['a', 'b'], usdCents: null, locale: 'es_CL' },
    });
  });

  it('takes the flag, the amount in cents, the locale and store names with accents and spaces', () => {
    expect(
      validatePaymentParams(
        raw({
          sandbox: [''],
          cliente: [' Pizzería  Don José ', "Kiosco D'Ana"],
          usd: ['99.9'],
          locale: ['es_AR'],
        }),
      ),
    ).toEqual({
      ok: true,
      value: {
        sandbox: true,
        clientes: ['Pizzería Don José', "Kiosco D'Ana"],
        usdCents: 9990,
        locale: 'es_AR',
      },
    });
  });

  it.each([['1'], ['true'], ['sí'], ['SI']])('sandbox=%s is sandbox', (flag) => {
    const result = validatePaymentParams(raw({ sandbox: [flag] }));
    expect(result.ok && result.value.sandbox).toBe(true);
  });

  it.each([['0'], ['false'], ['no']])('sandbox=%s is live', (flag) => {
    const result = validatePaymentParams(raw({ sandbox: [flag] }));
    expect(result.ok && !result.value.sandbox).toBe(true);
  });

  it("without cliente (or only empty ones) the error is exactly 'Falta el parametro cliente en la URL'", () => {
    expect(errorsOf({ cliente: [] })).toEqual(['Falta el parametro cliente en la URL']);
    expect(errorsOf({ cliente: ['', '  '] })).toEqual(['Falta el parametro cliente en la URL']);
  });

  it.each([
    [{ cliente: ['a', ''] }, 'El parámetro cliente número 2 está vacío'],
    [{ cliente: ['<script>'] }, 'El parámetro cliente "<script>" no es válido'],
    [{ cliente: ['-guion'] }, 'El parámetro cliente "-guion" no es válido'],
    [{ cliente: ['a'.repeat(65)] }, 'es demasiado largo: hasta 64 caracteres'],
    [{ cliente: ['Tienda', 'tienda'] }, 'La tienda "tienda" está repetida en la URL.'],
    [
      { cliente: Array.from({ length: MAX_STORES_PER_PAYMENT + 1 }, (_, i) => `t${i}`) },
      'No se pueden pagar más de 50 tiendas en un mismo pago.',
    ],
    [{ usd: ['-5'] }, 'El parámetro usd "-5" no es válido: debe ser un importe positivo'],
    [{ usd: ['10.999'] }, 'El parámetro usd "10.999" no es válido'],
    [{ usd: ['12,50'] }, 'separados por punto, por ejemplo 36 o 99.90'],
    [{ usd: ['1e3'] }, 'El parámetro usd "1e3" no es válido'],
    [{ usd: [''] }, 'El parámetro usd "" no es válido'],
    [{ usd: ['Infinity'] }, 'El parámetro usd "Infinity" no es válido'],
    [{ usd: ['0'] }, 'El parámetro usd debe ser mayor que cero.'],
    [{ usd: ['0.00'] }, 'El parámetro usd debe ser mayor que cero.'],
    [{ usd: ['10000.01'] }, 'El parámetro usd no puede superar US$\u00a010.000.'],
    [{ usd: ['99999999999'] }, 'no es válido'],
    [{ usd: ['0.02'], cliente: ['a', 'b', 'c'] }, 'demasiado bajo para 3 tiendas'],
    [{ usd: ['10', '20'] }, 'El parámetro usd aparece 2 veces en la URL'],
    [{ locale: ['es-CL'] }, 'El parámetro locale "es-CL" no es válido'],
    [{ locale: ['xx_YY'] }, 'usa un idioma y país que PayPal acepte, por ejemplo es_CL'],
    [{ locale: ['es_BR'] }, 'El parámetro locale "es_BR" no es válido'],
    [{ locale: ['es_CL', 'en_US'] }, 'El parámetro locale aparece 2 veces'],
    [{ sandbox: ['maybe'] }, 'El parámetro sandbox "maybe" no es válido: usa sandbox=1 o quítalo.'],
  ] as [Partial<RawPaymentParams>, string][])('refuses %j with its own message', (over, message) => {
    const errors = errorsOf(over);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain(message);
  });

  it('accepts the smallest amount that gives every store a cent, and the largest', () => {
    expect(validatePaymentParams(raw({ usd: ['0.03'], cliente: ['a', 'b', 'c'] })).ok).toBe(true);
    expect(validatePaymentParams(raw({ usd: ['10000'] })).ok).toBe(true);
  });

  it('accepts PayPal locales of the Americas and Spain', () => {
    for (const locale of ['es_CL', 'es_MX', 'es_ES', 'en_US', 'pt_BR']) {
      expect(validatePaymentParams(raw({ locale: [locale] })).ok, locale).toBe(true);
    }
  });

  it('reports every malformed parameter, not only the first', () => {
    const result = validatePaymentParams({ sandbox: ['x'], cliente: [], usd: ['abc'], locale: ['xx'] });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors).toHaveLength(4);
  });

  it('quotes hostile values safely (short, no control characters)', () => {
    const [error] = errorsOf({ cliente: [`${'\u0000'.repeat(3)}${'x'.repeat(200)}`] });
    expect(error).not.toContain('\u0000');
    expect(error!.length).toBeLessThan(200);
  });

  describe('the edges of a link a reseller types by hand', () => {
    it('reads each parameter with spaces around it, as a pasted link has them', () => {
      expect(validatePaymentParams(raw({ sandbox: [' 1 '], usd: [' 24.50 '], locale: [' es_MX '] }))).toEqual(
        {
          ok: true,
          value: { sandbox: true, clientes: ['mi-tienda'], usdCents: 2450, locale: 'es_MX' },
        },
      );
      expect(validatePaymentParams(raw({ sandbox: [' no '] }))).toMatchObject({
        ok: true,
        value: { sandbox: false },
      });
    });

    it('takes sandbox=yes as sandbox, and reads the locale from the address', () => {
      expect(validatePaymentParams(raw({ sandbox: ['yes'] }))).toMatchObject({
        ok: true,
        value: { sandbox: true },
      });
      expect(readPaymentParams(new URLSearchParams('?cliente=a&locale=es_MX')).locale).toEqual(['es_MX']);
    });

    it('says only that there are too many shops, not also that the amount is too low for them', () => {
      const shops = Array.from({ length: MAX_STORES_PER_PAYMENT + 1 }, (_, i) => `tienda-${i + 1}`);
      expect(errorsOf({ cliente: shops, usd: ['0.05'] })).toEqual([
        `No se pueden pagar más de ${MAX_STORES_PER_PAYMENT} tiendas en un mismo pago.`,
      ]);
    });

    it('reads the same shop written in other capitals as the same shop, repeated', () => {
      expect(errorsOf({ cliente: ['Tienda Sol', 'tienda sol'] })).toEqual([
        'La tienda "tienda sol" está repetida en la URL.',
      ]);
    });

    it('takes a shop name of exactly the longest length and refuses one character more', () => {
      expect(errorsOf({ cliente: ['a'.repeat(64)] })).toEqual([]);
      expect(errorsOf({ cliente: ['a'.repeat(65)] })).toEqual([
        `El parámetro cliente "${'a'.repeat(40)}..." es demasiado largo: hasta 64 caracteres.`,
      ]);
    });

    it('quotes a hostile value short and printable: up to 40 characters whole, unprintable ones as ?', () => {
      const forty = 'x'.repeat(40);
      expect(errorsOf({ locale: [forty] })).toEqual([
        `El parámetro locale "${forty}" no es válido: usa un idioma y país que PayPal acepte, por ejemplo es_CL.`,
      ]);
      expect(errorsOf({ sandbox: ['a\u0007b'] })).toEqual([
        'El parámetro sandbox "a?b" no es válido: usa sandbox=1 o quítalo.',
      ]);
    });

    it('names the parameter that is repeated', () => {
      expect(errorsOf({ locale: ['es_CL', 'es_AR'] })).toEqual([
        'El parámetro locale aparece 2 veces en la URL: debe aparecer una sola vez.',
      ]);
      expect(errorsOf({ sandbox: ['1', '1'] })).toEqual([
        'El parámetro sandbox aparece 2 veces en la URL: debe aparecer una sola vez.',
      ]);
    });

    it('asks for at least a cent per shop, up to the most shops one payment takes', () => {
      const shops = (n: number) => Array.from({ length: n }, (_, i) => `tienda-${i + 1}`);
      const most = MAX_STORES_PER_PAYMENT;
      expect(errorsOf({ cliente: shops(most), usd: [String(most / 100)] })).toEqual([]);
      expect(errorsOf({ cliente: shops(most), usd: [String((most - 1) / 100)] })).toEqual([
        `El parámetro usd es demasiado bajo para ${most} tiendas: cada tienda debe pagar al menos US$\u00a00,01.`,
      ]);
      expect(errorsOf({ cliente: shops(2), usd: ['0.01'] })).toEqual([
        'El parámetro usd es demasiado bajo para 2 tiendas: cada tienda debe pagar al menos US$\u00a00,01.',
      ]);
    });
  });
});
