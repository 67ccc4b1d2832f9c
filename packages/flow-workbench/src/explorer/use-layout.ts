import layouts, { views } from 'virtual:flow-layouts';
import { useEffect, useMemo, useState } from 'react';
import type { AnyStateMachine } from 'xstate';
import { changesSlug, type FlowChanges } from './changes/types';
import { browserEngine } from '../graph/browser-engine';
import { describeMachine, type FlowGraph } from '../graph/describe';
import { layoutKey, layoutView, type Geometry } from '../graph/layout';
import { buildView, type ViewOptions } from '../graph/layout-input';
import type { DefaultView } from '../graph/default-view';
import { StaleLayoutError, buildScene, type Scene } from '../graph/scene';

export type LayoutState =
  | {
      status: 'ready';
      graph: FlowGraph;
      scene: Scene;
      /** The view asked for is being laid out: `scene` is the one shown until then. */
      pending: boolean;
      /** Why the view asked for could not be laid out (the scene is the one before). */
      message?: string;
    }
  | { status: 'failed'; graph: FlowGraph; message: string };

const STALE_MESSAGE =
  'El diagrama compilado no coincide con la máquina actual. Vuelve a compilar el explorador con npm run build.';
const FAILED_MESSAGE = 'No se pudo dibujar el diagrama con esos estados plegados.';

/** How a flow's chart opens (the explorer's build decides it: ../graph/default-view.ts). */
export function openingView(slug: string): DefaultView {
  return views[slug] ?? { steps: false, collapsed: [] };
}

/** Layouts computed in this page, by key. */
const computed = new Map<string, Geometry>();

function sceneOf(graph: FlowGraph, options: ViewOptions, geometry: Geometry): Scene {
  return buildScene(buildView(graph, options), geometry);
}

/**
 * The machine's description and its scene as `options` show it: from the layouts computed when
 * the explorer was built, or laid out here (the scene shown before stays while it is).
 */
export function useLayout(
  slug: string,
  machine: AnyStateMachine,
  options: Required<ViewOptions>,
): LayoutState {
  const graph = useMemo(() => describeMachine(machine), [machine]);
  return useGraphLayout(slug, graph, options, layouts) as LayoutState;
}

/**
 * The chart of a flow's change (./changes), as `options` show it; undefined without one (the
 * overlay is off, or the flow did not change).
 */
export function useChangesLayout(
  slug: string,
  changes: FlowChanges | undefined,
  options: Required<ViewOptions>,
): LayoutState | undefined {
  return useGraphLayout(changesSlug(slug), changes?.graph, options, changes?.layouts ?? NONE);
}

const NONE: Readonly<Record<string, Geometry>> = {};

/** A graph's scene from the layouts given (computed when the explorer was built), else laid out here. */
function useGraphLayout(
  slug: string,
  graph: FlowGraph | undefined,
  options: Required<ViewOptions>,
  built: Readonly<Record<string, Geometry>>,
): LayoutState | undefined {
  const collapsedKey = [...options.collapsed].sort().join(',');
  const normalized = useMemo(
    (): Required<ViewOptions> => ({
      collapsed: collapsedKey === '' ? [] : collapsedKey.split(','),
      ids: options.ids,
      steps: options.steps,
    }),
    [collapsedKey, options.ids, options.steps],
  );
  const key = layoutKey(slug, normalized);
  const [, setVersion] = useState(0);
  const [error, setError] = useState<{ key: string; message: string } | undefined>(undefined);
  /** The last view that was drawn: shown while the one asked for is laid out. */
  const [shown, setShown] = useState<{ key: string; options: Required<ViewOptions> }>({
    key: layoutKey(slug),
    options: { collapsed: [], ids: false, steps: false },
  });

  const geometry = built[key] ?? computed.get(key);
  if (graph && geometry && shown.key !== key) setShown({ key, options: normalized });

  useEffect(() => {
    if (!graph || built[key] || computed.get(key)) return;
    let cancelled = false;
    void (async () => {
      try {
        const engine = await browserEngine();
        computed.set(key, await layoutView(engine, buildView(graph, normalized)));
        if (!cancelled) setVersion((v) => v + 1);
      } catch {
        if (!cancelled) setError({ key, message: FAILED_MESSAGE });
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [graph, key, normalized, built]);

  return useMemo((): LayoutState | undefined => {
    if (!graph) return undefined;
    try {
      if (geometry)
        return { status: 'ready', graph, scene: sceneOf(graph, normalized, geometry), pending: false };
      const before = built[shown.key] ?? computed.get(shown.key);
      const failed = error?.key === key ? error.message : undefined;
      if (before)
        return {
          status: 'ready',
          graph,
          scene: sceneOf(graph, shown.options, before),
          pending: failed === undefined,
          ...(failed ? { message: failed } : {}),
        };
      return { status: 'failed', graph, message: failed ?? STALE_MESSAGE };
    } catch (e) {
      if (e instanceof StaleLayoutError) return { status: 'failed', graph, message: STALE_MESSAGE };
      throw e;
    }
  }, [geometry, graph, normalized, shown, error, key, built]);
}
