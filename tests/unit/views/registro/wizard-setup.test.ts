// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { ATTRIBUTION_STORAGE_KEY, REFERRAL_STORAGE_KEY } from '../../../../src/domain/constants';
import { leadWizardMachine } from '../../../../src/machines/lead-wizard.machine';
import { WIZARD_STORAGE_KEY } from '../../../../src/services/wizard-persistence';
import { readWizardStart } from '../../../../src/views/registro/wizard-setup';

afterEach(() => {
  sessionStorage.clear();
  localStorage.clear();
  document.cookie = 'cc=; Max-Age=0; Path=/';
});

describe('readWizardStart (after hydration)', () => {
  it('starts a fresh wizard with a new idempotency key and no campaign', () => {
    const a = readWizardStart('');
    const b = readWizardStart('');
    expect(a.snapshot).toBeUndefined();
    expect(a.input).toMatchObject({
      promotionMode: false,
      needsBotCheck: false,
      codigoReferido: null,
      tracking: {},
      country: null,
    });
    expect(a.input.idempotencyKey).toMatch(/^[A-Za-z0-9_-]{1,100}$/);
    expect(a.input.idempotencyKey).not.toBe(b.input.idempotencyKey);
  });

  it('stores and uses this page’s campaign: fb needs the bot check, ndb_c=pe is promotion mode', () => {
    const { input } = readWizardStart('?utm_source=fb&ndb_c=pe&fbclid=abc&utm_content=x');
    expect(localStorage.getItem(ATTRIBUTION_STORAGE_KEY)).toBe(
      'utm_source=fb&ndb_c=pe&fbclid=abc&utm_content=x',
    );
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

  it('keeps a campaign stored by an earlier page when this URL has none', () => {
    localStorage.setItem(ATTRIBUTION_STORAGE_KEY, 'ndb_s=ig&ndb_c=invierno');
    const { input } = readWizardStart('?cc=CL');
    expect(input).toMatchObject({
      promotionMode: false,
      needsBotCheck: false,
      tracking: { urlQueryString: 'ndb_s=ig&ndb_c=invierno', utmSource: 'ig', utmCampaign: 'invierno' },
      country: 'CL',
    });
  });

  it('takes ?ref over the stored code and keeps it in session storage; ignores an implausible code', () => {
    sessionStorage.setItem(REFERRAL_STORAGE_KEY, 'VIEJO');
    expect(readWizardStart('?ref=NUEVO-1').input.codigoReferido).toBe('NUEVO-1');
    expect(sessionStorage.getItem(REFERRAL_STORAGE_KEY)).toBe('NUEVO-1');
    expect(readWizardStart('?ref=<script>').input.codigoReferido).toBe('NUEVO-1');
  });

  it('preselects the country from ?cc, else the cc cookie', () => {
    document.cookie = 'cc=UY; Path=/';
    expect(readWizardStart('').input.country).toBe('UY');
    expect(readWizardStart('?cc=mx').input.country).toBe('MX');
    expect(readWizardStart('?cc=XX').input.country).toBe('UY');
  });

  it('resumes from a stored snapshot and ignores a tampered one', () => {
    const actor = createActor(leadWizardMachine, { input: { idempotencyKey: 'k-1' } }).start();
    actor.send({ type: 'contact.change', field: 'nombre', value: 'Ana' });
    sessionStorage.setItem(WIZARD_STORAGE_KEY, JSON.stringify(actor.getPersistedSnapshot()));
    actor.stop();
    const { snapshot } = readWizardStart('');
    expect(snapshot).toBeDefined();
    const resumed = createActor(leadWizardMachine, { snapshot, input: { idempotencyKey: 'other' } });
    expect(resumed.getSnapshot().context).toMatchObject({ nombre: 'Ana', idempotencyKey: 'k-1' });

    sessionStorage.setItem(
      WIZARD_STORAGE_KEY,
      JSON.stringify({ status: 'active', value: { steps: 'thanks' }, context: { nombre: '<img>' } }),
    );
    expect(readWizardStart('').snapshot).toBeUndefined();
  });
});
