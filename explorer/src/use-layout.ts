import { useEffect, useMemo, useState } from 'react';
import type { AnyStateMachine } from 'xstate';
import { describeMachine, type FlowGraph } from './graph/describe';
import type { Geometry } from './graph/layout';
import { StaleLayoutError, buildScene, type Scene } from './graph/scene';

export type LayoutState =
  | { status: 'loading'; graph: FlowGraph }
  | { status: 'ready'; graph: FlowGraph; scene: Scene }
  | { status: 'failed'; graph: FlowGraph; message: string };

function isGeometry(value: unknown): value is Geometry {
  return (
    typeof value === 'object' &&
    value !== null &&
    'nodes' in value &&
    'edges' in value &&
    typeof (value as { width?: unknown }).width === 'number'
  );
}

/** The machine's description, and its scene once its layout (built with the explorer) is loaded. */
export function useLayout(slug: string, machine: AnyStateMachine): LayoutState {
  const graph = useMemo(() => describeMachine(machine), [machine]);
  const [state, setState] = useState<LayoutState>({ status: 'loading', graph });

  useEffect(() => {
    let cancelled = false;
    (async () => {
      let geometry: unknown;
      try {
        const response = await fetch(`layouts/${encodeURIComponent(slug)}.json`);
        if (!response.ok) throw new Error(String(response.status));
        geometry = await response.json();
      } catch {
        if (!cancelled)
          setState({
            status: 'failed',
            graph,
            message: 'No se pudo cargar el diagrama de este flujo. Vuelve a cargar la página.',
          });
        return;
      }
      if (cancelled) return;
      try {
        if (!isGeometry(geometry)) throw new StaleLayoutError([]);
        setState({ status: 'ready', graph, scene: buildScene(graph, geometry) });
      } catch (error) {
        if (!(error instanceof StaleLayoutError)) throw error;
        setState({
          status: 'failed',
          graph,
          message:
            'El diagrama compilado no coincide con la máquina actual. Vuelve a compilar el explorador con npm run build.',
        });
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [slug, graph]);

  return state;
}
