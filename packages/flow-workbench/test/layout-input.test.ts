import ELK from 'elkjs/lib/elk.bundled.js';
import type { ElkExtendedEdge, ElkNode } from 'elkjs/lib/elk-api';
import { beforeAll, describe, expect, it } from 'vitest';
import { assign, fromPromise, setup } from 'xstate';
import { describeMachine, transitionText } from '../src/graph/describe';
import { layoutGraph, layoutView, type Box, type Geometry } from '../src/graph/layout';
import {
  GHOST_SUFFIX,
  INITIAL_SUFFIX,
  buildLayoutInput,
  buildView,
  edgeId,
  headerHeight,
} from '../src/graph/layout-input';
import { buildScene, StaleLayoutError } from '../src/graph/scene';
import { renderSvg } from '../src/graph/svg';
import { machineGraph } from '../src/kit';
import { flows as fixtureFlows } from './fixtures/catalogue';
import { checkoutMachine, greetingMachine, signupMachine, wizardMachine } from './fixtures/machines';

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
          description: 'Esperando.',
          on: {
            go: { target: 'loading', guard: 'isOk', actions: ['keep'], description: 'Empieza a cargar.' },
            poke: { actions: ['track'], description: 'Se anota el toque.' },
          },
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

/** Every fixture machine, as a catalogue lists them. */
const flows = [
  ...fixtureFlows,
  ...[checkoutMachine, greetingMachine, signupMachine, wizardMachine, sample].map((machine) => ({
    slug: machine.id,
    machine,
  })),
];

const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width - 0.5 &&
  b.x < a.x + a.width - 0.5 &&
  a.y < b.y + b.height - 0.5 &&
  b.y < a.y + a.height - 0.5;

