import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { URL_QUERY_STRING_MAX_LENGTH } from '../../../src/domain/prospect';
import {
  attributionToStore,
  campaignSource,
  capQueryString,
  isFacebookSource,
  isPromotionMode,
  parseAttribution,
  readStoredAttribution,
  shouldStoreAttribution,
  trackingFields,
} from '../../../src/domain/attribution';

const params = (q: string) => new URLSearchParams(q);

describe('shouldStoreAttribution', () => {
  it.each(['fbclid=abc', 'utm_source=google', 'ndb_s=ig', 'ndb_c=pe', 'cc=AR&utm_source=fb&ref=X'])(
    'is true for %s',
    (q) => expect(shouldStoreAttribution(params(q))).toBe(true),
  );
  it.each(['', 'cc=AR', 'ref=AMIGO', 'utm_campaign=verano', 'utm_source=', 'utm_source=%20%20'])(
    'is false for %j',
    (q) => expect(shouldStoreAttribution(params(q))).toBe(false),
  );
  it('ignores an absurdly long trigger value', () => {
    expect(shouldStoreAttribution(params(`fbclid=${'a'.repeat(501)}`))).toBe(false);
  });
});

describe('attributionToStore', () => {
  it('stores the whole query string without the leading ?', () => {
    expect(attributionToStore('?cc=CL&utm_source=fb&utm_campaign=otono')).toBe(
      'cc=CL&utm_source=fb&utm_campaign=otono',
    );
  });
  it('stores nothing without a trigger parameter', () => {
    expect(attributionToStore('?cc=CL&ref=AMIGO')).toBeUndefined();
    expect(attributionToStore('')).toBeUndefined();
  });
  it('caps the stored string at 2000 characters, whole parameters only', () => {
    const long = `utm_source=fb&${Array.from({ length: 300 }, (_, i) => `p${i}=xxxxx`).join('&')}`;
    const stored = attributionToStore(`?${long}`);
    expect(stored).toBeDefined();
    expect(stored!.length).toBeLessThanOrEqual(URL_QUERY_STRING_MAX_LENGTH);
    expect(stored!.startsWith('utm_source=fb&p0=xxxxx')).toBe(true);
    expect(stored!.split('&').every((p) => /^(utm_source=fb|p\d+=xxxxx)$/.test(p))).toBe(true);
  });
  it('stores nothing when the trigger does not fit in the cap', () => {
    const filler = Array.from({ length: 5 }, (_, i) => `p${i}=${'x'.repeat(450)}`).join('&');
    expect(attributionToStore(`${filler}&utm_source=fb`)).toBeUndefined();
  });
});

describe('parseAttribution', () => {
  it('reads every field', () => {
    expect(
      parseAttribution(
        '?utm_source=google&utm_campaign=verano&utm_content=banner&utm_term=tienda&fbclid=F1&ndb_c=pe&ndb_s=ig',
      ),
    ).toEqual({
      urlQueryString:
        'utm_source=google&utm_campaign=verano&utm_content=banner&utm_term=tienda&fbclid=F1&ndb_c=pe&ndb_s=ig',
      utmSource: 'google',
      utmCampaign: 'verano',
      utmContent: 'banner',
      utmTerm: 'tienda',
      fbclid: 'F1',
      ndbCampaign: 'pe',
    });
  });
  it('falls back to ndb_s for the source and ndb_c for the campaign', () => {
    expect(parseAttribution('ndb_s=ig&ndb_c=pe')).toEqual({
      urlQueryString: 'ndb_s=ig&ndb_c=pe',
      utmSource: 'ig',
      utmCampaign: 'pe',
      ndbCampaign: 'pe',
    });
  });
  it('decodes values', () => {
    expect(parseAttribution('utm_source=mail%20list&utm_campaign=d%C3%ADa').utmCampaign).toBe('día');
  });
  it('never throws and keeps every value within bounds', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 3000 }), (q) => {
        const a = parseAttribution(q);
        expect(a.urlQueryString.length).toBeLessThanOrEqual(URL_QUERY_STRING_MAX_LENGTH);
        for (const v of [a.utmSource, a.utmCampaign, a.utmContent, a.utmTerm, a.fbclid, a.ndbCampaign]) {
          if (v !== undefined) expect(v.length).toBeLessThanOrEqual(500);
        }
      }),
    );
  });
});

describe('readStoredAttribution and the derived rules', () => {
  it('reads back what was stored', () => {
    const stored = attributionToStore('?utm_source=fb&ndb_c=pe');
    const a = readStoredAttribution(stored);
    expect(a?.utmSource).toBe('fb');
    expect(isPromotionMode(a)).toBe(true);
    expect(isFacebookSource(a)).toBe(true);
    expect(campaignSource(a)).toBe('fb');
  });
  it('is undefined for missing, empty, oversized or meaningless values', () => {
    expect(readStoredAttribution(undefined)).toBeUndefined();
    expect(readStoredAttribution('')).toBeUndefined();
    expect(readStoredAttribution('cc=AR')).toBeUndefined();
    expect(readStoredAttribution(`utm_source=fb&x=${'y'.repeat(2100)}`)).toBeUndefined();
  });
  it('promotion mode only for ndb_c=pe', () => {
    expect(isPromotionMode(undefined)).toBe(false);
    expect(isPromotionMode(readStoredAttribution('ndb_c=PE'))).toBe(false);
    expect(isPromotionMode(readStoredAttribution('ndb_c=pex'))).toBe(false);
    expect(isPromotionMode(readStoredAttribution('utm_campaign=pe&utm_source=x'))).toBe(false);
    expect(isPromotionMode(readStoredAttribution('ndb_c=pe'))).toBe(true);
  });
  it('facebook source only for fb, from utm_source or ndb_s', () => {
    expect(isFacebookSource(readStoredAttribution('ndb_s=fb'))).toBe(true);
    expect(isFacebookSource(readStoredAttribution('utm_source=google&ndb_s=fb'))).toBe(false);
    expect(isFacebookSource(undefined)).toBe(false);
  });
  it('gives the lead tracking fields', () => {
    expect(trackingFields(readStoredAttribution('utm_source=fb&fbclid=Z&utm_term=t'))).toEqual({
      urlQueryString: 'utm_source=fb&fbclid=Z&utm_term=t',
      utmSource: 'fb',
      fbclid: 'Z',
      utmTerm: 't',
    });
    expect(trackingFields(undefined)).toEqual({});
  });
});

describe('capQueryString', () => {
  it('leaves short strings alone and drops the ?', () => {
    expect(capQueryString('?a=1')).toBe('a=1');
  });
  it('never exceeds the cap', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 5000 }), (q) => {
        expect(capQueryString(q).length).toBeLessThanOrEqual(URL_QUERY_STRING_MAX_LENGTH);
      }),
    );
  });
});
