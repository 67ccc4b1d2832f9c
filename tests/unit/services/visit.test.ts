// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ATTRIBUTION_STORAGE_KEY, REFERRAL_STORAGE_KEY } from '../../../src/domain/constants';
import { readReferralCode, readVisit, visitFrom } from '../../../src/services/visit';

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe('readReferralCode', () => {
  afterEach(() => vi.restoreAllMocks());

  it('reads the URL before session storage, and never opens local storage', () => {
    const local = vi.spyOn(window, 'localStorage', 'get');
    sessionStorage.setItem(REFERRAL_STORAGE_KEY, 'VIEJO');
    expect(readReferralCode('?ref=NUEVO')).toBe('NUEVO');
    expect(readReferralCode('?ref=<b>')).toBe('VIEJO');
    expect(local).not.toHaveBeenCalled();
  });
});

describe('readVisit', () => {
  it('writes nothing, and reads the URL before what is stored', () => {
    localStorage.setItem(ATTRIBUTION_STORAGE_KEY, 'ndb_s=ig');
    sessionStorage.setItem(REFERRAL_STORAGE_KEY, 'VIEJO');
    const visit = readVisit('?utm_source=fb&ref=NUEVO');
    expect(visit.attribution?.utmSource).toBe('fb');
    expect(visit.referralCode).toBe('NUEVO');
    expect(localStorage.getItem(ATTRIBUTION_STORAGE_KEY)).toBe('ndb_s=ig');
    expect(sessionStorage.getItem(REFERRAL_STORAGE_KEY)).toBe('VIEJO');
  });

  it('is a function of the query string and the stored values', () => {
    expect(visitFrom('?cc=CL', undefined, undefined)).toEqual({
      attribution: undefined,
      referralCode: undefined,
    });
    expect(visitFrom('', 'ndb_c=pe', 'AMIGO').attribution?.ndbCampaign).toBe('pe');
    expect(visitFrom('', 'not a campaign', '<b>')).toEqual({
      attribution: undefined,
      referralCode: undefined,
    });
  });
});
