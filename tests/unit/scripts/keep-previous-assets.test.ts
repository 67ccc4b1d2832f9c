import { describe, expect, it } from 'vitest';
import { ASSET_RETENTION_DAYS, planRetention, retire } from '../../../scripts/keep-previous-assets';

const DAY = 24 * 60 * 60 * 1000;
const T0 = Date.UTC(2025, 2, 1);

describe('keeping the previous builds’ hashed files', () => {
  it('a replaced build’s files are kept for the retention, then dropped', () => {
    const retired = retire({}, ['home-rest-A.js', 'home-rest-A.js.br'], T0);
    const kept = planRetention(retired, ['home-rest-B.js'], T0 + ASSET_RETENTION_DAYS * DAY);
    expect(Object.keys(kept.keep)).toEqual(['home-rest-A.js', 'home-rest-A.js.br']);
    expect(kept.drop).toEqual([]);
    const later = planRetention(retired, ['home-rest-B.js'], T0 + ASSET_RETENTION_DAYS * DAY + 1);
    expect(later.keep).toEqual({});
    expect(later.drop).toEqual(['home-rest-A.js', 'home-rest-A.js.br']);
  });

  it('the clock starts when a file leaves the live build, not when it was first built', () => {
    // Built at T0, still live after a deploy at T0 + 6 days, replaced at T0 + 10 days.
    let retired = retire({}, ['react-R.js'], T0);
    retired = planRetention(retired, ['react-R.js'], T0 + 6 * DAY).keep;
    expect(retired).toEqual({});
    retired = retire(retired, ['react-R.js'], T0 + 10 * DAY);
    expect(planRetention(retired, [], T0 + 16 * DAY).keep).toEqual({ 'react-R.js': T0 + 10 * DAY });
  });

  it('a file retired by an older build keeps its date through later deploys', () => {
    let retired = retire({}, ['old-1.js'], T0);
    retired = planRetention(retired, ['new-2.js'], T0).keep;
    retired = retire(retired, ['new-2.js', 'old-1.js'], T0 + 3 * DAY);
    expect(retired).toEqual({ 'old-1.js': T0, 'new-2.js': T0 + 3 * DAY });
    const { keep, drop } = planRetention(retired, ['new-3.js'], T0 + 8 * DAY);
    expect(keep).toEqual({ 'new-2.js': T0 + 3 * DAY });
    expect(drop).toEqual(['old-1.js']);
  });
});
