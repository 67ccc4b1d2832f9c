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

/**
 * Why a production build (scripts/check-production.ts) or a production start (server/index.ts)
 * refuses, with every example named: one text, so both say the same.
 */
export function productionRefusal(
  placeholders: readonly Placeholder[],
  refused: 'build' | 'start',
): string[] {
  const count = placeholders.length;
  return [
    refused === 'build'
      ? `Compilación de producción rechazada: ${count} valores siguen siendo los de ejemplo.`
      : `Inicio en producción rechazado: la compilación tiene ${count} valores de ejemplo.`,
    ...placeholderLines(placeholders),
    'Define cada variable (README, Configuración; docs/deployment.md) y marca los testimonios como reales cuando lo sean; después vuelve a compilar.',
  ];
}
