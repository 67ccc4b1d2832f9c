/**
 * The browser model run's results, as the run writes them (flows-artifacts/results.json, by
 * tests/e2e/model/support/artifacts.ts) and the flow explorer reads them (explorer/src/artifacts.ts):
 * per machine, what the run covered, each path with its outcome and the screenshots it took, the
 * transitions QA declares unreachable from the page, and when and on which code it ran.
 * docs/testing.md ("Flow explorer artifacts") describes the file.
 */
export { graphSignature } from '@tienda/flow-identity';

export const RESULTS_VERSION = 1;

/** An event of a path as JSON: an actor's error by its message. */
export type ResultEvent = { type: string } & Record<string, unknown>;

export interface PathResult {
  /** `01 shortest`: its place in the run and its kind. */
  id: string;
  kind: 'shortest' | 'simple';
  /** The model run whose input the page was opened with (its label in flow-kit/samples). */
  run: string;
  /** Every event of the path, `xstate.init` (opening the page) first. */
  events: ResultEvent[];
  /** `interrupted`: the test stopped without saying (a timeout, a crash). */
  status: 'passed' | 'failed' | 'interrupted';
  /** The index in `events` of the step that failed (0: opening the page). */
  failedStep?: number;
  /** The failure as the test runner reported it (English). */
  error?: string;
  /**
   * The state whose check failed, and what the check expected and what the page showed, in
   * Spanish (absent when the step failed before a state's check, in the user action itself).
   */
  failure?: StateFailure;
  /** The states whose screenshots this path took (the first to reach them). */
  screens: string[];
}

export interface StateFailure {
  /** The state id whose UI assertion failed. */
  state: string;
  /** What the assertion expected, in Spanish ('el texto «Listo»', 'visible'). */
  expected: string;
  /** What the page showed instead, in Spanish ('el texto «Cargando…»', 'no está en la página'). */
  seen: string;
}

export interface MachineResults {
  /** The browser model's name (lead-wizard). */
  name: string;
  /** ISO date of the run. */
  date: string;
  /** The commit the run was made on, and whether the working tree had changes. */
  commit: string | null;
  dirty: boolean;
  /** graphSignature() of the machine the run walked. */
  graph: string;
  states: { covered: string[]; total: number };
  /** Reachable transitions only: `total` leaves the unreachable ones out. */
  transitions: { covered: string[]; total: number };
  /** Transition key -> why no page can take it (Spanish). */
  unreachable: Record<string, string>;
  /** How many paths the run chose for this machine (a run limited with -g runs fewer). */
  planned: number;
  paths: PathResult[];
}

export interface Results {
  version: typeof RESULTS_VERSION;
  /** Machine id -> its latest results (a run that skips a machine keeps its earlier ones). */
  machines: Record<string, MachineResults>;
}
