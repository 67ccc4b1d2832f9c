import { describe, expect, it } from 'vitest';
import { PAGES } from '../../../src/content/pages';
import { ROBOTS_DISALLOWED, robots } from '../../../src/seo/site-files';

interface Rule {
  allow: boolean;
  pattern: string;
}

const rulesOf = (text: string): Rule[] =>
  text.split('\n').flatMap((line) => {
    const match = /^(Allow|Disallow):\s*(\S*)$/i.exec(line);
    return match?.[2] ? [{ allow: match[1]?.toLowerCase() === 'allow', pattern: match[2] }] : [];
  });

/** A path pattern of RFC 9309: `*` any characters, a final `$` the end of the path. */
const patternMatches = (pattern: string, path: string) => {
  const anchored = pattern.endsWith('$');
  const body = (anchored ? pattern.slice(0, -1) : pattern)
    .split('*')
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  return new RegExp(`^${body}${anchored ? '$' : ''}`).test(path);
};

/** RFC 9309 (as Google reads it): the longest matching rule decides, and Allow wins a tie. */
function isAllowed(rules: readonly Rule[], path: string): boolean {
  let best: Rule | undefined;
  for (const rule of rules) {
    if (!patternMatches(rule.pattern, path)) continue;
    if (
      !best ||
      rule.pattern.length > best.pattern.length ||
      (rule.pattern.length === best.pattern.length && rule.allow)
    )
      best = rule;
  }
  return best?.allow ?? true;
}

describe('robots.txt', () => {
  const rules = rulesOf(robots());

  it('lets crawlers fetch every page, noindex pages included, so they read the noindex itself', () => {
    const paths = PAGES.flatMap((page) => page.paths);
    expect(paths.length).toBeGreaterThan(10);
    for (const path of paths) expect(isAllowed(rules, path), path).toBe(true);
    for (const path of ['/testimonios', '/test', '/tests', '/apirest', '/flujos-de-caja', '/pagos?cc=AR'])
      expect(isAllowed(rules, path), path).toBe(true);
  });

  it('keeps crawlers out of the flow explorer and the API only', () => {
    expect(ROBOTS_DISALLOWED).toEqual(['/flujos/', '/api/']);
    for (const path of [
      '/flujos/',
      '/flujos/registro',
      '/api/',
      '/api/prospectos/',
      '/api/public/ip2location/',
    ])
      expect(isAllowed(rules, path), path).toBe(false);
  });

  it('has no prefix rule that could match a longer path by accident', () => {
    for (const rule of rules.filter((r) => !r.allow)) expect(rule.pattern, rule.pattern).toMatch(/[/$]$/);
  });

  it('names the sitemap', () => {
    expect(robots()).toMatch(/^Sitemap: https?:\/\/\S+\/sitemap\.xml$/m);
  });
});
