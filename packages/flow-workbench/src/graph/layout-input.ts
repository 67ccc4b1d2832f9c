/**
 * What the diagram shows of a machine, and the layout engine's input for it.
 *
 * The view: every state, except those inside a collapsed state (drawn as one box, and the
 * transitions into and out of its inside drawn to and from that box); each box says what the
 * state means (its description) with its identifier under it; each edge is labelled with what
 * the transition means and, under it, its identifiers. A transition between two regions of a
 * parallel state is drawn to a small reference box next to its source ("también → ..."), so the
 * regions stay side by side and no edge crosses from one into the other.
 *
 * The layout input (elkjs, layered, top to bottom): one node per box, holding its children; a
 * small node per initial-state marker; one edge per transition target, in the nearest common
 * ancestor of its ends, its label sized to its text. States and transitions are given in the
 * machine's order and cycles are broken by that order, so the main path reads from top to bottom
 * in flow order and only the way back goes up. Text is measured without a browser (./text.ts), so
 * the same input is built in Node and in the browser.
 */
import type { ElkExtendedEdge, ElkNode } from 'elkjs/lib/elk-api';
import {
  actionSegs,
  triggerSegs,
  type ChangeStatus,
  type FlowGraph,
  type GraphState,
  type GraphTransition,
  type Seg,
} from './describe';
import { monoWidth, sansWidth, wrapText } from './text';
import { inStepsView, stepsOf } from './steps';

export type LineStyle = 'meaning' | 'title' | 'id' | 'detail' | 'note' | 'mark';

export interface TextLine {
  style: LineStyle;
  segs: Seg[];
}

/** Font size and line height of each style. */
export const LINE_STYLES: Record<LineStyle, { size: number; height: number; mono: boolean }> = {
  title: { size: 12, height: 15, mono: false },
  meaning: { size: 12, height: 14.5, mono: false },
  note: { size: 11, height: 13.5, mono: false },
  id: { size: 10, height: 13, mono: true },
  detail: { size: 10, height: 13, mono: true },
  /** What changed, on a chart of changes: '+ Nuevo', '− Quitado'... (bold). */
  mark: { size: 11, height: 14, mono: false },
};

export const PAD = 8;
export const MARKER_SIZE = 12;
export const MIN_STATE_WIDTH = 110;
/** How wide the text of a state may be before it wraps. */
const STATE_TEXT = 230;
const LABEL_TEXT = 210;
/**
 * The steps view is a short chain with room beside it: its text wraps a little later and its boxes
 * sit closer, so that at 1366×768 it fits at a zoom where every label is drawn at 12 px or more.
 */
const STEPS_TEXT = { state: 260, label: 220, steps: true };
const TEXT = { state: STATE_TEXT, label: LABEL_TEXT, steps: false };
type TextWidths = typeof TEXT;
const GHOST_TEXT = 150;
const LABEL_PAD = 3;
const TOGGLE_ROOM = 26;

export const INITIAL_SUFFIX = '::initial';
export const GHOST_SUFFIX = '::ghost';

/** Bold text is about a tenth wider than the metrics of ./text.ts. */
const BOLD = 1.1;

export function lineWidth(line: TextLine): number {
  const { size, mono } = LINE_STYLES[line.style];
  const text = line.segs.map((s) => s.text).join('');
  if (mono) return monoWidth(text, size);
  return sansWidth(text, size) * (line.style === 'mark' ? BOLD : 1);
}

export function linesWidth(lines: readonly TextLine[]): number {
  return Math.ceil(Math.max(0, ...lines.map(lineWidth)));
}

export function linesHeight(lines: readonly TextLine[]): number {
  return lines.reduce((h, l) => h + LINE_STYLES[l.style].height, 0);
}

/** Wraps plain text in a style, at `max` px. */
function wrapped(text: string, style: LineStyle, max: number): TextLine[] {
  const { size, mono } = LINE_STYLES[style];
  const measure = (s: string) => (mono ? monoWidth(s, size) : sansWidth(s, size));
  return wrapText(text, max, measure).map((t) => ({ style, segs: [{ text: t }] }));
}

/** Wraps identifier segments (a line of code) at `max` px, keeping which parts are identifiers. */
function wrappedSegs(segs: readonly Seg[], style: LineStyle, max: number): TextLine[] {
  const { size } = LINE_STYLES[style];
  const lines: TextLine[] = [];
  let current: Seg[] = [];
  let width = 0;
  for (const seg of segs) {
    // Identifiers may break after a comma; the Spanish words between them stay whole.
    const pieces = seg.en ? seg.text.split(/(?<=, )/) : [seg.text];
    for (const piece of pieces) {
      const w = monoWidth(piece, size);
      if (width > 0 && width + w > max) {
        lines.push({ style, segs: current });
        current = [];
        width = 0;
      }
      const last = current.at(-1);
      if (last && last.en === seg.en) last.text += piece;
      else current.push(seg.en ? { text: piece, en: true } : { text: piece });
      width += w;
    }
  }
  if (current.length > 0) lines.push({ style, segs: current });
  return lines;
}

