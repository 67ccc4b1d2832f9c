// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ProspectInput } from '../../../src/domain/prospect';
import { pendingCreateKey, tabKeySeed } from '../../../src/services/idempotency-key';
import { LEAD_SAVE_ERROR, createWizardLead } from '../../../src/services/leads';

const PROSPECT: ProspectInput = {
  nombreEmpresa: 'Pizzería Don Luis',
  nombre: 'Luis',
  apellido: 'Gómez',
  pais: { codigo: 'AR', nombre: 'Argentina', prefijo: '+549' },
  whatsapp: '+5491123456789',
  infoEmpresa: '{}',
};
const LEAD_ID = '3f0c9a8e-1d2b-4c5e-9f6a-7b8c9d0e1f2a';

const created = () =>
  new Response(JSON.stringify({ id: LEAD_ID, estado: 'nuevo' }), {
    status: 201,
    headers: { 'Content-Type': 'application/json' },
  });

/** A fetch that records each create's key and answers as told. */
function api(...answers: (() => Response | Promise<Response>)[]) {
  const keys: string[] = [];
  const fetchImpl = vi.fn<typeof fetch>(async (_url, init) => {
    keys.push((init?.headers as Record<string, string>)['Idempotency-Key'] ?? '');
    const answer = answers.shift();
    if (!answer) throw new Error('unexpected request');
    return answer();
  });
  return { keys, options: { fetchImpl, apiBase: '/api' } };
}

const lost = () => Promise.reject(new TypeError('Failed to fetch'));

beforeEach(() => {
  sessionStorage.clear();
  window.name = '';
});
afterEach(() => vi.restoreAllMocks());

describe('createWizardLead: a create that got no answer keeps its key until one arrives', () => {
  it('sends the next create, corrected (another business key), with the key of the unanswered one', async () => {
    const { keys, options } = api(lost, created);
    await expect(createWizardLead(PROSPECT, 'clave-negocio-a', options)).rejects.toThrow(LEAD_SAVE_ERROR);
    expect(pendingCreateKey()).toBe('clave-negocio-a');
    const corrected = { ...PROSPECT, whatsapp: '+5491123456780' };
    expect(await createWizardLead(corrected, 'clave-negocio-b', options)).toEqual({
      id: LEAD_ID,
      estado: 'nuevo',
    });
    expect(keys).toEqual(['clave-negocio-a', 'clave-negocio-a']);
    // Answered: the next create is the wizard's own key again.
    expect(pendingCreateKey()).toBeUndefined();
  });

  it('keeps the key across a reload with storage blocked (the window name)', async () => {
    vi.spyOn(window, 'sessionStorage', 'get').mockImplementation(() => {
      throw new DOMException('El almacenamiento está bloqueado.', 'SecurityError');
    });
    tabKeySeed();
    const { keys, options } = api(lost, created);
    await expect(createWizardLead(PROSPECT, 'clave-antes', options)).rejects.toThrow(LEAD_SAVE_ERROR);
    // The reload: the page's memory is gone, the window's name is not.
    tabKeySeed();
    await createWizardLead(PROSPECT, 'clave-despues', options);
    expect(keys).toEqual(['clave-antes', 'clave-antes']);
    expect(pendingCreateKey()).toBeUndefined();
  });

  it('keeps the key after an error answer (a proxy 504 does not say whether the API stored it)', async () => {
    const { keys, options } = api(() => new Response('', { status: 504 }), created);
    await expect(createWizardLead(PROSPECT, 'clave-1', options)).rejects.toThrow(LEAD_SAVE_ERROR);
    await createWizardLead(PROSPECT, 'clave-2', options);
    expect(keys).toEqual(['clave-1', 'clave-1']);
  });

  it('keeps the key while the answer holds no usable lead', async () => {
    const { keys, options } = api(
      () => new Response(JSON.stringify({ id: '', estado: '' }), { status: 201 }),
      created,
    );
    await createWizardLead(PROSPECT, 'clave-1', options);
    expect(pendingCreateKey()).toBe('clave-1');
    await createWizardLead(PROSPECT, 'clave-2', options);
    expect(keys).toEqual(['clave-1', 'clave-1']);
  });

  it('keeps the key of a create still on its way when the page reloads', async () => {
    const { options } = api(() => new Promise<Response>(() => undefined));
    void createWizardLead(PROSPECT, 'clave-en-camino', options);
    await Promise.resolve();
    expect(pendingCreateKey()).toBe('clave-en-camino');
  });
});
