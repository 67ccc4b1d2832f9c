/**
 * Replaying a link's steps: all of them when they all apply, else those before the first that
 * does not (a link made before the machine changed), so the page can say which step stopped.
 */
import type { AnyStateMachine } from 'xstate';
import { Simulation } from '../sim/simulation';
import type { Step } from '../sim/steps';

export interface Replayed {
  simulation: Simulation;
  /** How many of the steps were applied. */
  applied: number;
  /** The first step that did not apply, and why (Spanish). */
  failed: { index: number; message: string } | undefined;
}

export async function replayWhatApplies(
  machine: AnyStateMachine,
  input: unknown,
  steps: readonly Step[],
): Promise<Replayed> {
  const first = await Simulation.replay(machine, input, steps);
  if (!first.failed) return { simulation: first.simulation, applied: steps.length, failed: undefined };
  first.simulation.stop();
  const partial = await Simulation.replay(machine, input, steps.slice(0, first.failed.index));
  if (partial.failed) {
    // Not expected (the same steps applied a moment ago): start from the initial state.
    return { simulation: partial.simulation, applied: 0, failed: first.failed };
  }
  return { simulation: partial.simulation, applied: first.failed.index, failed: first.failed };
}
