/**
 * Surviving mutants that no test can notice, each with the reason (issue #41: every survivor is
 * either killed by a test a visitor or the spec would care about, or listed here). A mutant is
 * matched by its file, Stryker's mutator and the code before and after the change, not by its line,
 * so the list survives edits elsewhere in the file. `npm run test:mutation` writes the reason beside
 * the survivor in tests/mutation/summary.json, and the explorer shows it.
 */
export interface EquivalentMutant {
  /** A file, or every machine (`src/flows/*/*.machine.ts`) for a pattern the machines share. */
  file: string | RegExp;
  /** Stryker's mutator; absent: any mutator of that code. */
  mutator?: string;
  /** The code the mutant changes, exactly as in the source, or a pattern of it. */
  original: string | RegExp;
  /** What the mutant puts instead; absent: any replacement of that code by that mutator. */
  replacement?: string;
  /** Why no visitor, API client or product owner could tell the difference (Spanish). */
  reason: string;
}

const TYPEOF_BEFORE_INCLUDES =
  'La lista solo tiene textos: sin la comprobación de que el valor es un texto, `includes` sigue diciendo que no a cualquier otro valor.';

export const EQUIVALENT_MUTANTS: readonly EquivalentMutant[] = [
  {
    file: 'src/domain/countries.ts',
    mutator: 'ConditionalExpression',
    original: "typeof value === 'string'",
    replacement: 'true',
    reason: TYPEOF_BEFORE_INCLUDES,
  },
  {
    file: 'src/domain/lead-payload.ts',
    mutator: 'ConditionalExpression',
    original: "typeof value === 'string'",
    replacement: 'true',
    reason: TYPEOF_BEFORE_INCLUDES,
  },
  {
    file: 'src/domain/lead-key.ts',
    mutator: 'MethodExpression',
    original: "value.normalize('NFC').trim().replace(/\\s+/g, ' ').toLocaleLowerCase('es')",
    reason:
      'Pasar a mayúsculas en vez de minúsculas también iguala las mayúsculas: el mismo negocio escrito de nuevo sigue dando la misma clave, y otro negocio otra.',
  },
  {
    file: 'src/domain/lead-key.ts',
    mutator: 'StringLiteral',
    original: "''",
    reason:
      'Es lo que cuenta como país cuando todavía no se eligió uno: cualquier texto fijo que no sea un código de país da la misma clave para el mismo negocio sin país.',
  },
  {
    file: 'src/domain/lead-key.ts',
    mutator: 'StringLiteral',
    original: "'0'",
    reason:
      'Completa con ceros las cifras del resumen: sin ellos la clave es a veces más corta, pero sigue siendo válida para la API y distinta para cada negocio.',
  },
  {
    file: 'src/domain/lead-key.ts',
    mutator: 'StringLiteral',
    original: "'pestana'",
    reason:
      'Es la semilla que reemplaza a una inválida: con una vacía la clave empieza con un guion, que la API también acepta, y sigue siendo la misma para los mismos datos.',
  },
];
