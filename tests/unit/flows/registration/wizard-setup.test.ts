// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { ATTRIBUTION_STORAGE_KEY, REFERRAL_STORAGE_KEY } from '../../../../src/domain/constants';
import { leadWizardMachine } from '../../../../src/flows/registration/lead-wizard.machine';
import { WIZARD_STORAGE_KEY } from '../../../../src/services/wizard-persistence';
import { readWizardStart } from '../../../../src/flows/registration/wizard-setup';

afterEach(() => {
  sessionStorage.clear();
  localStorage.clear();
  document.cookie = 'cc=; Max-Age=0; Path=/';
});

const KEY = 'c1d2e3f4-0000-4000-8000-000000000001';

describe('readWizardStart (after hydration)', () => {
  it('starts a fresh wizard with the given idempotency key and no campaign', async () => {
    const a = await readWizardStart('', KEY);
    expect(a.snapshot).toBeUndefined();
    expect(a.input).toMatchObject({
      promotionMode: false,
      needsBotCheck: false,
      codigoReferido: null,
      tracking: {},
      country: null,
    });
    expect(a.input.idempotencyKey).toBe(KEY);
  });

  it('uses this page’s campaign without storing anything: fb needs the bot check, ndb_c=pe is promotion mode', async () => {
    const { input } = await readWizardStart('?utm_source=fb&ndb_c=pe&fbclid=abc&utm_content=x', KEY);
    expect(localStorage.length + sessionStorage.length).toBe(0);
    expect(input).toMatchObject({
      promotionMode: true,
      needsBotCheck: true,
      tracking: {
        urlQueryString: 'utm_source=fb&ndb_c=pe&fbclid=abc&utm_content=x',
        utmSource: 'fb',
        utmCampaign: 'pe',
        utmContent: 'x',
        fbclid: 'abc',
      },
    });
  });

  it('keeps a campaign stored by an earlier page when this URL has none', async () => {
    localStorage.setItem(ATTRIBUTION_STORAGE_KEY, 'ndb_s=ig&ndb_c=invierno');
    const { input } = await readWizardStart('?cc=CL', KEY);
    expect(input).toMatchObject({
      promotionMode: false,
      needsBotCheck: false,
      tracking: { urlQueryString: 'ndb_s=ig&ndb_c=invierno', utmSource: 'ig', utmCampaign: 'invierno' },
      country: 'CL',
    });
  });

  it('takes ?ref over the stored code; ignores an implausible code', async () => {
    sessionStorage.setItem(REFERRAL_STORAGE_KEY, 'VIEJO');
    expect((await readWizardStart('?ref=NUEVO-1', KEY)).input.codigoReferido).toBe('NUEVO-1');
    expect((await readWizardStart('?ref=<script>', KEY)).input.codigoReferido).toBe('VIEJO');
  });

  it('preselects the country from ?cc, else the cc cookie', async () => {
    document.cookie = 'cc=UY; Path=/';
    expect((await readWizardStart('', KEY)).input.country).toBe('UY');
    expect((await readWizardStart('?cc=mx', KEY)).input.country).toBe('MX');
    expect((await readWizardStart('?cc=XX', KEY)).input.country).toBe('UY');
  });

  it('resumes from a stored snapshot and ignores a tampered one', async () => {
    const actor = createActor(leadWizardMachine, { input: { idempotencyKey: 'k-1' } }).start();
    actor.send({ type: 'contact.change', field: 'nombre', value: 'Ana' });
    sessionStorage.setItem(WIZARD_STORAGE_KEY, JSON.stringify(actor.getPersistedSnapshot()));
    actor.stop();
    const { snapshot } = await readWizardStart('', KEY);
    expect(snapshot).toBeDefined();
    const resumed = createActor(leadWizardMachine, { snapshot, input: { idempotencyKey: 'other' } });
    expect(resumed.getSnapshot().context).toMatchObject({ nombre: 'Ana', idempotencyKey: 'k-1' });

    sessionStorage.setItem(
      WIZARD_STORAGE_KEY,
      JSON.stringify({ status: 'active', value: { steps: 'thanks' }, context: { nombre: '<img>' } }),
    );
    expect((await readWizardStart('', KEY)).snapshot).toBeUndefined();
  });
});
