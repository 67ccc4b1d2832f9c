/**
 * A spec delay that counts from a moment before its machine started: the page's load, or the
 * first paint. The machine's context holds how long ago that moment was (`elapsedMs`, from its
 * input), and the delay waits only for the rest, or not at all when the moment is long past. Its
 * nominal duration stays readable as `ms`, so the chart and the docs still say 'after 500 ms'.
 */
export interface ElapsedAwareDelay {
  (args: { context: { elapsedMs: number } }): number;
  readonly ms: number;
}

export function elapsedAwareDelay(ms: number): ElapsedAwareDelay {
  return Object.assign(
    ({ context }: { context: { elapsedMs: number } }) => Math.max(0, ms - context.elapsedMs),
    {
      ms,
    },
  );
}

/** The duration a delay implementation names: a number, or the nominal `ms` of an ElapsedAwareDelay. */
export function nominalDelay(value: unknown): number | undefined {
  if (typeof value === 'number') return value;
  if (typeof value === 'function' && 'ms' in value && typeof value.ms === 'number') return value.ms;
  return undefined;
}

/** Milliseconds as given by a view: a finite, non-negative whole number, else 0. */
export function elapsedFrom(raw: number | undefined): number {
  return raw !== undefined && Number.isFinite(raw) && raw > 0 ? Math.round(raw) : 0;
}
