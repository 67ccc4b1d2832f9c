import { describe, expect, it, vi } from 'vitest';
import { subscribeNewsletter } from '../../../src/services/newsletter';

const ACTION = 'http://127.0.0.1:4173/api/newsletter/';

function reply(body: string, type = 'application/json; charset=utf-8', status = 200) {
  return vi.fn<typeof fetch>(async () => new Response(body, { status, headers: { 'content-type': type } }));
}

describe('subscribeNewsletter', () => {
  it("posts the serialized fields to the form's action with Accept: application/json", async () => {
    const fetchImpl = reply('{"response":"success"}');
    const out = await subscribeNewsletter(
      { action: ACTION, method: 'post', fields: { email: 'ana+promo@example.com' } },
      { fetchImpl },
    );
    expect(out).toEqual({ response: 'success' });
    const [url, init] = fetchImpl.mock.calls[0] ?? [];
    expect(url).toBe(ACTION);
    expect(init?.method).toBe('POST');
    expect(String(init?.body)).toBe('email=ana%2Bpromo%40example.com');
    expect(init?.body).toBeInstanceOf(URLSearchParams);
    expect(init?.headers).toEqual({ Accept: 'application/json' });
  });

  it('puts the fields in the query string for a GET form', async () => {
    const fetchImpl = reply('{"response":"success"}');
    await subscribeNewsletter(
      { action: `${ACTION}?lista=1`, method: 'get', fields: { email: 'a@b.co' } },
      { fetchImpl },
    );
    const [url, init] = fetchImpl.mock.calls[0] ?? [];
    expect(url).toBe(`${ACTION}?lista=1&email=a%40b.co`);
    expect(init?.method).toBe('GET');
    expect(init?.body).toBeUndefined();
  });

  it('resolves a JSON reply whatever its status, so its message can be shown', async () => {
    const fetchImpl = reply(
      '{"response":"error","message":"Escribe tu correo electrónico."}',
      'application/json',
      400,
    );
    await expect(
      subscribeNewsletter({ action: ACTION, method: 'post', fields: { email: '' } }, { fetchImpl }),
    ).resolves.toEqual({ response: 'error', message: 'Escribe tu correo electrónico.' });
  });

  it.each([
    ['an HTML error page', reply('<h1>502</h1>', 'text/html', 502)],
    ['broken JSON', reply('{"response":')],
    ['a network failure', vi.fn<typeof fetch>(async () => Promise.reject(new TypeError('Failed to fetch')))],
  ])('throws on %s', async (_name, fetchImpl) => {
    await expect(
      subscribeNewsletter({ action: ACTION, method: 'post', fields: { email: 'a@b.co' } }, { fetchImpl }),
    ).rejects.toThrow();
  });

  it('gives up after its timeout', async () => {
    const fetchImpl = vi.fn<typeof fetch>(
      (_url, init) =>
        new Promise((_resolve, reject) =>
          init?.signal?.addEventListener('abort', () => reject(init.signal?.reason)),
        ),
    );
    await expect(
      subscribeNewsletter(
        { action: ACTION, method: 'post', fields: { email: 'a@b.co' } },
        { fetchImpl, timeoutMs: 20 },
      ),
    ).rejects.toThrow(/Tiempo de espera agotado/);
  });
});
