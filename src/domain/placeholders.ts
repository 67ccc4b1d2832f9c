/** A setting still at its embedded example value (found by src/config/placeholders.ts at build). */
export interface Placeholder {
  /** Where to set it: the environment variable, or the content file. */
  where: string;
  /** What it is, in Spanish. */
  setting: string;
  /** The example value in use. */
  value: string;
}

/** The placeholders as aligned lines, for the server's start-up block and the build's refusal. */
export function placeholderLines(placeholders: readonly Placeholder[]): string[] {
  const width = Math.max(0, ...placeholders.map((p) => p.where.length));
  return placeholders.map((p) => `  ${p.where.padEnd(width)}  ${p.setting}: ${p.value}`);
}
