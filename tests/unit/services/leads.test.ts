import { describe, expect, it, vi } from 'vitest';
import type { ProspectInput } from '../../../src/domain/prospect';
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
});
