import { describe, expect, it, vi } from 'vitest';
import type { ProspectInput } from '../../../src/domain/prospect';
import { saveFailureOf, type SaveFailure } from '../../../src/domain/save-failure';
import { retryAfterSeconds } from '../../../src/services/http';
import { LEAD_SAVE_ERROR, LEAD_UPDATE_ERROR, createLead, updateLead } from '../../../src/services/leads';

const PROSPECT: ProspectInput = {
  nombreEmpresa: 'Pizzería Don Luis',
  nombre: 'Luis',
  apellido: 'Gómez',
  pais: { codigo: 'AR', nombre: 'Argentina', prefijo: '+549' },
  whatsapp: '+5491123456789',
  infoEmpresa: '{}',
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('lead API client', () => {
  it('POSTs the prospect as JSON with the idempotency key and reads id and estado', async () => {
    const fetchImpl = vi.fn<typeof fetch>(async () => json(201, { id: 'abc', estado: 'nuevo' }));
    const created = await createLead(PROSPECT, 'key-1', { fetchImpl, apiBase: '/api' });
    expect(created).toEqual({ id: 'abc', estado: 'nuevo' });
    const [url, init] = fetchImpl.mock.calls[0] ?? [];
    expect(url).toBe('/api/prospectos/');
    expect(init?.method).toBe('POST');
    expect((init?.headers as Record<string, string>)['Idempotency-Key']).toBe('key-1');
    expect(JSON.parse(String(init?.body))).toEqual(PROSPECT);
  });

  it("raises 'No se pudo guardar' on a non-OK answer, a network error or a body without id", async () => {
    await expect(createLead(PROSPECT, 'k', { fetchImpl: async () => json(500, {}) })).rejects.toThrow(
      LEAD_SAVE_ERROR,
    );
    await expect(
      createLead(PROSPECT, 'k', {
        fetchImpl: async () => {
          throw new TypeError('Failed to fetch');
        },
      }),
    ).rejects.toThrow(LEAD_SAVE_ERROR);
    await expect(
      createLead(PROSPECT, 'k', { fetchImpl: async () => json(200, { estado: 'x' }) }),
    ).rejects.toThrow(LEAD_SAVE_ERROR);
  });

  it('aborts a request that takes longer than the timeout', async () => {
    const fetchImpl: typeof fetch = (_url, init) =>
      new Promise((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () => reject(init.signal?.reason));
      });
    const started = Date.now();
    await expect(createLead(PROSPECT, 'k', { fetchImpl, timeoutMs: 50 })).rejects.toThrow(LEAD_SAVE_ERROR);
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it("PUTs updates and raises 'No se pudo actualizar' on failure", async () => {
    const fetchImpl = vi.fn<typeof fetch>(async () => json(200, { id: 'abc', estado: 'nuevo' }));
    await updateLead({ ...PROSPECT, id: 'abc' }, { fetchImpl, apiBase: 'https://api.example.com/api/' });
    expect(fetchImpl.mock.calls[0]?.[0]).toBe('https://api.example.com/api/prospectos/');
    expect(fetchImpl.mock.calls[0]?.[1]?.method).toBe('PUT');
    await expect(
      updateLead({ ...PROSPECT, id: 'abc' }, { fetchImpl: async () => json(404, {}) }),
    ).rejects.toThrow(LEAD_UPDATE_ERROR);
  });

  describe('typed failures: what the wizard reads to name the cause', () => {
    async function failureFor(answer: () => Promise<Response>): Promise<SaveFailure> {
      const error: unknown = await createLead(PROSPECT, 'k', { fetchImpl: answer }).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(Error);
      expect((error as Error).message).toBe(LEAD_SAVE_ERROR);
      return saveFailureOf(error);
    }

    it('a 429 is a wait, with the seconds of Retry-After', async () => {
      const failure = await failureFor(
        async () =>
          new Response(JSON.stringify({ error: 'Demasiadas solicitudes seguidas.' }), {
            status: 429,
            headers: { 'Retry-After': '30' },
          }),
      );
      expect(failure).toEqual({ kind: 'rateLimited', retryAfterSeconds: 30, refused: [] });
      expect((await failureFor(async () => json(429, {}))).retryAfterSeconds).toBeNull();
    });

    it('a 400 names the refused fields, with the body field of each Spanish label', async () => {
      const failure = await failureFor(async () =>
        json(400, {
          error: 'Datos inválidos',
          campos: [
            {
              campo: 'campaña (utm_campaign)',
              mensaje: 'El campo «campaña (utm_campaign)» tiene caracteres no válidos.',
            },
            { campo: 'WhatsApp', mensaje: 'El WhatsApp no es un número válido para Chile.' },
            { campo: 'clave de idempotencia', mensaje: 'La clave no es válida.' },
            { campo: 7, mensaje: null },
          ],
        }),
      );
      expect(failure.kind).toBe('refused');
      expect(failure.refused).toEqual([
        {
          field: 'utmCampaign',
          campo: 'campaña (utm_campaign)',
          mensaje: 'El campo «campaña (utm_campaign)» tiene caracteres no válidos.',
        },
        { field: 'whatsapp', campo: 'WhatsApp', mensaje: 'El WhatsApp no es un número válido para Chile.' },
        { field: null, campo: 'clave de idempotencia', mensaje: 'La clave no es válida.' },
      ]);
      // A refusal whose body is not the API's still says "refused", with no field.
      expect(await failureFor(async () => new Response('<h1>Bad Request</h1>', { status: 400 }))).toEqual({
        kind: 'refused',
        retryAfterSeconds: null,
        refused: [],
      });
    });

    it('no answer, a 5xx or an answer without a lead is the server unavailable', async () => {
      for (const answer of [
        async () => json(500, { error: 'Estamos en mantenimiento.' }),
        async () => json(503, {}),
        async () => json(201, { estado: 'x' }),
        async () => {
          throw new TypeError('Failed to fetch');
        },
      ]) {
        expect((await failureFor(answer)).kind).toBe('unavailable');
      }
    });
  });

  it('reads Retry-After as seconds or as a date', () => {
    const now = Date.parse('2026-11-27T12:00:00Z');
    expect(retryAfterSeconds('30', now)).toBe(30);
    expect(retryAfterSeconds(' 0 ', now)).toBe(0);
    expect(retryAfterSeconds('Fri, 27 Nov 2026 12:01:30 GMT', now)).toBe(90);
    expect(retryAfterSeconds('Fri, 27 Nov 2026 11:59:00 GMT', now)).toBe(0);
    expect(retryAfterSeconds('pronto', now)).toBeNull();
    expect(retryAfterSeconds(null, now)).toBeNull();
  });
});
