/**
 * What to draw for a machine: its described states and transitions joined with their layout,
 * as shapes and text positions in absolute coordinates. Both the explorer (React) and the docs
 * (an SVG file) draw this, so the two diagrams are the same.
 */
import type { FlowGraph, GraphState, GraphTransition, StateKind, TransitionKind } from './describe';
import type { Box, Geometry } from './layout';
import {
  FONT_SIZE,
  INITIAL_SUFFIX,
  LINE_HEIGHT,
  PAD,
  TITLE_HEIGHT,
  edgeId,
  edgeLines,
  headerHeight,
  stateLines,
} from './layout-input';

export interface SceneText {
  x: number;
  y: number;
  text: string;
}

export interface SceneState {
  id: string;
  state: GraphState;
  kind: StateKind;
  box: Box;
  title: SceneText;
  lines: SceneText[];
  /** The y of the line under the header of a state with children. */
  divider: number | undefined;
}

export interface SceneEdge {
  id: string;
  /** The transition's coverage key; undefined for an initial-state marker's arrow. */
  transition: GraphTransition | undefined;
  kind: TransitionKind | 'initial';
  d: string;
  label: { box: Box; lines: SceneText[] } | undefined;
}

export interface Scene {
  machineId: string;
  width: number;
  height: number;
  states: SceneState[];
  markers: { id: string; cx: number; cy: number; r: number }[];
  edges: SceneEdge[];
}

/** States or transitions the layout does not know: the layout is older than the machine. */
export class StaleLayoutError extends Error {
  constructor(readonly missing: string[]) {
    super(`the layout does not match the machine: ${missing.slice(0, 5).join(', ')}`);
  }
}

const BASELINE = FONT_SIZE - 1;

function pathOf(points: readonly [number, number][]): string {
  return points.map(([x, y], i) => `${i === 0 ? 'M' : 'L'}${x} ${y}`).join(' ');
}

export function buildScene(graph: FlowGraph, geometry: Geometry): Scene {
  const missing: string[] = [];
  const states: SceneState[] = [];
  const markers: Scene['markers'] = [];
  const edges: SceneEdge[] = [];

  for (const state of graph.states) {
    const box = geometry.nodes[state.id];
    if (!box) {
      missing.push(state.id);
      continue;
    }
    const lines = stateLines(state).map((text, i) => ({
      x: box.x + PAD,
      y: box.y + TITLE_HEIGHT + i * LINE_HEIGHT + BASELINE,
      text,
    }));
    states.push({
      id: state.id,
      state,
      kind: state.kind,
      box,
      title: { x: box.x + PAD, y: box.y + 17, text: state.key },
      lines,
      divider: state.children.length > 0 ? box.y + headerHeight(state) : undefined,
    });
    const marker = geometry.nodes[`${state.id}${INITIAL_SUFFIX}`];
    if (marker) {
      const id = `${state.id}${INITIAL_SUFFIX}`;
      markers.push({
        id,
        cx: marker.x + marker.width / 2,
        cy: marker.y + marker.height / 2,
        r: marker.width / 2,
      });
      const arrow = geometry.edges[`${id}>0`];
      if (arrow)
        edges.push({
          id: `${id}>0`,
          transition: undefined,
          kind: 'initial',
          d: pathOf(arrow.points),
          label: undefined,
        });
    }
  }

  for (const t of graph.transitions) {
    t.targets.forEach((_, i) => {
      const id = edgeId(t, i);
      const g = geometry.edges[id];
      if (!g || g.points.length < 2) {
        missing.push(id);
        return;
      }
      const box = g.label;
      edges.push({
        id,
        transition: t,
        kind: t.kind,
        d: pathOf(g.points),
        label: box
          ? {
              box,
              lines: edgeLines(t).map((text, n) => ({
                x: box.x + 4,
                y: box.y + 2 + n * LINE_HEIGHT + BASELINE + 1,
                text,
              })),
            }
          : undefined,
      });
    });
  }
  if (missing.length > 0) throw new StaleLayoutError(missing);
  return {
    machineId: graph.machineId,
    width: geometry.width,
    height: geometry.height,
    states,
    markers,
    edges,
  };
}
