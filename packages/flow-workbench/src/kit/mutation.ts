/**
 * The mutation run's summary, as the site's run writes it (`npm run test:mutation`) and the
 * explorer reads it: per mutated file, the score, the machines it belongs to, and every surviving
 * mutant with the part of the flow it changes. docs/testing.md ("Mutation testing") describes it.
 */
export const MUTATION_SUMMARY_VERSION = 1;
/** The goal: at least this share (percent) of a machine's mutants killed. */
export const MUTATION_GOAL = 90;

/** Where in a flow a mutant changes something. */
export type MutantTarget =
  | { kind: 'guard' | 'action' | 'delay' | 'actor'; name: string }
  /** `path`: the state's keys below the root ([] for the root); `event`: set for a transition. */
  | { kind: 'state'; path: string[]; event?: string }
  /** A function or constant of the module, by its name. */
  | { kind: 'rule'; name: string }
  | { kind: 'module' };

export interface Survivor {
  id: string;
  line: number;
  column: number;
  mutator: string;
  /** The code the mutant replaced, and what it put instead. */
  original: string;
  replacement: string;
  /** Survived: tests ran and passed; NoCoverage: no test runs that code. */
  status: 'Survived' | 'NoCoverage';
  target: MutantTarget;
  /** Why no test can notice it, when the team listed it as equivalent. */
  equivalent?: string;
  /** The part of the file it is in (the mutation script's partKey of its target). */
  part?: string;
}

/** What the run found in one part of a file: a guard, an action, a state, a transition, a rule. */
export interface PartSummary {
  /** SHA-256 of the part's code as its meaning, its inner parts left out. */
  sha256: string;
  /** The line it started on when the run read it. */
  line: number;
  killed: number;
  survived: number;
  noCoverage: number;
  invalid: number;
}

export interface FileSummary {
  /** SHA-256 of the mutated source's code as its meaning: comments, formatting and order do not change it. */
  sha256: string;
  /** Machine ids the file defines, or (a domain module) the machines whose files import it. */
  machines: string[];
  /** Machine id -> the flow's version the run mutated (its behaviour); the explorer says when it is not today's. */
  versions?: Record<string, string>;
  /** Killed and timed out over every mutant that could run, in percent with one decimal. */
  score: number;
  killed: number;
  survived: number;
  noCoverage: number;
  /** Compile and runtime errors: mutants that never ran, outside the score. */
  invalid: number;
  /** ISO date of the run that mutated this file. */
  date: string;
  survivors: Survivor[];
  /**
   * Part key -> what the run found there, so a change reruns only the parts it touched (`npm run
   * test:mutation -- --stale`); absent in summaries from before parts.
   */
  parts?: Record<string, PartSummary>;
}

export interface MutationSummary {
  version: typeof MUTATION_SUMMARY_VERSION;
  /** Path from the repository root -> its summary. */
  files: Record<string, FileSummary>;
}
