import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { SIGNUP_BOX } from '../../../src/content/home/copy';
import { STORE_BADGE } from '../../../src/content/store-badge';
import { StoreBadge } from '../../../src/ui/store-badge';
import { config } from '../../../src/config';

describe('Google Play badge', () => {
  it('is HTML in the page, named for its page, with no image to fetch or decode', () => {
    const html = renderToStaticMarkup(<StoreBadge label={SIGNUP_BOX.badgeLabel} />);
    expect(html).not.toContain('<img');
    expect(html).not.toContain('data:');
    expect(html).toContain(`href="${config.androidStoreUrl}"`);
    expect(html).toContain(`role="img" aria-label="${SIGNUP_BOX.badgeLabel}"`);
    expect(html).toContain(`>${STORE_BADGE.kicker}<`);
    expect(html).toContain(`>${STORE_BADGE.store}<`);
  });
});
