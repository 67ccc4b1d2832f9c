import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy } from '../../server/security';
import { directivesOf, effectiveSources } from './support/csp';

/**
 * The policy leaves out a fetch directive that says what default-src says (the header travels in
 * every page's first round trip), and a browser applies the same sources to each as before.
 */
describe('Content-Security-Policy', () => {
  const SELF = ["'self'"];

  it('a page without third parties: the same policy, without the directives default-src covers', () => {
    const header = contentSecurityPolicy([], ["'sha256-abc='"]);
    expect([...directivesOf(header).keys()]).not.toContain('font-src');
    expect([...directivesOf(header).keys()]).not.toContain('connect-src');
    expect(effectiveSources(header, 'font-src')).toEqual(SELF);
    expect(effectiveSources(header, 'connect-src')).toEqual(SELF);
    expect(effectiveSources(header, 'script-src')).toEqual(["'self'", "'sha256-abc='"]);
    // Inline event handlers: only 'unsafe-inline' or 'unsafe-hashes' would allow them.
    for (const directive of ['script-src', 'script-src-attr'])
      for (const keyword of ["'unsafe-inline'", "'unsafe-hashes'"])
        expect(effectiveSources(header, directive) ?? [], directive).not.toContain(keyword);
    expect(effectiveSources(header, 'frame-src')).toEqual(["'none'"]);
    expect(effectiveSources(header, 'object-src')).toEqual(["'none'"]);
    expect(effectiveSources(header, 'img-src')).toEqual(["'self'", 'data:', 'https:']);
    // These never fall back to default-src: each is said.
    for (const directive of ['base-uri', 'form-action', 'frame-ancestors'])
      expect(effectiveSources(header, directive), directive).toEqual(SELF);
  });

  it('a third party that needs connections gets connect-src back, with the site first', () => {
    const header = contentSecurityPolicy(['paypal']);
    expect(effectiveSources(header, 'connect-src')).toEqual(
      expect.arrayContaining(["'self'", 'https://www.paypal.com']),
    );
    expect(effectiveSources(header, 'connect-src')?.[0]).toBe("'self'");
    expect(effectiveSources(header, 'font-src')).toEqual(SELF);
  });

  it('an answer that is no page carries no script source but the site', () => {
    const header = contentSecurityPolicy();
    expect(effectiveSources(header, 'script-src')).toEqual(SELF);
    expect(header).not.toContain('sha256-');
  });
});