/** The words that mark a change on a chart of changes, so that it never rests on colour alone. */
export const STATE_MARKS: Record<ChangeStatus, string> = {
  added: '+ Nuevo',
  removed: '− Quitado',
  changed: 'Δ Cambió',
  previous: '− Antes',
};
export const TRANSITION_MARKS: Record<ChangeStatus, string> = {
  added: '+ Nueva',
  removed: '− Quitada',
  changed: 'Δ Cambió',
  previous: '− Antes iba así',
};

const markLine = (text: string): TextLine => ({ style: 'mark', segs: [{ text }] });

const KIND_WORDS: Partial<Record<GraphState['kind'], string>> = {
  parallel: ' · regiones en paralelo',
  final: ' · final',
  history: ' · historial',
};

/** The text of a state's box: what it means, its identifier, its details and, when collapsed, what it hides. */
export function stateLines(
  state: GraphState,
  hidden: number | undefined,
  ids: boolean,
  widths: TextWidths = TEXT,
): TextLine[] {
  const STATE_TEXT = widths.state;
  const lines: TextLine[] = [];
  // The machine's own box is the page: its meaning is the page's description.
  if (state.parent === null) return lines;
  if (state.change) lines.push(markLine(STATE_MARKS[state.change]));
  const title = state.children.length > 0 ? 'title' : 'meaning';
  lines.push(...wrapped(state.description || state.key, title, STATE_TEXT));
  if (ids)
    lines.push({
      style: 'id',
      segs: [
        { text: state.key, en: true },
        ...(KIND_WORDS[state.kind] ? [{ text: KIND_WORDS[state.kind] ?? '' }] : []),
      ],
    });
  const list = (label: string, names: readonly string[]) =>
    names.length > 0
      ? wrappedSegs([{ text: `${label}: ` }, { text: names.join(', '), en: true }], 'detail', STATE_TEXT)
      : [];
  // Tags that name a screen (`step.contact`, `failure.create`, `stage.paid`), then the others.
  if (ids)
    lines.push(
      ...list(
        'pantalla',
        state.tags.filter((t) => t.includes('.')),
      ),
    );
  if (ids)
    lines.push(
      ...list(
        'etiquetas',
        state.tags.filter((t) => !t.includes('.')),
      ),
    );
  if (ids) lines.push(...list('al entrar', state.entry));
  if (ids) lines.push(...list('al salir', state.exit));
  if (ids)
    lines.push(
      ...list(
        'llama a',
        state.invokes.map((i) => i.src),
      ),
    );
  if (hidden !== undefined) {
    lines.push({
      style: 'note',
      segs: [{ text: `▸ Plegado: ${hidden} ${hidden === 1 ? 'estado' : 'estados'} dentro` }],
    });
  } else if (widths.steps && state.internal.length > 0) {
    // What a step does without leaving it is in its panel; the steps view only counts it.
    const n = state.internal.length;
    lines.push({
      style: 'note',
      segs: [{ text: `↻ ${n} ${n === 1 ? 'cambio' : 'cambios'} sin salir del paso` }],
    });
  } else {
    for (const t of state.internal) {
      const mark = t.change ? `${TRANSITION_MARKS[t.change]}: ` : '';
      lines.push(...wrapped(`↻ ${mark}${t.description || 'Sin descripción'}`, 'note', STATE_TEXT));
      if (ids)
        lines.push(
          ...wrappedSegs(
            [...triggerSegs(t), ...(t.actions.length > 0 ? [{ text: ' ' }, ...actionSegs(t)] : [])],
            'detail',
            STATE_TEXT,
          ),
        );
    }
  }
  return lines;
}

/** The label of an edge: what the transition means, then its identifiers. */
export function edgeLabelLines(t: GraphTransition, ids: boolean, widths: TextWidths = TEXT): TextLine[] {
  const LABEL_TEXT = widths.label;
  return [
    ...(t.change ? [markLine(TRANSITION_MARKS[t.change])] : []),
    ...wrapped(t.description || 'Sin descripción', 'note', LABEL_TEXT),
    ...(ids ? wrappedSegs(triggerSegs(t), 'detail', LABEL_TEXT) : []),
  ];
}

