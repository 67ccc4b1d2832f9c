/**
 * The steps of a flow a visitor goes through one screen after another (the wizard's five), and
 * the view a product owner first sees of such a flow: 'Solo los pasos', the steps and the ways
 * between them, each step's inner states folded, the regions that run beside them left out.
 *
 * A state is a step when it carries a tag `step.<name>` (the screen it shows, the same tag the
 * page reads); the steps are the children of one state, their region.
 */
import type { FlowGraph, GraphState } from './describe';

const STEP_TAG = /^step\./;

export interface FlowSteps {
  /** The state whose children are the steps. */
  region: string;
  steps: string[];
  /** The steps with states inside: folded in the steps view until the person unfolds them. */
  folds: string[];
}

export function stepsOf(graph: FlowGraph): FlowSteps | undefined {
  const steps = graph.states.filter((s) => s.tags.some((t) => STEP_TAG.test(t)));
  const region = steps[0]?.parent;
  // Steps in different regions are not one sequence of screens.
  if (!region || steps.some((s) => s.parent !== region)) return undefined;
  return {
    region,
    steps: steps.map((s) => s.id),
    folds: steps.filter((s) => s.children.length > 0).map((s) => s.id),
  };
}

/**
 * Whether a state is drawn in the steps view: the steps' region, what it holds and what holds it
 * (the regions beside it, and all they hold, are not).
 */
export function inStepsView(graph: FlowGraph, steps: FlowSteps): (state: GraphState) => boolean {
  const byId = new Map(graph.states.map((s) => [s.id, s]));
  const kept = new Map<string, boolean>();
  const keep = (s: GraphState): boolean => {
    const known = kept.get(s.id);
    if (known !== undefined) return known;
    let result = false;
    // Up the chain: inside the region, or one of the states that hold it.
    for (let cur: GraphState | undefined = s; cur; cur = cur.parent ? byId.get(cur.parent) : undefined) {
      if (cur.id === steps.region) result = true;
    }
    if (!result) {
      for (let cur = byId.get(steps.region); cur; cur = cur.parent ? byId.get(cur.parent) : undefined) {
        if (cur.id === s.id) result = true;
      }
    }
    kept.set(s.id, result);
    return result;
  };
  return keep;
}
