import layouts from 'virtual:flow-layouts';
import { useEffect, useMemo, useState } from 'react';
import type { AnyStateMachine } from 'xstate';
import { browserEngine } from './graph/browser-engine';
import { describeMachine, type FlowGraph } from './graph/describe';
import { layoutKey, layoutView, type Geometry } from './graph/layout';
import { buildView, type ViewOptions } from './graph/layout-input';
import { StaleLayoutError, buildScene, type Scene } from './graph/scene';

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
  const collapsedKey = [...options.collapsed].sort().join(',');
  const normalized = useMemo(
    (): Required<ViewOptions> => ({
      collapsed: collapsedKey === '' ? [] : collapsedKey.split(','),
      ids: options.ids,
    }),
    [collapsedKey, options.ids],
  );
  const key = layoutKey(slug, normalized);
  const [, setVersion] = useState(0);
  const [error, setError] = useState<{ key: string; message: string } | undefined>(undefined);
  /** The last view that was drawn: shown while the one asked for is laid out. */
  const [shown, setShown] = useState<{ key: string; options: Required<ViewOptions> }>({
    key: layoutKey(slug),
    options: { collapsed: [], ids: false },
  });

  const geometry = layouts[key] ?? computed.get(key);
  if (geometry && shown.key !== key) setShown({ key, options: normalized });

  useEffect(() => {
    if (layouts[key] ?? computed.get(key)) return;
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
  }, [graph, key, normalized]);

  return useMemo((): LayoutState => {
    try {
      if (geometry)
        return { status: 'ready', graph, scene: sceneOf(graph, normalized, geometry), pending: false };
      const before = layouts[shown.key] ?? computed.get(shown.key);
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
  }, [geometry, graph, normalized, shown, error, key]);
}