describe('the layout input built from a machine', () => {
  it.each(flows.map((f) => [f.slug, f.machine] as const))(
    '%s: every state is a node and every transition target an edge',
    (_slug, machine) => {
      const graph = describeMachine(machine);
      const { nodes, edges } = walk(buildLayoutInput(buildView(graph, { ids: true })));
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
          const ends = [...(edge?.sources ?? []), ...(edge?.targets ?? [])];
          expect(ends, edgeId(t, i)).toContain(t.source);
          expect(ends.includes(target) || ends.includes(`${edgeId(t, i)}${GHOST_SUFFIX}`), edgeId(t, i)).toBe(
            true,
          );
        });
        // The first edge of a transition carries its meaning and, with the identifiers, its trigger.
        const label = edges.get(edgeId(t, 0))?.edge.labels?.[0]?.text?.replace(/\n/g, ' ') ?? '';
        expect(label).toContain(t.description.split(' ')[0]);
        expect(label).toContain(t.trigger);
        drawn.add(t.key);
      }
      for (const s of graph.states) for (const t of s.internal) drawn.add(t.key);
      expect([...drawn].sort()).toEqual([...transitions].sort());
    },
  );

  it('gives the engine every edge forward in the machine order, so the flow reads from top to bottom', () => {
    for (const flow of flows) {
      const graph = describeMachine(flow.machine);
      const order = new Map(graph.states.map((s, i) => [s.id, i]));
      const view = buildView(graph);
      const { edges } = walk(buildLayoutInput(view));
      for (const e of view.edges) {
        if (e.ghost || e.source === e.target) continue;
        const edge = edges.get(e.id)?.edge;
        const [from] = edge?.sources ?? [];
        const [to] = edge?.targets ?? [];
        expect((order.get(from ?? '') ?? -1) < (order.get(to ?? '') ?? -1), `${flow.slug} ${e.id}`).toBe(
          true,
        );
        // Drawn the right way round: reversed for the engine only when it goes back.
        expect(e.reversed).toBe(from === e.target);
      }
    }
    // The wizard's way back (step.back, a new wizard) goes up; the way forward goes down.
    const wizard = buildView(describeMachine(wizardMachine));
    const reversed = (id: string) => wizard.edges.find((e) => e.id === id)?.reversed;
    expect(reversed('wizard.steps.category step.back#0>0')).toBe(true);
    expect(reversed('wizard.steps.thanks wizard.restart#0>0')).toBe(true);
    expect(reversed('wizard.steps.situation step.next#0>0')).toBe(false);
  });

  it('keeps parallel regions apart: no edge between them, a reference box for a transition into another region', () => {
    const graph = describeMachine(wizardMachine);
    const view = buildView(graph);
    const { nodes, edges } = walk(buildLayoutInput(view));
    const root = nodes.get('wizard')?.node;
    expect(root?.children?.map((c) => c.id)).toEqual(['wizard.steps', 'wizard.sync']);
    expect(root?.edges ?? []).toEqual([]);
    expect(nodes.has(`wizard${INITIAL_SUFFIX}`)).toBe(false);
    // Each region keeps its own initial marker and its children.
    expect(nodes.get(`wizard.steps${INITIAL_SUFFIX}`)?.parent).toBe('wizard.steps');
    expect(nodes.get('wizard.sync.updating.attempt.retryWait')?.parent).toBe('wizard.sync.updating.attempt');
    // 'Registrar otro negocio' enters the contact step and, in the other region, waitingForLead.
    const restart = 'wizard.steps.thanks wizard.restart#0';
    expect(edges.get(`${restart}>0`)?.edge.sources).toEqual(['wizard.steps.contact']);
    expect(edges.get(`${restart}>1`)?.edge.targets).toEqual([`${restart}>1${GHOST_SUFFIX}`]);
    expect(nodes.get(`${restart}>1${GHOST_SUFFIX}`)?.parent).toBe('wizard.steps');
    const ghost = view.ghosts[0]?.lines.map((l) => l.segs.map((s) => s.text).join('')) ?? [];
    expect(ghost[0]).toBe('También pasa a:');
    expect(ghost.slice(1).join(' ')).toBe('Todavía no hay un prospecto guardado que actualizar.');
    for (const [id, { edge, container }] of edges) {
      if (container !== 'wizard.steps' && container !== 'wizard.sync') continue;
      const region = container;
      for (const end of [...edge.sources, ...edge.targets])
        expect(end.startsWith(region) || end.endsWith(GHOST_SUFFIX), id).toBe(true);
    }
  });

  it('draws a collapsed state as one box, with the transitions of its inside to and from it', () => {
    const graph = describeMachine(wizardMachine);
    const view = buildView(graph, { collapsed: ['wizard.steps.contact', 'wizard.sync'] });
    const ids = view.nodes.map((n) => n.id);
    expect(ids).toContain('wizard.steps.contact');
    expect(ids).not.toContain('wizard.steps.contact.editing');
    expect(ids.filter((id) => id.startsWith('wizard.sync'))).toEqual(['wizard.sync']);
    expect(view.nodes.find((n) => n.id === 'wizard.sync')?.hidden).toBe(6);
    expect(view.collapsed).toEqual(['wizard.steps.contact', 'wizard.sync']);
    // Created lead: from inside the contact step to situation, now from the contact box.
    const created = view.edges.find(
      (e) => e.id === 'wizard.steps.contact.creating xstate.done.actor.createLead#0>0',
    );
    expect(created && [created.source, created.target]).toEqual([
      'wizard.steps.contact',
      'wizard.steps.situation',
    ]);
    // The steps inside the contact step are not drawn; the box says what it hides.
    expect(view.edges.some((e) => e.transition.source === 'wizard.steps.contact.editing')).toBe(false);
    const box = view.nodes.find((n) => n.id === 'wizard.steps.contact');
    expect(box?.lines.map((l) => l.segs.map((s) => s.text).join(''))).toContain(
      '▸ Plegado: 3 estados dentro',
    );
    const { nodes } = walk(buildLayoutInput(view));
    expect(nodes.get('wizard.steps.contact')?.node.children).toBeUndefined();
  });

  it('says what each state and transition means, the identifiers second and marked as English', () => {
    const graph = describeMachine(sample);
    const plain = buildView(graph);
    const idle = plain.nodes.find((n) => n.id === 'sample.left.idle');
    expect(idle?.lines.map((l) => l.segs.map((s) => s.text).join(''))).toEqual([
      'Esperando.',
      '↻ Se anota el toque.',
    ]);
    const withIds = buildView(graph, { ids: true });
    const lines = withIds.nodes.find((n) => n.id === 'sample.left.idle')?.lines ?? [];
    expect(lines[0]?.segs).toEqual([{ text: 'Esperando.' }]);
    expect(lines[1]?.segs).toEqual([{ text: 'idle', en: true }]);
    expect(lines.at(-1)?.segs).toEqual([
      { text: 'poke', en: true },
      { text: ' / ' },
      { text: 'track', en: true },
    ]);
    const go = withIds.edges.find((e) => e.transition.trigger === 'go');
    expect(go?.label?.map((l) => l.segs)).toEqual([
      [{ text: 'Empieza a cargar.' }],
      [{ text: 'go', en: true }, { text: ' [' }, { text: 'isOk', en: true }, { text: ']' }],
    ]);
    const texts = graph.transitions.map(transitionText);
    expect(texts).toEqual(
      expect.arrayContaining([
        'go [isOk] / keep',
        'load responde',
        'load falla / track',
        'tras wait · 1,5 s',
        'inmediata',
        'again',
      ]),
    );
    expect(graph.states.find((s) => s.id === 'sample.left.done')?.kind).toBe('final');
    expect(graph.states.find((s) => s.id === 'sample.left')?.region).toBe(true);
    // The root counts, as QA's browser run counts it (seven states inside it).
    expect(graph.counts).toEqual({ states: 8, transitions: 7, guards: 1, delays: 1, invokes: 1 });
    expect(graph.counts.states).toBe(machineGraph(sample).states.length);
  });
});