/** The text of a reference box: the state of another region that the transition also enters. */
export function ghostLines(target: GraphState, machineId: string, ids: boolean): TextLine[] {
  const short = target.id.startsWith(`${machineId}.`) ? target.id.slice(machineId.length + 1) : target.id;
  return [
    { style: 'note', segs: [{ text: 'También pasa a:' }] },
    ...wrapped(target.description || target.key, 'note', GHOST_TEXT),
    ...(ids ? [{ style: 'id' as const, segs: [{ text: short, en: true }] }] : []),
  ];
}

/** The height of the part of a box above its children. */
export function headerHeight(lines: readonly TextLine[]): number {
  return PAD + linesHeight(lines) + PAD / 2;
}

// ---------------------------------------------------------------------------------------------
// The view: what is drawn once some states are collapsed

export interface ViewNode {
  id: string;
  state: GraphState;
  /** Collapsed: its inside is hidden; the number of states hidden. */
  hidden: number | undefined;
  lines: TextLine[];
}

export interface ViewEdge {
  /** `<transition key>>index`: one per target of a transition. */
  id: string;
  transition: GraphTransition;
  /** The box it leaves and the box it enters (a collapsed ancestor stands for its inside). */
  source: string;
  target: string;
  /** The state the transition really enters. */
  realTarget: string;
  /** A transition into another region of a parallel state: drawn to a reference box. */
  ghost: boolean;
  /**
   * It goes back in the machine's order (to a state defined before its source, or to an
   * ancestor): the layout engine gets it reversed, so that only the way forward sets the layers.
   */
  reversed: boolean;
  container: string;
  label: TextLine[] | undefined;
}

export interface ViewGhost {
  id: string;
  /** The box next to which it is drawn (in whose parent it sits). */
  beside: string;
  target: string;
  lines: TextLine[];
}

/** What the diagram shows: which states are collapsed, whether the identifiers are drawn, and
 * whether only the flow's steps are (./steps.ts: 'Solo los pasos'). */
export interface ViewOptions {
  collapsed?: ReadonlySet<string> | readonly string[];
  ids?: boolean;
  steps?: boolean;
}

/** The views laid out when the explorer is built: as a flow opens, and with its identifiers. */
export const PRECOMPUTED_VIEWS: readonly ViewOptions[] = [{}, { ids: true }];

export interface GraphView {
  machineId: string;
  ids: boolean;
  nodes: ViewNode[];
  edges: ViewEdge[];
  ghosts: ViewGhost[];
  /** Collapsed states that are shown (a collapsed state inside another collapsed one is not). */
  collapsed: string[];
  /** Only the flow's steps are drawn. */
  steps: boolean;
}

/** The edge id of a transition's n-th target. */
export function edgeId(t: GraphTransition, targetIndex: number): string {
  return `${t.key}>${targetIndex}`;
}

function chain(byId: ReadonlyMap<string, GraphState>, id: string): GraphState[] {
  const out: GraphState[] = [];
  for (let s = byId.get(id); s; s = s.parent === null ? undefined : byId.get(s.parent)) out.unshift(s);
  return out;
}

/** The states that can be collapsed: every state with children but the machine itself. */
export function collapsible(graph: FlowGraph): GraphState[] {
  return graph.states.filter((s) => s.parent !== null && s.children.length > 0);
}

