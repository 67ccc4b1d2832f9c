import layouts from 'virtual:flow-layouts';
import { useMemo } from 'react';
import type { AnyStateMachine } from 'xstate';
import { describeMachine, type FlowGraph } from './graph/describe';
import { StaleLayoutError, buildScene, type Scene } from './graph/scene';

export type LayoutState =
  | { status: 'ready'; graph: FlowGraph; scene: Scene }
  | { status: 'failed'; graph: FlowGraph; message: string };

const STALE_MESSAGE =
  'El diagrama compilado no coincide con la máquina actual. Vuelve a compilar el explorador con npm run build.';

/** The machine's description and its scene, from the layout computed when the explorer was built. */
export function useLayout(slug: string, machine: AnyStateMachine): LayoutState {
  return useMemo(() => {
    const graph = describeMachine(machine);
    const geometry = layouts[slug];
    if (!geometry) return { status: 'failed', graph, message: STALE_MESSAGE };
    try {
      return { status: 'ready', graph, scene: buildScene(graph, geometry) };
    } catch (error) {
      if (error instanceof StaleLayoutError) return { status: 'failed', graph, message: STALE_MESSAGE };
      throw error;
    }
  }, [slug, machine]);
}
