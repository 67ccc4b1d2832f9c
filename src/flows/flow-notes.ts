/**
 * What each named event, guard, action, actor and delay of a flow means, in one line each. The
 * docs generator (npm run docs:flows) puts these in the tables of docs/flows/<slug>.md and fails
 * when a name of the machine has no line here, so the notes cannot drift from the code.
 */
export interface FlowNotes {
  events: Record<string, string>;
  guards: Record<string, string>;
  actions: Record<string, string>;
  actors: Record<string, string>;
  delays: Record<string, string>;
}
