import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CUSTOM_MEDIA, resolveCustomMedia } from '../../../scripts/custom-media';
import { BREAKPOINTS_PX, MOBILE_MAX_WIDTH_PX } from '../../../src/domain/constants';

const STYLESHEETS = readdirSync('src', { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.css'))
  .map((file) => join('src', file));

/** The condition of every @media, @container and @custom-media rule of a stylesheet. */
function mediaConditions(css: string): string[] {
  const withoutComments = css.replace(/\/\*[\s\S]*?\*\//g, '');
  return [...withoutComments.matchAll(/@(?:media|container|custom-media)\b([^{;]*)/g)].map((m) =>
    (m[1] ?? '').trim(),
  );
}

/** Conditions that spell a length (px, em, rem...) instead of naming a breakpoint. */
function rawLengthConditions(css: string): string[] {
  return mediaConditions(css).filter((condition) => /\d\s*(px|r?em|vw|vh|ch|pt|cm|mm|in)\b/i.test(condition));
}

describe('CSS breakpoints come from one source', () => {
  it('finds the stylesheets to check', () => {
    expect(STYLESHEETS).toEqual(
      expect.arrayContaining([
        'src/styles.css',
        'src/pages/home/home.css',
        'src/flows/registration/registro.css',
      ]),
    );
  });

  it('the check itself catches a raw px media query', () => {
    expect(rawLengthConditions('@media (max-width: 768px) { a { color: red } }')).toEqual([
      '(max-width: 768px)',
    ]);
    expect(rawLengthConditions('@media screen and (min-width:40em){a{color:red}}')).toHaveLength(1);
    expect(rawLengthConditions('@media (--mobile) { a { color: red } }')).toEqual([]);
    expect(
      rawLengthConditions('/* @media (max-width: 1px) */ @media (prefers-reduced-motion: reduce) {}'),
    ).toEqual([]);
  });

  it.each(STYLESHEETS)(
    '%s writes no length in a media query and defines no breakpoint of its own',
    (file) => {
      const css = readFileSync(file, 'utf8');
      expect(rawLengthConditions(css)).toEqual([]);
      expect(css).not.toMatch(/@custom-media/);
    },
  );

  it.each(STYLESHEETS)('%s uses only known breakpoint names, all resolved at build time', (file) => {
    const { code } = resolveCustomMedia(readFileSync(file, 'utf8'), file);
    for (const condition of mediaConditions(code)) expect(condition).not.toMatch(/--/);
    expect(code).not.toMatch(/@custom-media/);
  });

  it('resolves the names to the widths of spec section 9', () => {
    const resolve = (name: string) =>
      mediaConditions(resolveCustomMedia(`@media (${name}) { a { color: red } }`, 'x.css').code)[0];
    expect(resolve('--sm-up')).toBe('(min-width: 576px)');
    expect(resolve('--mobile')).toBe('(max-width: 768px)');
    expect(resolve('--above-mobile')).toBe('(min-width: 769px)');
    expect(resolve('--lg-up')).toBe('(min-width: 1025px)');
    expect(resolve('--xl-up')).toBe('(min-width: 1200px)');
    expect(resolve('--tablet-up')).toBe('(min-width: 464px)');
    expect(resolve('--desktop-up')).toBe('(min-width: 1024px)');
    expect(resolve('--short-screen')).toBe('(max-height: 680px)');
    expect(resolve('--short-screen-with-notice')).toBe('(max-height: 820px)');
    expect(
      mediaConditions(
        resolveCustomMedia('@media (--above-mobile) and (--below-desktop) { a { color: red } }', 'x.css')
          .code,
      ),
    ).toEqual(['(min-width: 769px) and (max-width: 1023px)']);
    expect(Object.keys(CUSTOM_MEDIA)).toHaveLength(10);
  });

  it('fails the build on an unknown breakpoint name', () => {
    expect(() => resolveCustomMedia('@media (--huge) { a { color: red } }', 'x.css')).toThrow(/--huge/);
  });

  it('the mobile viewport the carousel script queries is the md breakpoint the CSS uses', () => {
    expect(MOBILE_MAX_WIDTH_PX).toBe(BREAKPOINTS_PX.md);
  });
});
