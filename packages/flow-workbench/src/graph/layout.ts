/**
 * Runs the layout engine (elkjs) on a machine's layout input and keeps only the geometry, in
 * absolute coordinates rounded to a tenth of a pixel: a rectangle per state and initial marker,
 * a polyline and a label box per edge. The explorer's build writes one per machine (JSON) and the
 * docs generator draws the same one as SVG.
 */
import type { ElkNode } from 'elkjs/lib/elk-api';
import type { FlowGraph } from './describe';
import {
  buildLayoutInput,
  buildView,
  type Direction,
  type GraphView,
  type ViewOptions,
} from './layout-input';

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface EdgeGeometry {
  points: [number, number][];
  label: Box | undefined;
}

export interface Geometry {
  machineId: string;
  /** The states drawn collapsed in this layout, and whether it draws the identifiers. */
  collapsed: string[];
  ids: boolean;
  width: number;
  height: number;
  nodes: Record<string, Box>;
  edges: Record<string, EdgeGeometry>;
}

/** What the explorer and the docs need of elkjs (its bundled build in Node, the same in a build). */
export interface LayoutEngine {
  layout(graph: ElkNode): Promise<ElkNode>;
}

const round = (n: number | undefined) => Math.round((n ?? 0) * 10) / 10;

function box(shape: { x?: number; y?: number; width?: number; height?: number }): Box {
  return { x: round(shape.x), y: round(shape.y), width: round(shape.width), height: round(shape.height) };
}

export function toGeometry(view: GraphView, laidOut: ElkNode): Geometry {
  const nodes: Record<string, Box> = {};
  const edges: Record<string, EdgeGeometry> = {};
  const walk = (node: ElkNode) => {
    for (const child of node.children ?? []) {
      nodes[child.id] = box(child);
      walk(child);
    }
    for (const edge of node.edges ?? []) {
      const points: [number, number][] = [];
      for (const section of edge.sections ?? []) {
        for (const p of [section.startPoint, ...(section.bendPoints ?? []), section.endPoint]) {
          const last = points.at(-1);
          const point: [number, number] = [round(p.x), round(p.y)];
          if (!last || last[0] !== point[0] || last[1] !== point[1]) points.push(point);
        }
      }
      const label = edge.labels?.[0];
      edges[edge.id] = { points, label: label ? box(label) : undefined };
    }
  };
  walk(laidOut);
  return {
    machineId: view.machineId,
    collapsed: view.collapsed,
    ids: view.ids,
    width: round(laidOut.width),
    height: round(laidOut.height),
    nodes,
    edges,
  };
}

export async function layoutView(
  engine: LayoutEngine,
  view: GraphView,
  direction: Direction = 'DOWN',
): Promise<Geometry> {
  return toGeometry(view, await engine.layout(buildLayoutInput(view, direction)));
}

/** The layout of a machine's diagram as these options show it. */
export async function layoutGraph(
  engine: LayoutEngine,
  graph: FlowGraph,
  options: ViewOptions = {},
): Promise<Geometry> {
  return layoutView(engine, buildView(graph, options));
}

/** The key of a layout among those computed when the explorer is built. */
export function layoutKey(slug: string, options: ViewOptions = {}): string {
  const collapsed = [...(options.collapsed ?? [])].sort().join(',');
  return `${slug}${options.steps ? '|pasos' : ''}${options.ids ? '|ids' : ''}${collapsed ? `|${collapsed}` : ''}`;
}
