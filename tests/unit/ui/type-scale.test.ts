import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TYPE_SCALE_STEPS } from '../../support/type-scale';

/**
 * Every font size and weight comes from the type scale in styles.css (:root): each extra size or
 * weight on the first screen is one more font strike that the first layout waits for
 * (docs/performance.md, point 10).
 */
const STYLESHEETS = readdirSync('src', { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.css'))
  .map((file) => join('src', file));

const STEP = `var\\(--text-(?:${TYPE_SCALE_STEPS.join('|')})\\)`;
const SCALE_SIZE = new RegExp(`^${STEP}$`);
/** A heading may grow with the viewport on wide screens, from a step of the scale. */
const FLUID_SIZE = new RegExp(`^clamp\\(${STEP}, [\\d.]+vw, [\\d.]+rem\\)$`);
/** Form fields stay at 16 px or more, so mobile browsers do not zoom into them. */
const FIELD_SIZE = 'max(var(--text-base), 16px)';
const WEIGHTS = new Set(['var(--weight-bold)', '400']);

/** Declarations of a property, comments left out. */
function declarations(css: string, property: string): string[] {
  const withoutComments = css.replace(/\/\*[\s\S]*?\*\//g, '');
  return [...withoutComments.matchAll(new RegExp(`(?:^|[;{\\s])${property}\\s*:\\s*([^;}]+)`, 'g'))].map(
    (m) => (m[1] ?? '').trim(),
  );
}

function offScaleSizes(css: string): string[] {
  return declarations(css, 'font-size').filter(
    (value) => !SCALE_SIZE.test(value) && !FLUID_SIZE.test(value) && value !== FIELD_SIZE,
  );
}

function offScaleWeights(css: string): string[] {
  return declarations(css, 'font-weight').filter((value) => !WEIGHTS.has(value));
}

describe('one type scale for the whole site', () => {
  it('the check itself catches a size or weight off the scale', () => {
    expect(offScaleSizes('.a { font-size: 1.2rem; } .b{font-size:var(--text-lg)}')).toEqual(['1.2rem']);
    expect(offScaleSizes('h1 { font-size: clamp(var(--text-2xl), 6vw, 3.2rem); }')).toEqual([]);
    expect(offScaleSizes('h1 { font-size: clamp(1.8rem, 5vw, 2.8rem); }')).toHaveLength(1);
    expect(offScaleSizes('/* font-size: 3px */ select { font-size: max(var(--text-base), 16px) }')).toEqual(
      [],
    );
    expect(offScaleWeights('.a { font-weight: 600 } .b { font-weight: var(--weight-bold) }')).toEqual([
      '600',
    ]);
  });

  it('reads the scale from styles.css', () => {
    expect(TYPE_SCALE_STEPS).toContain('base');
    expect(TYPE_SCALE_STEPS.length).toBeGreaterThan(2);
  });

  it('defines the scale once, in styles.css', () => {
    const definitions = STYLESHEETS.filter((file) => /--text-base\s*:/.test(readFileSync(file, 'utf8')));
    expect(definitions).toEqual(['src/styles.css']);
  });

  it.each(STYLESHEETS)('%s sets sizes and weights only from the scale', (file) => {
    const css = readFileSync(file, 'utf8');
    expect(offScaleSizes(css)).toEqual([]);
    expect(offScaleWeights(css)).toEqual([]);
    // The shorthand would set a size and weight of its own; controls inherit the page's font once.
    expect(declarations(css, 'font').filter((value) => value !== 'inherit')).toEqual([]);
  });
});