describe('the layout', () => {
  const elk = new ELK();
  const geometries = new Map<string, Geometry>();
  beforeAll(async () => {
    for (const flow of flows)
      geometries.set(flow.slug, await layoutGraph(elk, describeMachine(flow.machine)));
  }, 60_000);

  it('reads the wizard in flow order, its two regions side by side from the same top', () => {
    const g = geometries.get('wizard') as Geometry;
    const box = (id: string) => g.nodes[`wizard.${id}`] as Box;
    const steps = ['contact', 'situation', 'category', 'sector', 'thanks'].map((s) => box(`steps.${s}`));
    for (let i = 1; i < steps.length; i++)
      expect(steps[i]!.y).toBeGreaterThan(steps[i - 1]!.y + steps[i - 1]!.height);
    const sync = ['waitingForLead', 'synced', 'updating'].map((s) => box(`sync.${s}`));
    for (let i = 1; i < sync.length; i++)
      expect(sync[i]!.y).toBeGreaterThan(sync[i - 1]!.y + sync[i - 1]!.height);
    expect(box('steps').x + box('steps').width).toBeLessThan(box('sync').x);
    expect(box('sync').y).toBe(box('steps').y);
  });

  it.each([['steps'], ['sync'], ['steps.contact'], ['sync.updating']])(
    "keeps the wizard's regions in their order, side by side, with %s collapsed",
    async (collapsed) => {
      const g = await layoutGraph(elk, describeMachine(wizardMachine), {
        collapsed: [`wizard.${collapsed}`],
      });
      const steps = g.nodes['wizard.steps'] as Box;
      const sync = g.nodes['wizard.sync'] as Box;
      expect(steps.x + steps.width).toBeLessThan(sync.x);
      expect(sync.y).toBe(steps.y);
    },
  );

  it.each(flows.map((f) => [f.slug] as const))(
    '%s: no label crosses a box, and labels do not overlap',
    (slug) => {
      const flow = flows.find((f) => f.slug === slug)!;
      const graph = describeMachine(flow.machine);
      const view = buildView(graph);
      const g = geometries.get(slug) as Geometry;
      const labels = Object.entries(g.edges).flatMap(([id, e]) => (e.label ? [[id, e.label] as const] : []));
      // Boxes a label must stay out of: every state without children drawn, and the header of the others.
      const solid: [string, Box][] = view.nodes.map((n) => {
        const b = g.nodes[n.id] as Box;
        return [n.id, n.state.children.length === 0 ? b : { ...b, height: headerHeight(n.lines) }];
      });
      for (const [id, label] of labels) {
        for (const [state, b] of solid) expect(overlaps(label, b), `${id} over ${state}`).toBe(false);
        for (const [other, l] of labels)
          if (other !== id) expect(overlaps(label, l), `${id} over ${other}`).toBe(false);
      }
    },
  );

  it('lays out every state inside its parent, and the scene finds every state and edge', async () => {
    const graph = describeMachine(sample);
    const view = buildView(graph);
    const geometry = await layoutView(elk, view);
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
    const scene = buildScene(view, geometry);
    expect(scene.states).toHaveLength(graph.states.length);
    expect(scene.edges.filter((e) => e.transition)).toHaveLength(
      graph.transitions.reduce((n, t) => n + t.targets.length, 0),
    );
    expect(scene.ghosts).toHaveLength(1);
    // A layout of another machine does not fit this one.
    const other = await layoutGraph(elk, describeMachine(greetingMachine));
    expect(() => buildScene(view, other)).toThrow(StaleLayoutError);
    // The SVG marks identifiers as English.
    const svg = renderSvg(
      buildScene(buildView(graph, { ids: true }), await layoutView(elk, buildView(graph, { ids: true }))),
      'x',
    );
    expect(svg).toContain('<tspan lang="en">idle</tspan>');
  });
});
