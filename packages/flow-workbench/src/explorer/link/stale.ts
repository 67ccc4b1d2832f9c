/**
 * A link made from another version of the flow: which of its steps still apply, and the state
 * the visitor lands in after them, replayed apart from the page's own simulation.
 */
import type { AnyStateMachine } from 'xstate';
import type { FlowGraph } from '../../graph/describe';
import type { Step } from '../sim/steps';
import { replayWhatApplies } from './replay';

export interface StaleReplay {
  /** How many of the link's steps apply today (the first ones). */
  applied: number;
  /** The first step that no longer applies, and why (Spanish). */
  failed: { index: number; message: string } | undefined;
  /** The innermost active states after the steps that apply, in the diagram's order. */
  landing: string[];
  /** The machine ended there ('done') or stopped by an error. */
  status: string;
}

export async function replayStaleLink(
  machine: AnyStateMachine,
  graph: FlowGraph,
  input: unknown,
  steps: readonly Step[],
): Promise<StaleReplay> {
  const { simulation, applied, failed } = await replayWhatApplies(machine, input, steps);
  const active = simulation.activeIds();
  const status = simulation.snapshot.status;
  simulation.stop();
  const landing = graph.states
    .filter((s) => active.has(s.id) && !s.children.some((c) => active.has(c)))
    .map((s) => s.id);
  return { applied, failed, landing, status };
}

/** The notice's sentence: the link is of an older version, and whether its chart of changes exists. */
export function staleSentence(chart: 'loading' | 'unknown' | 'same' | 'ready'): string {
  const base = 'Este enlace es de una versión anterior de este flujo: desde entonces cambió';
  switch (chart) {
    case 'unknown':
      return `${base}, y el diagrama de cambios no está disponible para esa versión.`;
    case 'same':
      // A version is the flow's behaviour: a rule or a value can change with the same chart.
      return `${base} una regla o un valor que usa (un tiempo, un límite, un precio); sus estados y transiciones son los mismos, así que el diagrama de cambios no tiene nada que dibujar.`;
    default:
      return `${base}.`;
  }
}
