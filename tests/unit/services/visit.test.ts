// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ATTRIBUTION_STORAGE_KEY, REFERRAL_STORAGE_KEY } from '../../../src/domain/constants';
import { readReferralCode, readVisit, recordVisit, visitFrom } from '../../../src/services/visit';

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe('recordVisit (once per page load)', () => {
  it('keeps a campaign query string and a plausible referral code', () => {
    recordVisit('?utm_source=fb&ndb_c=pe&ref=AMIGO-1');
    expect(localStorage.getItem(ATTRIBUTION_STORAGE_KEY)).toBe('utm_source=fb&ndb_c=pe&ref=AMIGO-1');
    expect(sessionStorage.getItem(REFERRAL_STORAGE_KEY)).toBe('AMIGO-1');
    const visit = readVisit('');
    expect(visit.referralCode).toBe('AMIGO-1');
    expect(visit.attribution?.utmSource).toBe('fb');
    expect(visit.attribution?.utmCampaign).toBe('pe');
  });

  it('a later URL without a campaign keeps what was stored, and a bad ref is ignored', () => {
    recordVisit('?ndb_s=ig&ref=BUENO');
    recordVisit('?ref=<script>');
    const visit = readVisit('?ref=<script>');
    expect(visit.attribution?.utmSource).toBe('ig');
    expect(visit.referralCode).toBe('BUENO');
    expect(sessionStorage.getItem(REFERRAL_STORAGE_KEY)).toBe('BUENO');
  });

  it('stores nothing for a URL without campaign or referral', () => {
    recordVisit('?cc=CL');
    expect(localStorage.length + sessionStorage.length).toBe(0);
  });

  describe('on a plain page load', () => {
    afterEach(() => vi.restoreAllMocks());

    it('opens neither storage (the first use of each is a synchronous call to the browser)', () => {
      const local = vi.spyOn(window, 'localStorage', 'get');
      const session = vi.spyOn(window, 'sessionStorage', 'get');
      recordVisit('?cc=CL&ref=<b>');
      expect(local).not.toHaveBeenCalled();
      expect(session).not.toHaveBeenCalled();
    });
  });
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
