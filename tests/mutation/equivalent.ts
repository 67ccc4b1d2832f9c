/**
 * Surviving mutants that no test can notice, each with the reason (issue #41: every survivor is
 * either killed by a test a visitor or the spec would care about, or listed here). A mutant is
 * matched by its file, Stryker's mutator and the code before and after the change, not by its line,
 * so the list survives edits elsewhere in the file. `npm run test:mutation` writes the reason beside
 * the survivor in tests/mutation/summary.json, and the explorer shows it.
 */
export interface EquivalentMutant {
  file: string;
  mutator: string;
  /** The code the mutant changes, exactly as in the source. */
  original: string;
  /** What the mutant puts instead; absent: any replacement of that code by that mutator. */
  replacement?: string;
  /** Why no visitor, API client or product owner could tell the difference (Spanish). */
  reason: string;
}

export const EQUIVALENT_MUTANTS: readonly EquivalentMutant[] = [];