export function buildView(graph: FlowGraph, options: ViewOptions = {}): GraphView {
  const collapsedIds = new Set(options.collapsed ?? []);
  const ids = options.ids === true;
  const byId = new Map(graph.states.map((s) => [s.id, s]));
  const steps = options.steps === true ? stepsOf(graph) : undefined;
  const drawn = steps ? inStepsView(graph, steps) : () => true;
  /** The box that stands for a state: itself, or its outermost collapsed ancestor. */
  const boxOf = (id: string): string =>
    chain(byId, id).find((s) => collapsedIds.has(s.id) && s.children.length > 0 && s.parent !== null)?.id ??
    id;
  const descendants = (s: GraphState): number =>
    s.children.reduce((n, c) => n + 1 + (byId.has(c) ? descendants(byId.get(c) as GraphState) : 0), 0);

  const order = new Map(graph.states.map((s, i) => [s.id, i]));
  const nodes: ViewNode[] = [];
  const collapsed: string[] = [];
  for (const state of graph.states) {
    if (boxOf(state.id) !== state.id || !drawn(state)) continue;
    const isCollapsed = collapsedIds.has(state.id) && state.children.length > 0 && state.parent !== null;
    if (isCollapsed) collapsed.push(state.id);
    const hidden = isCollapsed ? descendants(state) : undefined;
    nodes.push({
      id: state.id,
      state,
      hidden,
      lines: stateLines(state, hidden, ids, steps ? STEPS_TEXT : TEXT),
    });
  }

  const edges: ViewEdge[] = [];
  const ghosts: ViewGhost[] = [];
  // Several states that do the same thing into the same box (the newsletter's form sent from any
  // of its states) say it once: the other arrows join it unlabelled (each state's panel lists them).
  const said = new Set<string>();
  // Out of a folded box, the ways into one same box are one arrow that says each of them (the
  // folded payment's three ways to its error), not arrows side by side that widen the chart.
  const joinedInto = new Map<string, ViewEdge>();
  for (const t of graph.transitions) {
    let labelled = false;
    t.targets.forEach((realTarget, i) => {
      const source = boxOf(t.source);
      const target = boxOf(realTarget);
      const from = byId.get(t.source);
      const into = byId.get(realTarget);
      // Into or out of a region the steps view leaves out.
      if (!from || !into || !drawn(from) || !drawn(into)) return;
      // A transition inside a collapsed state is not drawn (the state's panel lists it).
      if (source === target && (source !== t.source || target !== realTarget)) return;
      const a = chain(byId, source);
      const b = chain(byId, target);
      let n = 0;
      while (n < a.length && n < b.length && a[n] === b[n]) n++;
      const common = a[n - 1];
      const ghost =
        common !== undefined && common.kind === 'parallel' && common.id !== source && common.id !== target;
      // From a whole region collapsed into another: its reference box would sit between the
      // regions and push them apart; the region's panel lists the transition.
      if (ghost && byId.get(source)?.parent === common.id) return;
      const id = edgeId(t, i);
      let container: string;
      if (ghost) {
        const beside = byId.get(source);
        container = beside?.parent ?? source;
        ghosts.push({
          id: `${id}${GHOST_SUFFIX}`,
          beside: source,
          target,
          lines: ghostLines(byId.get(target) as GraphState, graph.machineId, ids),
        });
      } else {
        const c = common?.id ?? source;
        // A self-loop, or an edge to an ancestor or a descendant, belongs to the outer state's parent.
        container = c === source || c === target ? (byId.get(c)?.parent ?? c) : c;
      }
      const saying = t.change || !t.description ? undefined : `${target}\n${t.description}`;
      const label =
        labelled || (saying !== undefined && said.has(saying))
          ? undefined
          : edgeLabelLines(t, ids, steps ? STEPS_TEXT : TEXT);
      if (saying !== undefined) said.add(saying);
      labelled = true;
      const edge: ViewEdge = {
        id,
        transition: t,
        source,
        target: ghost ? `${id}${GHOST_SUFFIX}` : target,
        realTarget,
        ghost,
        reversed: !ghost && source !== target && (order.get(target) ?? 0) < (order.get(source) ?? 0),
        container,
        label,
      };
      const pair = `${source}\n${target}`;
      const joinable = source !== t.source && !t.change && !ghost && edge.label !== undefined;
      const joined = joinable ? joinedInto.get(pair) : undefined;
      if (joined?.label && edge.label) {
        joined.label.push(...edge.label);
        edge.label = undefined;
      } else if (joinable) joinedInto.set(pair, edge);
      edges.push(edge);
    });
  }
  return { machineId: graph.machineId, ids, nodes, edges, ghosts, collapsed, steps: steps !== undefined };
}

// ---------------------------------------------------------------------------------------------
// The layout engine's input

const ROOT_OPTIONS: Record<string, string> = {
  'elk.algorithm': 'layered',
  'elk.direction': 'DOWN',
  'elk.hierarchyHandling': 'INCLUDE_CHILDREN',
  'elk.json.edgeCoords': 'ROOT',
  'elk.json.shapeCoords': 'ROOT',
  'elk.edgeRouting': 'ORTHOGONAL',
  'elk.edgeLabels.placement': 'CENTER',
  'elk.edgeLabels.inline': 'true',
  'elk.layered.considerModelOrder.strategy': 'NODES_AND_EDGES',
  // Unconnected parts (regions side by side) in the machine's order, left to right.
  'elk.layered.considerModelOrder.components': 'MODEL_ORDER',
  'elk.layered.spacing.nodeNodeBetweenLayers': '18',
  'elk.layered.spacing.edgeNodeBetweenLayers': '8',
  'elk.layered.spacing.edgeEdgeBetweenLayers': '10',
  'elk.spacing.nodeNode': '24',
  'elk.spacing.edgeNode': '14',
  'elk.spacing.edgeEdge': '10',
  'elk.spacing.edgeLabel': '2',
  'elk.spacing.componentComponent': '24',
  'elk.layered.nodePlacement.strategy': 'NETWORK_SIMPLEX',
  'elk.randomSeed': '1',
};

