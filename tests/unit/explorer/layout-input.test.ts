import ELK from 'elkjs/lib/elk.bundled.js';
import type { ElkExtendedEdge, ElkNode } from 'elkjs/lib/elk-api';
import { describe, expect, it } from 'vitest';
import { assign, fromPromise, setup } from 'xstate';
import { flows } from '../../../explorer/src/catalogue';
import { describeMachine, transitionText } from '../../../explorer/src/graph/describe';
import { layoutGraph } from '../../../explorer/src/graph/layout';
import { INITIAL_SUFFIX, buildLayoutInput, edgeId } from '../../../explorer/src/graph/layout-input';
import { buildScene, StaleLayoutError } from '../../../explorer/src/graph/scene';
import { leadWizardMachine } from '../../../src/flows/registration/lead-wizard.machine';
import { welcomeMachine } from '../../../src/flows/welcome/welcome.machine';
import { machineGraph } from '../../../flow-kit';

interface Placed {
  node: ElkNode;
  parent: string | undefined;
}

function walk(root: ElkNode) {
  const nodes = new Map<string, Placed>();
  const edges = new Map<string, { edge: ElkExtendedEdge; container: string }>();
  const visit = (node: ElkNode, parent: string | undefined) => {
    nodes.set(node.id, { node, parent });
    for (const edge of node.edges ?? []) edges.set(edge.id, { edge, container: node.id });
    for (const child of node.children ?? []) visit(child, node.id);
  };
  visit(root, undefined);
  return { nodes, edges };
}

/** A small machine with every construct the diagram draws. */
const sample = setup({
  actors: { load: fromPromise(async () => 1) },
  actions: { track: () => {}, keep: assign({}) },
  guards: { isOk: () => true },
  delays: { wait: 1500 },
}).createMachine({
  id: 'sample',
  type: 'parallel',
  states: {
    left: {
      initial: 'idle',
      states: {
        idle: {
          on: { go: { target: 'loading', guard: 'isOk', actions: ['keep'] }, poke: { actions: ['track'] } },
        },
        loading: {
          tags: ['busy'],
          invoke: {
            id: 'load',
            src: 'load',
            onDone: 'done',
            onError: { target: 'idle', actions: ['track'] },
          },
        },
        done: { type: 'final' },
      },
    },
    right: {
      initial: 'a',
      states: {
        a: { entry: ['track'], after: { wait: 'b' } },
        b: { always: { target: '#sample.left.done' }, on: { again: { target: 'b', reenter: true } } },
      },
    },
  },
});

describe('the layout input built from a machine', () => {
  it.each(flows.map((f) => [f.slug, f.machine] as const))(
    '%s: every state is a node and every transition target an edge',
    (_slug, machine) => {
      const graph = describeMachine(machine);
      const { nodes, edges } = walk(buildLayoutInput(graph));
      const { states, transitions } = machineGraph(machine);
      for (const id of states) expect(nodes.has(id), id).toBe(true);
      // Each state sits in its parent's node.
      for (const state of graph.states) {
        if (state.parent !== null) expect(nodes.get(state.id)?.parent).toBe(state.parent);
      }
      // Every transition appears once: as edges (one per target) or inside its state (no target).
      const drawn = new Set<string>();
      for (const t of graph.transitions) {
        t.targets.forEach((target, i) => {
          const edge = edges.get(edgeId(t, i))?.edge;
          expect(edge?.sources).toEqual([t.source]);
          expect(edge?.targets).toEqual([target]);
          expect(edge?.labels?.[0]?.text?.replace(/\n/g, ' ')).toContain(t.trigger);
        });
        drawn.add(t.key);
      }
      for (const s of graph.states) for (const t of s.internal) drawn.add(t.key);
      expect([...drawn].sort()).toEqual([...transitions].sort());
    },
  );

  it('keeps parallel regions inside their parallel state, without an initial marker', () => {
    const { nodes } = walk(buildLayoutInput(describeMachine(leadWizardMachine)));
    const root = nodes.get('leadWizard')?.node;
    expect(root?.children?.map((c) => c.id)).toEqual(['leadWizard.steps', 'leadWizard.sync']);
    expect(nodes.has(`leadWizard${INITIAL_SUFFIX}`)).toBe(false);
    // Each region keeps its own initial marker and its children.
    expect(nodes.get(`leadWizard.steps${INITIAL_SUFFIX}`)?.parent).toBe('leadWizard.steps');
    expect(nodes.get('leadWizard.sync.updating.attempt.retryWait')?.parent).toBe(
      'leadWizard.sync.updating.attempt',
    );
  });

  it('marks initial states, draws invocations, delays, finals, tags and targetless transitions', () => {
    const graph = describeMachine(sample);
    const { nodes, edges } = walk(buildLayoutInput(graph));
    expect(edges.get(`sample.left${INITIAL_SUFFIX}>0`)?.edge.targets).toEqual(['sample.left.idle']);
    expect(edges.get(`sample.right${INITIAL_SUFFIX}>0`)?.edge.targets).toEqual(['sample.right.a']);
    expect(graph.states.find((s) => s.id === 'sample.left.done')?.kind).toBe('final');
    expect(graph.states.find((s) => s.id === 'sample.left')?.region).toBe(true);
    const texts = graph.transitions.map(transitionText);
    expect(texts).toEqual(
      expect.arrayContaining([
        'go [isOk] / keep',
        'éxito load',
        'error load / track',
        'tras wait (1500 ms)',
        'siempre',
        'again',
      ]),
    );
    // A targetless transition is drawn inside its state, not as an edge.
    const idle = graph.states.find((s) => s.id === 'sample.left.idle');
    expect(idle?.internal.map(transitionText)).toEqual(['poke / track']);
    expect(graph.states.find((s) => s.id === 'sample.left.loading')?.tags).toEqual(['busy']);
    // An edge across regions lives in their common ancestor; a self-loop in its state's parent.
    const always = graph.transitions.find((t) => t.kind === 'always');
    expect(always && edges.get(edgeId(always, 0))?.container).toBe('sample');
    const again = graph.transitions.find((t) => t.trigger === 'again');
    expect(again && edges.get(edgeId(again, 0))?.container).toBe('sample.right');
    expect(nodes.get('sample.right.b')?.node.width).toBeGreaterThan(0);
    expect(graph.counts).toEqual({ states: 7, transitions: 7, guards: 1, delays: 1, invokes: 1 });
  });

  it('lays out every state inside its parent, and the scene finds every state and edge', async () => {
    const graph = describeMachine(sample);
    const geometry = await layoutGraph(new ELK(), graph);
    for (const state of graph.states) {
      const box = geometry.nodes[state.id];
      expect(box, state.id).toBeDefined();
      const parent = state.parent === null ? undefined : geometry.nodes[state.parent];
      if (box && parent) {
        expect(box.x).toBeGreaterThanOrEqual(parent.x);
        expect(box.y).toBeGreaterThanOrEqual(parent.y);
        expect(box.x + box.width).toBeLessThanOrEqual(parent.x + parent.width + 0.1);
        expect(box.y + box.height).toBeLessThanOrEqual(parent.y + parent.height + 0.1);
      }
    }
    const scene = buildScene(graph, geometry);
    expect(scene.states).toHaveLength(graph.states.length);
    expect(scene.edges.filter((e) => e.transition)).toHaveLength(graph.transitions.length);
    // A layout of another machine does not fit this one.
    const other = await layoutGraph(new ELK(), describeMachine(welcomeMachine));
    expect(() => buildScene(graph, other)).toThrow(StaleLayoutError);
  });
});
