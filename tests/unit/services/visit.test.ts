// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { ATTRIBUTION_STORAGE_KEY, REFERRAL_STORAGE_KEY } from '../../../src/domain/constants';
import { captureVisit } from '../../../src/services/visit';

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe('captureVisit', () => {
  it('keeps a campaign query string and a plausible referral code', () => {
    const visit = captureVisit('?utm_source=fb&ndb_c=pe&ref=AMIGO-1');
    expect(localStorage.getItem(ATTRIBUTION_STORAGE_KEY)).toBe('utm_source=fb&ndb_c=pe&ref=AMIGO-1');
    expect(sessionStorage.getItem(REFERRAL_STORAGE_KEY)).toBe('AMIGO-1');
    expect(visit.referralCode).toBe('AMIGO-1');
    expect(visit.attribution?.utmSource).toBe('fb');
    expect(visit.attribution?.utmCampaign).toBe('pe');
  });

  it('a later URL without a campaign keeps what was stored, and a bad ref is ignored', () => {
    captureVisit('?ndb_s=ig&ref=BUENO');
    const visit = captureVisit('?ref=<script>');
    expect(visit.attribution?.utmSource).toBe('ig');
    expect(visit.referralCode).toBe('BUENO');
    expect(sessionStorage.getItem(REFERRAL_STORAGE_KEY)).toBe('BUENO');
  });

  it('stores nothing for a URL without campaign or referral', () => {
    expect(captureVisit('?cc=CL')).toEqual({ attribution: undefined, referralCode: undefined });
    expect(localStorage.length + sessionStorage.length).toBe(0);
  });
});