export type Direction = 'DOWN' | 'RIGHT';

const STEPS_SPACING: Readonly<Record<string, string>> = {
  'elk.layered.spacing.nodeNodeBetweenLayers': '6',
  'elk.layered.spacing.edgeNodeBetweenLayers': '3',
  'elk.spacing.nodeNode': '16',
  'elk.spacing.edgeNode': '10',
};

export function buildLayoutInput(view: GraphView, direction: Direction = 'DOWN'): ElkNode {
  const nodesById = new Map(view.nodes.map((n) => [n.id, n]));
  const elkNodes = new Map<string, ElkNode>();
  const edgesByContainer = new Map<string, ElkExtendedEdge[]>();
  const addEdge = (container: string, edge: ElkExtendedEdge) => {
    const list = edgesByContainer.get(container) ?? [];
    list.push(edge);
    edgesByContainer.set(container, list);
  };
  const ghostsBeside = new Map<string, ViewGhost[]>();
  for (const g of view.ghosts) {
    const parent = nodesById.get(g.beside)?.state.parent ?? g.beside;
    ghostsBeside.set(parent, [...(ghostsBeside.get(parent) ?? []), g]);
  }

  const build = (node: ViewNode): ElkNode => {
    // A state with children keeps room in its corner for the button that collapses it.
    const toggle = node.state.parent !== null && node.state.children.length > 0 ? TOGGLE_ROOM : 0;
    const width = Math.max(MIN_STATE_WIDTH, linesWidth(node.lines) + 2 * PAD + toggle);
    const header = headerHeight(node.lines);
    // Boxes side by side start at the same height (a collapsed region beside an open one).
    const elk: ElkNode = { id: node.id, layoutOptions: { 'elk.alignment': 'TOP' } };
    elkNodes.set(node.id, elk);
    const children =
      node.hidden === undefined
        ? node.state.children.map((id) => nodesById.get(id)).filter((c) => c !== undefined)
        : [];
    if (children.length === 0) {
      elk.width = width;
      elk.height = header + PAD / 2;
      return elk;
    }
    elk.children = children.map(build);
    for (const g of ghostsBeside.get(node.id) ?? []) {
      elk.children.push({
        id: g.id,
        width: linesWidth(g.lines) + 2 * PAD,
        height: linesHeight(g.lines) + PAD + PAD / 2,
      });
    }
    const initial = children.find((c) => c.state.initial);
    if (initial) {
      const markerId = `${node.id}${INITIAL_SUFFIX}`;
      elk.children.unshift({ id: markerId, width: MARKER_SIZE, height: MARKER_SIZE });
      addEdge(node.id, { id: `${markerId}>0`, sources: [markerId], targets: [initial.id] });
    }
    elk.layoutOptions = {
      ...(view.steps ? STEPS_SPACING : {}),
      'elk.alignment': 'TOP',
      // The steps view's outer box has no text: its children start at its top.
      'elk.padding': `[top=${view.steps && node.lines.length === 0 ? PAD : header + PAD},left=${PAD},bottom=${PAD},right=${PAD}]`,
      'elk.nodeSize.constraints': 'MINIMUM_SIZE',
      'elk.nodeSize.minimum': `(${width}, ${header + 2 * PAD})`,
    };
    return elk;
  };

  const root = view.nodes.find((n) => n.state.parent === null);
  if (!root) throw new Error(`${view.machineId}: no root state`);
  const top = build(root);

  for (const edge of view.edges) {
    const label = edge.label;
    addEdge(edge.container, {
      id: edge.id,
      sources: [edge.reversed ? edge.target : edge.source],
      targets: [edge.reversed ? edge.source : edge.target],
      labels: label
        ? [
            {
              id: `${edge.id}:label`,
              text: label.map((l) => l.segs.map((s) => s.text).join('')).join('\n'),
              width: linesWidth(label) + 2 * LABEL_PAD,
              height: linesHeight(label) + 2 * LABEL_PAD,
            },
          ]
        : [],
    });
  }
  for (const [container, edges] of edgesByContainer) {
    const node = elkNodes.get(container);
    if (node) node.edges = [...(node.edges ?? []), ...edges];
  }
  return { id: '::graph', layoutOptions: { ...ROOT_OPTIONS, 'elk.direction': direction }, children: [top] };
}

export { LABEL_PAD };
