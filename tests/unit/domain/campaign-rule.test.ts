import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { attributionToStore, readStoredAttribution, trackingFields } from '../../../src/domain/attribution';
import { cleanQuery, isCampaignText, isCampaignValue } from '../../../src/domain/landing';
import { TRACKING_FIELDS, TRACKING_VALUE_MAX_LENGTH } from '../../../src/domain/prospect';
import { validateProspect } from '../../../src/domain/prospect-schema';

/** A body the API accepts, with the given campaign fields. */
function bodyWith(tracking: Record<string, string>) {
  return {
    nombreEmpresa: 'Pizzería Luis',
    nombre: 'Luis',
    apellido: 'Pérez',
    pais: { codigo: 'CL', nombre: 'Chile', prefijo: '+56' },
    whatsapp: '+56912345678',
    infoEmpresa: '{}',
    ...tracking,
  };
}

describe('the campaign rule (one definition for the landing recorder and the API)', () => {
  it('refuses every control character and lone surrogates, keeps any other text', () => {
    for (let code = 0; code <= 0x1f; code += 1)
      expect(isCampaignText(`a${String.fromCharCode(code)}`)).toBe(false);
    expect(isCampaignText('a\u007F')).toBe(false);
    expect(isCampaignText('a\u0090')).toBe(false);
    expect(isCampaignText('a\uD800')).toBe(false);
    expect(isCampaignText('verano 2026 ñandú 🍕 «promo»')).toBe(true);
    expect(isCampaignValue('x'.repeat(TRACKING_VALUE_MAX_LENGTH), TRACKING_VALUE_MAX_LENGTH)).toBe(true);
    expect(isCampaignValue('x'.repeat(TRACKING_VALUE_MAX_LENGTH + 1), TRACKING_VALUE_MAX_LENGTH)).toBe(false);
  });

  it('never stores the %00 campaign of a crafted link, and keeps the rest of the visit', () => {
    const stored = attributionToStore('?utm_source=ig&utm_campaign=verano%00');
    expect(stored).toBe('utm_source=ig');
    expect(trackingFields(readStoredAttribution(stored))).toEqual({
      urlQueryString: 'utm_source=ig',
      utmSource: 'ig',
    });
  });

  it.each(['%01', '%0A', '%1F', '%7F', '%C2%85'])('drops a parameter carrying %s', (escaped) => {
    expect(attributionToStore(`?utm_source=ig&utm_campaign=a${escaped}b&utm_term=t`)).toBe(
      'utm_source=ig&utm_term=t',
    );
  });

  it('drops an over-long value and a trigger that breaks the rule stores nothing', () => {
    expect(attributionToStore(`?utm_source=ig&utm_content=${'c'.repeat(501)}`)).toBe('utm_source=ig');
    expect(attributionToStore('?utm_source=ig%00')).toBeUndefined();
    expect(cleanQuery(`?a=1&${'b'.repeat(501)}=2&&c=3`, 500)).toBe('a=1&c=3');
  });

  it('ignores what an older visit stored against the rule, keeping what passes', () => {
    expect(readStoredAttribution('utm_source=ig&utm_campaign=verano%00')).toEqual({
      urlQueryString: 'utm_source=ig',
      utmSource: 'ig',
    });
    // Raw control characters (storage written by hand or by an older version).
    expect(readStoredAttribution('utm_source=ig&utm_campaign=ver\u0000ano')?.utmCampaign).toBeUndefined();
    expect(readStoredAttribution('utm_source=ig\u0001')).toBeUndefined();
  });

  it('gives the API only campaign fields it accepts, whatever the address', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.tuple(
            fc.constantFrom(
              'utm_source',
              'utm_campaign',
              'utm_content',
              'utm_term',
              'fbclid',
              'ndb_s',
              'ndb_c',
              'x',
            ),
            fc.string({ unit: 'binary', maxLength: 40 }),
          ),
          { maxLength: 8 },
        ),
        (pairs) => {
          const search = `?${pairs.map(([k, v]) => `${k}=${encodeURIComponent(v).replace(/%(?![0-9A-F]{2})/g, '')}`).join('&')}`;
          const tracking = trackingFields(readStoredAttribution(attributionToStore(search)));
          for (const field of TRACKING_FIELDS) {
            if (tracking[field] !== undefined) expect(isCampaignText(tracking[field])).toBe(true);
          }
          expect(validateProspect(bodyWith(tracking as Record<string, string>)).ok).toBe(true);
        },
      ),
    );
  });
});
