/**
 * The layout engine's input for a machine: one ELK node per state (compound and parallel states
 * hold their children; regions stay inside their parallel state), a small node per initial-state
 * marker, and one edge per transition target, placed in the nearest common ancestor of its ends
 * and labelled with a box the size of its text. Text is measured with fixed character widths (the
 * diagram uses a monospace font), so the same input is built in Node and in the browser.
 */
import type { ElkExtendedEdge, ElkNode } from 'elkjs/lib/elk-api';
import {
  transitionText,
  triggerText,
  type FlowGraph,
  type GraphState,
  type GraphTransition,
} from './describe';

export const FONT_SIZE = 12;
export const TITLE_SIZE = 13;
/** Advance of one character of the monospace font, with a little slack. */
export const CHAR_WIDTH = 7.4;
export const TITLE_CHAR_WIDTH = 8.1;
export const LINE_HEIGHT = 16;
export const TITLE_HEIGHT = 24;
export const PAD = 10;
export const MARKER_SIZE = 12;
export const MIN_STATE_WIDTH = 90;
/** Edge labels wrap at about this many characters. */
const LABEL_CHARS = 34;

export const INITIAL_SUFFIX = '::initial';

/** The lines drawn inside a state under its name. */
export function stateLines(state: GraphState): string[] {
  const lines: string[] = [];
  if (state.tags.length > 0) lines.push(state.tags.map((t) => `#${t}`).join(' '));
  if (state.entry.length > 0) lines.push(`entrada / ${state.entry.join(', ')}`);
  if (state.exit.length > 0) lines.push(`salida / ${state.exit.join(', ')}`);
  for (const inv of state.invokes) lines.push(`invoca ${inv.src}`);
  for (const t of state.internal) lines.push(transitionText(t));
  return lines;
}

/** Splits text into lines of at most `max` characters at spaces (a longer word stays whole). */
export function wrap(text: string, max = LABEL_CHARS): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line !== '' && line.length + 1 + word.length > max) {
      lines.push(line);
      line = word;
    } else line = line === '' ? word : `${line} ${word}`;
  }
  if (line !== '') lines.push(line);
  return lines;
}

/** The label lines of an edge: the trigger and guard, then the actions. */
export function edgeLines(t: GraphTransition): string[] {
  const head = `${triggerText(t)}${t.guard ? ` [${t.guard}]` : ''}`;
  return [...wrap(head), ...(t.actions.length > 0 ? wrap(`/ ${t.actions.join(', ')}`) : [])];
}

export function textWidth(lines: readonly string[], charWidth = CHAR_WIDTH): number {
  return Math.ceil(Math.max(0, ...lines.map((l) => l.length)) * charWidth);
}

/** The height of a state's header: its name and its lines. */
export function headerHeight(state: GraphState): number {
  return TITLE_HEIGHT + stateLines(state).length * LINE_HEIGHT + (stateLines(state).length > 0 ? PAD / 2 : 0);
}

/** The edge id of a transition's n-th target. */
export function edgeId(t: GraphTransition, targetIndex: number): string {
  return `${t.key}>${targetIndex}`;
}

const ROOT_OPTIONS: Record<string, string> = {
  'elk.algorithm': 'layered',
  'elk.direction': 'DOWN',
  'elk.hierarchyHandling': 'INCLUDE_CHILDREN',
  'elk.json.edgeCoords': 'ROOT',
  'elk.json.shapeCoords': 'ROOT',
  'elk.edgeRouting': 'ORTHOGONAL',
  'elk.edgeLabels.placement': 'CENTER',
  'elk.layered.spacing.nodeNodeBetweenLayers': '36',
  'elk.layered.spacing.edgeNodeBetweenLayers': '16',
  'elk.spacing.nodeNode': '28',
  'elk.spacing.edgeNode': '14',
  'elk.spacing.edgeEdge': '10',
  'elk.spacing.edgeLabel': '4',
  'elk.spacing.componentComponent': '28',
  'elk.layered.nodePlacement.strategy': 'NETWORK_SIMPLEX',
  'elk.layered.considerModelOrder.strategy': 'NODES_AND_EDGES',
  'elk.randomSeed': '1',
};

function ancestors(graph: Map<string, GraphState>, id: string): string[] {
  const chain: string[] = [];
  for (let s = graph.get(id); s; s = s.parent === null ? undefined : graph.get(s.parent)) chain.unshift(s.id);
  return chain;
}

/** The state whose ELK node holds an edge between two states: their nearest common ancestor. */
function edgeContainer(graph: Map<string, GraphState>, source: string, target: string): string {
  const a = ancestors(graph, source);
  const b = ancestors(graph, target);
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  const common = a[i - 1] ?? a[0] ?? source;
  // A self-loop, or an edge to an ancestor or a descendant, belongs to the outer state's parent.
  if (common === source || common === target) return graph.get(common)?.parent ?? common;
  return common;
}

export function buildLayoutInput(graph: FlowGraph): ElkNode {
  const byId = new Map(graph.states.map((s) => [s.id, s]));
  const elkNodes = new Map<string, ElkNode>();
  const edgesByContainer = new Map<string, ElkExtendedEdge[]>();
  const addEdge = (container: string, edge: ElkExtendedEdge) => {
    const list = edgesByContainer.get(container) ?? [];
    list.push(edge);
    edgesByContainer.set(container, list);
  };

  const build = (state: GraphState): ElkNode => {
    const lines = stateLines(state);
    const width = Math.max(
      MIN_STATE_WIDTH,
      textWidth([state.key], TITLE_CHAR_WIDTH) + 2 * PAD + (state.initial ? 0 : 0),
      textWidth(lines) + 2 * PAD,
    );
    const node: ElkNode = { id: state.id };
    elkNodes.set(state.id, node);
    if (state.children.length === 0) {
      node.width = width;
      node.height = headerHeight(state) + PAD / 2;
      return node;
    }
    const children = state.children.map((id) => byId.get(id)).filter((s) => s !== undefined);
    node.children = children.map(build);
    const initial = children.find((c) => c.initial);
    if (initial) {
      const markerId = `${state.id}${INITIAL_SUFFIX}`;
      node.children.unshift({ id: markerId, width: MARKER_SIZE, height: MARKER_SIZE });
      addEdge(state.id, { id: `${markerId}>0`, sources: [markerId], targets: [initial.id] });
    }
    node.layoutOptions = {
      'elk.padding': `[top=${headerHeight(state) + PAD},left=${PAD},bottom=${PAD},right=${PAD}]`,
      'elk.nodeSize.constraints': 'MINIMUM_SIZE',
      'elk.nodeSize.minimum': `(${width}, ${headerHeight(state) + 2 * PAD})`,
    };
    return node;
  };

  const rootState = graph.states.find((s) => s.parent === null);
  if (!rootState) throw new Error(`${graph.machineId}: no root state`);
  const top = build(rootState);

  for (const t of graph.transitions) {
    t.targets.forEach((target, i) => {
      const lines = edgeLines(t);
      addEdge(edgeContainer(byId, t.source, target), {
        id: edgeId(t, i),
        sources: [t.source],
        targets: [target],
        labels: [
          {
            id: `${edgeId(t, i)}:label`,
            text: lines.join('\n'),
            width: textWidth(lines) + 8,
            height: lines.length * LINE_HEIGHT + 4,
          },
        ],
      });
    });
  }
  for (const [container, edges] of edgesByContainer) {
    const node = elkNodes.get(container);
    if (node) node.edges = [...(node.edges ?? []), ...edges];
  }
  return { id: '::graph', layoutOptions: ROOT_OPTIONS, children: [top] };
}
