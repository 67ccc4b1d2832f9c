/**
 * How the workbench reads the conventions of the machines it is given, each in one place.
 */

/**
 * The duration a delay implementation names: a number, or a function carrying its nominal
 * duration as `ms` (a delay computed from the context still reads 'after 500 ms' on the chart).
 */
export function nominalDelay(value: unknown): number | undefined {
  if (typeof value === 'number') return value;
  if (typeof value === 'function' && 'ms' in value && typeof value.ms === 'number') return value.ms;
  return undefined;
}
