import { readFileSync } from 'node:fs';

/**
 * The type scale as styles.css defines it (:root): the names of its size steps (`--text-<step>`)
 * and its one bold weight. Tests read it from there, so the scale has one home.
 */
const STYLES = readFileSync('src/styles.css', 'utf8');

export const TYPE_SCALE_STEPS: readonly string[] = [...STYLES.matchAll(/--text-([\w-]+)\s*:/g)].map(
  (m) => m[1] ?? '',
);

export const BOLD_WEIGHT: string = /--weight-bold\s*:\s*(\d+)/.exec(STYLES)?.[1] ?? '';
