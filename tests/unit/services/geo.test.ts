import { describe, expect, it, vi } from 'vitest';
import { detectCountry, fetchRate, RateUnavailableError } from '../../../src/services/geo';

const respond = (body: string, status = 200) =>
  vi.fn<typeof fetch>(async () => new Response(body, { status }));

describe('detectCountry (call 1)', () => {
  it('GETs {api}/public/ip2location/ and returns the country code', async () => {
    const fetchImpl = respond('{"countryCode":"cl"}');
    await expect(detectCountry({ apiBase: '/api', fetchImpl })).resolves.toBe('CL');
    expect(fetchImpl.mock.calls[0]?.[0]).toBe('/api/public/ip2location/');
    expect(fetchImpl.mock.calls[0]?.[1]?.method).toBe('GET');
  });

  it.each([
    ['an unknown code', '{"countryCode":"BR"}', 200],
    ['no code', '{}', 200],
    ['a non-object body', '"AR"', 200],
    ['a non-OK answer', '{"countryCode":"AR"}', 500],
  ])('throws on %s', async (_, body, status) => {
    await expect(detectCountry({ fetchImpl: respond(body, status) })).rejects.toThrow();
  });

  it('throws on a body that is not JSON', async () => {
    await expect(detectCountry({ fetchImpl: respond('<html>') })).rejects.toThrow();
  });

  it('throws when the network fails', async () => {
    const fetchImpl = vi.fn<typeof fetch>(async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(detectCountry({ fetchImpl })).rejects.toThrow('Failed to fetch');
  });

  it('gives up after its timeout', async () => {
    const fetchImpl = vi.fn<typeof fetch>(
      (_url, init) =>
        new Promise((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(init.signal?.reason));
        }),
    );
    await expect(detectCountry({ fetchImpl, timeoutMs: 10 })).rejects.toThrow();
  });
});

describe('fetchRate (call 2)', () => {
  it('GETs {api}/public/cotizaciones/USD/{code} and parses the plain-text rate', async () => {
    const fetchImpl = respond(' 950.25\n');
    await expect(fetchRate('CLP', { apiBase: 'https://x.example/api/', fetchImpl })).resolves.toBe(950.25);
    expect(fetchImpl.mock.calls[0]?.[0]).toBe('https://x.example/api/public/cotizaciones/USD/CLP');
  });

  it('throws RateUnavailableError on a non-OK answer', async () => {
    const error = await fetchRate('PEN', { fetchImpl: respond('nope', 404) }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RateUnavailableError);
    expect((error as RateUnavailableError).status).toBe(404);
  });

  it.each(['', 'abc', '0', '-3', '1e400', 'NaN'])(
    'throws RateUnavailableError for the body %j',
    async (body) => {
      await expect(fetchRate('MXN', { fetchImpl: respond(body) })).rejects.toBeInstanceOf(
        RateUnavailableError,
      );
    },
  );

  it('never calls the API for a malformed currency code', async () => {
    const fetchImpl = respond('1');
    await expect(fetchRate('../x', { fetchImpl })).rejects.toBeInstanceOf(RateUnavailableError);
    expect(fetchImpl).not.toHaveBeenCalled();
  });

  it('lets a network failure through as it is (not a RateUnavailableError)', async () => {
    const fetchImpl = vi.fn<typeof fetch>(async () => {
      throw new TypeError('Failed to fetch');
    });
    const error = await fetchRate('UYU', { fetchImpl }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TypeError);
    expect(error).not.toBeInstanceOf(RateUnavailableError);
  });
});
