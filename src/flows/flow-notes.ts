import type { AnyStateMachine } from 'xstate';

/**
 * What each named event, guard, action, actor and delay of a flow means, in one line each, in
 * plain Spanish for the product owners. The docs generator (npm run docs:flows) puts these in the
 * tables of docs/flows/<slug>.md and fails when a name of the machine has no line here, so the
 * notes cannot drift from the code.
 */
interface FlowNotes {
  events: Record<string, string>;
  guards: Record<string, string>;
  actions: Record<string, string>;
  actors: Record<string, string>;
  delays: Record<string, string>;
}

/**
 * One flow of the catalogue (src/flows/catalogue.ts), declared next to its machine in
 * src/flows/<flow>/<flow>.flow.ts. Title, description and notes are read by product owners in the
 * flow explorer (/flujos/) and in docs/flows/: plain Spanish, numbers taken from the constants.
 */
export interface FlowEntry {
  /** File name of the docs page, docs/flows/<slug>.md. */
  slug: string;
  /** The flow's name, with the page it drives in parentheses when it has one: 'Registro (/registro)'. */
  title: string;
  /** What the flow does, in a few sentences; the docs page and the Stately file show it. */
  description: string;
  /** The source file, relative to the repository root. */
  source: string;
  machine: AnyStateMachine;
  /** The input the docs use to show the initial context. */
  exampleInput: unknown;
  notes: FlowNotes;
}
