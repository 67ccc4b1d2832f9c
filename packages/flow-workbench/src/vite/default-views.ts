/**
 * Each flow's opening view (../graph/default-view.ts), decided once per machine in a build: the
 * explorer's layouts and its chart of changes open on the same view.
 */
import type { AnyStateMachine } from 'xstate';
import type { FlowGraph } from '../graph/describe';
import { defaultView, type DefaultView } from '../graph/default-view';
import { layoutGraph, type LayoutEngine } from '../graph/layout';

const decided = new WeakMap<AnyStateMachine, Promise<DefaultView>>();

export function flowDefaultView(
  machine: AnyStateMachine,
  graph: FlowGraph,
  engine: LayoutEngine,
): Promise<DefaultView> {
  let view = decided.get(machine);
  if (!view) {
    view = defaultView(graph, (options) => layoutGraph(engine, graph, options));
    decided.set(machine, view);
  }
  return view;
}
