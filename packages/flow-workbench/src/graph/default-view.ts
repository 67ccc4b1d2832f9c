/**
 * How a flow's chart first opens, decided when the explorer is built: a flow with steps opens on
 * its steps ('Solo los pasos', ./steps.ts); any other opens with as few states folded as it takes
 * for the whole chart, fitted to a laptop's screen, to draw its text at a readable size.
 */
import type { FlowGraph } from './describe';
import type { Geometry } from './layout';
import { LINE_STYLES, buildView, collapsible, type GraphView, type ViewOptions } from './layout-input';
import { stepsOf } from './steps';

/** The chart's room on a 1366×768 screen (the explorer's two columns: styles.css). */
export const REFERENCE_CHART = { width: 976, height: 704 } as const;
/** Room the fitted chart leaves around it, on each side (px). */
export const FIT_MARGIN = 10;
/** Fitting never enlarges a small chart more than this. */
export const MAX_FIT = 1.5;
/** The smallest text of a fitted chart, in screen pixels: any flow's, and the steps view's. */
export const READABLE_TEXT_PX = 10;
export const STEPS_TEXT_PX = 12;
/** The zoom at which the smallest text of a chart (its notes) is drawn at READABLE_TEXT_PX. */
export const READABLE_ZOOM = READABLE_TEXT_PX / LINE_STYLES.note.size;

export interface DefaultView {
  steps: boolean;
  collapsed: string[];
}

/** The zoom at which a chart of this size fits a room of this size. */
export function fittedScale(
  chart: { width: number; height: number },
  room: { width: number; height: number } = REFERENCE_CHART,
): number {
  return Math.min(
    (room.width - 2 * FIT_MARGIN) / chart.width,
    (room.height - 2 * FIT_MARGIN) / chart.height,
    MAX_FIT,
  );
}

/** The smallest font size the view draws (scene units). */
export function smallestText(view: GraphView): number {
  const lines = [
    ...view.nodes.flatMap((n) => n.lines),
    ...view.edges.flatMap((e) => e.label ?? []),
    ...view.ghosts.flatMap((g) => g.lines),
  ];
  return Math.min(...lines.map((l) => LINE_STYLES[l.style].size));
}

/** The smallest text of the view fitted to the reference chart, in screen pixels. */
export function fittedText(view: GraphView, geometry: Geometry): number {
  return smallestText(view) * fittedScale(geometry);
}

/**
 * The view a flow opens with. Without steps, states are folded one at a time, each time the one
 * that makes the fitted text largest, until it is readable (or nothing is left to fold).
 */
export async function defaultView(
  graph: FlowGraph,
  layout: (options: ViewOptions) => Promise<Geometry>,
): Promise<DefaultView> {
  const steps = stepsOf(graph);
  if (steps) return { steps: true, collapsed: steps.folds };
  const score = async (collapsed: string[]) => {
    const options = { collapsed };
    return fittedText(buildView(graph, options), await layout(options));
  };
  let collapsed: string[] = [];
  let best = await score(collapsed);
  while (best < READABLE_TEXT_PX) {
    const now = buildView(graph, { collapsed });
    const drawn = new Set(now.nodes.map((n) => n.id));
    const candidates = collapsible(graph).filter((s) => drawn.has(s.id) && !now.collapsed.includes(s.id));
    let next: { collapsed: string[]; score: number } | undefined;
    for (const s of candidates) {
      const trial = [...collapsed, s.id];
      const value = await score(trial);
      if (!next || value > next.score) next = { collapsed: trial, score: value };
    }
    if (!next || next.score <= best) break;
    collapsed = next.collapsed;
    best = next.score;
  }
  return { steps: false, collapsed };
}
