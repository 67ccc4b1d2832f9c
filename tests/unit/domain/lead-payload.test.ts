import { describe, expect, it } from 'vitest';
import {
  buildProspectInput,
  buildProspectUpdate,
  isContactComplete,
  type LeadDraft,
} from '../../../src/domain/lead-payload';
import { leadKeyFor } from '../../../src/domain/lead-key';

const draft = (over: Partial<LeadDraft> = {}): LeadDraft => ({
  nombreEmpresa: 'Pizzería Luis',
  nombre: 'Luis',
  apellido: 'Pérez',
  pais: 'AR',
  whatsapp: '11 2345-6789',
  email: '',
  situacionActual: null,
  rubro: null,
  sector: null,
  visitoDemo: false,
  codigoReferido: null,
  tracking: {},
  ...over,
});

/** Step 1's rule and the bodies of the create and update calls (spec section 7). */
describe('what step 1 needs and what the API receives', () => {
  it('does not count a required field of only spaces as filled', () => {
    expect(isContactComplete(draft())).toBe(true);
    for (const field of ['nombreEmpresa', 'nombre', 'apellido'] as const)
      expect(isContactComplete(draft({ [field]: '   ' })), field).toBe(false);
    expect(isContactComplete(draft({ whatsapp: ' - ' }))).toBe(false);
    expect(isContactComplete(draft({ pais: null }))).toBe(false);
  });

  it('sends the texts trimmed and the number with its prefix', () => {
    const body = buildProspectInput(
      draft({ nombreEmpresa: ' Pizzería Luis ', nombre: ' Luis', apellido: 'Pérez  ' }),
    );
    expect(body).toMatchObject({
      nombreEmpresa: 'Pizzería Luis',
      nombre: 'Luis',
      apellido: 'Pérez',
      whatsapp: '+5491123456789',
    });
  });

  it('leaves out an empty referral code, an empty bot-check token and blank campaign fields', () => {
    const body = buildProspectInput(
      draft({ codigoReferido: '', tracking: { utmSource: '  ', utmCampaign: 'verano' } }),
      '',
    );
    expect(body).not.toHaveProperty('codigoReferido');
    expect(body).not.toHaveProperty('recaptchaToken');
    expect(body).not.toHaveProperty('utmSource');
    expect(body.utmCampaign).toBe('verano');
    const withAll = buildProspectInput(draft({ codigoReferido: 'ANA10' }), 'token-1');
    expect(withAll).toMatchObject({ codigoReferido: 'ANA10', recaptchaToken: 'token-1' });
    // An update never carries the token.
    expect(buildProspectUpdate(draft(), 'lead-1')).not.toHaveProperty('recaptchaToken');
  });
});

describe("the create's idempotency key", () => {
  it('is the same for the same business written again, and another for another business', () => {
    const key = (over: Partial<LeadDraft>) => leadKeyFor('tab-1', draft(over));
    expect(key({ nombreEmpresa: 'Pizzería  Luis ' })).toBe(key({}));
    expect(key({ nombreEmpresa: 'PIZZERÍA LUIS' })).toBe(key({}));
    // Spaces and punctuation are not part of a name: the number already tells businesses apart.
    expect(key({ nombreEmpresa: 'PizzeríaLuis' })).toBe(key({}));
    expect(key({ nombreEmpresa: 'Pizzería Luisa' })).not.toBe(key({}));
    expect(key({ whatsapp: '1123456789' })).toBe(key({}));
    expect(key({ whatsapp: '1123456780' })).not.toBe(key({}));
    // Who types it and their e-mail do not make another business.
    expect(key({ nombre: 'Luis', apellido: 'Pérez', email: '' })).toBe(key({}));
  });
});
