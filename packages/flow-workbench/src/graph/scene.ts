/**
 * What to draw for a machine: its view (./layout-input.ts) joined with its layout, as shapes and
 * text positions in absolute coordinates. Both the explorer (React) and the docs (an SVG file)
 * draw this, so the two diagrams are the same.
 */
import type { GraphState, GraphTransition, Seg, StateKind, TransitionKind } from './describe';
import type { Box, Geometry } from './layout';
import {
  INITIAL_SUFFIX,
  LABEL_PAD,
  LINE_STYLES,
  PAD,
  headerHeight,
  type GraphView,
  type LineStyle,
  type TextLine,
} from './layout-input';

export interface SceneText {
  x: number;
  /** The baseline. */
  y: number;
  style: LineStyle;
  segs: Seg[];
}

export interface SceneState {
  id: string;
  state: GraphState;
  kind: StateKind;
  box: Box;
  /** Collapsed: the number of states hidden inside. */
  hidden: number | undefined;
  lines: SceneText[];
  /** The y of the line under the header of a state drawn with its children. */
  divider: number | undefined;
}

export interface SceneGhost {
  id: string;
  /** The state it stands for. */
  target: string;
  box: Box;
  lines: SceneText[];
}

export interface SceneEdge {
  id: string;
  /** The transition; undefined for an initial-state marker's arrow. */
  transition: GraphTransition | undefined;
  kind: TransitionKind | 'initial';
  /** To a reference box of another region. */
  ghost: boolean;
  d: string;
  label: { box: Box; lines: SceneText[] } | undefined;
}

export interface Scene {
  machineId: string;
  width: number;
  height: number;
  /** The states drawn collapsed. */
  collapsed: string[];
  states: SceneState[];
  ghosts: SceneGhost[];
  markers: { id: string; cx: number; cy: number; r: number }[];
  edges: SceneEdge[];
}

/** States or transitions the layout does not know: the layout is older than the machine. */
export class StaleLayoutError extends Error {
  constructor(readonly missing: string[]) {
    super(`the layout does not match the machine: ${missing.slice(0, 5).join(', ')}`);
  }
}

function pathOf(points: readonly [number, number][]): string {
  return points.map(([x, y], i) => `${i === 0 ? 'M' : 'L'}${x} ${y}`).join(' ');
}

/** Lines placed from (x, top), each on its baseline. */
export function placeLines(lines: readonly TextLine[], x: number, top: number): SceneText[] {
  const out: SceneText[] = [];
  let y = top;
  for (const line of lines) {
    const { size, height } = LINE_STYLES[line.style];
    // The text is centred in its line: the baseline is about a third of the size below the middle.
    out.push({
      x,
      y: Math.round((y + height / 2 + size * 0.35) * 10) / 10,
      style: line.style,
      segs: line.segs,
    });
    y += height;
  }
  return out;
}

export function buildScene(view: GraphView, geometry: Geometry): Scene {
  const missing: string[] = [];
  const states: SceneState[] = [];
  const markers: Scene['markers'] = [];
  const edges: SceneEdge[] = [];
  const ghosts: SceneGhost[] = [];

  for (const node of view.nodes) {
    const box = geometry.nodes[node.id];
    if (!box) {
      missing.push(node.id);
      continue;
    }
    const open = node.hidden === undefined && node.state.children.length > 0;
    states.push({
      id: node.id,
      state: node.state,
      kind: node.state.kind,
      box,
      hidden: node.hidden,
      lines: placeLines(node.lines, box.x + PAD, box.y + PAD),
      divider: open ? box.y + headerHeight(node.lines) : undefined,
    });
    const markerId = `${node.id}${INITIAL_SUFFIX}`;
    const marker = geometry.nodes[markerId];
    if (marker) {
      markers.push({
        id: markerId,
        cx: marker.x + marker.width / 2,
        cy: marker.y + marker.height / 2,
        r: marker.width / 2,
      });
      const arrow = geometry.edges[`${markerId}>0`];
      if (arrow)
        edges.push({
          id: `${markerId}>0`,
          transition: undefined,
          kind: 'initial',
          ghost: false,
          d: pathOf(arrow.points),
          label: undefined,
        });
    }
  }

  for (const g of view.ghosts) {
    const box = geometry.nodes[g.id];
    if (!box) {
      missing.push(g.id);
      continue;
    }
    ghosts.push({ id: g.id, target: g.target, box, lines: placeLines(g.lines, box.x + PAD, box.y + PAD) });
  }

  for (const e of view.edges) {
    const g = geometry.edges[e.id];
    if (!g || g.points.length < 2) {
      missing.push(e.id);
      continue;
    }
    const box = g.label;
    edges.push({
      id: e.id,
      transition: e.transition,
      kind: e.transition.kind,
      ghost: e.ghost,
      d: pathOf(e.reversed ? [...g.points].reverse() : g.points),
      label:
        box && e.label
          ? { box, lines: placeLines(e.label, box.x + LABEL_PAD, box.y + LABEL_PAD) }
          : undefined,
    });
  }
  if (missing.length > 0) throw new StaleLayoutError(missing);
  return {
    machineId: view.machineId,
    width: geometry.width,
    height: geometry.height,
    collapsed: view.collapsed,
    states,
    ghosts,
    markers,
    edges,
  };
}
