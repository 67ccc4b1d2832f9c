import { describe, expect, it } from 'vitest';
import { GOOGLE_PLAY_BADGE_SRC } from '../../../src/content/store-badge';
import { SIGNUP_BOX } from '../../../src/content/home/copy';

describe('Google Play badge', () => {
  it('is a 200 × 60 SVG inside the page, the same one on /descargar and the home page', () => {
    expect(GOOGLE_PLAY_BADGE_SRC.startsWith('data:image/svg+xml,')).toBe(true);
    const svg = decodeURIComponent(GOOGLE_PLAY_BADGE_SRC.slice('data:image/svg+xml,'.length));
    expect(svg).toMatch(
      /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" width="200" height="60"[^>]*>.*Google Play.*<\/svg>$/,
    );
    expect(SIGNUP_BOX.badge.src).toBe(GOOGLE_PLAY_BADGE_SRC);
  });
});
