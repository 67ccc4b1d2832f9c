import ELK from 'elkjs/lib/elk.bundled.js';
import { describe, expect, it } from 'vitest';
import { setup, type AnyStateMachine } from 'xstate';
import { diffFlows, type FlowDiff } from '../src/diff/diff';
import { snapshotFlows, type FlowSnapshot } from '../src/diff/snapshot';
import { changeDetails } from '../src/explorer/changes/details';
import { unionGraph, type Union } from '../src/explorer/changes/union';
import { describeMachine, type FlowGraph } from '../src/graph/describe';
import { layoutGraph } from '../src/graph/layout';
import { buildView, stateLines } from '../src/graph/layout-input';
import { buildScene } from '../src/graph/scene';

/** Both versions of one flow through the report's JSON, diffed, and the union of the two. */
function unionOf(
  before: AnyStateMachine | undefined,
  after: AnyStateMachine,
): Union & { diff: FlowDiff; details: ReturnType<typeof changeDetails> } {
  const entry = (machine: AnyStateMachine) => ({ slug: 'registro', title: 'Registro', machine });
  const snap = (machines: AnyStateMachine[]) =>
    JSON.parse(JSON.stringify(snapshotFlows(machines.map(entry), 'src/flows/catalogue.ts'))) as {
      flows: FlowSnapshot[];
    };
  const b = snap(before ? [before] : []);
  const a = snap([after]);
  const diff = diffFlows({ catalogue: '', flows: b.flows }, { catalogue: '', flows: a.flows }).flows[0];
  if (!diff || !a.flows[0]) throw new Error('the two versions do not differ');
  const union = unionGraph(describeMachine(after), b.flows[0], a.flows[0], diff);
  return { ...union, diff, details: changeDetails(union, b.flows[0], a.flows[0], diff) };
}

const states = (g: FlowGraph) => g.states.map((s) => [s.id, s.change ?? null]);
const edges = (g: FlowGraph) => g.transitions.map((t) => [t.key, t.change ?? null, t.targets.join(',')]);

/** The wizard's first step, before and after the WhatsApp check became a check of the rules. */
function wizard(version: 'before' | 'after') {
  const checking: Record<string, object> =
    version === 'before'
      ? {
          checkingWhatsapp: {
            description: 'Se verifica el WhatsApp.',
            on: { 'phone.verified': { target: 'situation', description: 'El número existe.' } },
          },
        }
      : {
          validating: {
            description: 'Se revisan los datos.',
            on: {
              'rules.ok': { target: 'situation', description: 'Las reglas aceptan los datos.' },
              'rules.ko': { target: 'contact', description: 'Las reglas rechazan algún dato.' },
            },
          },
        };
  return setup({}).createMachine({
    id: 'registro',
    description: 'Registro de un prospecto.',
    initial: 'contact',
    states: {
      contact: {
        description: 'Paso 1: los datos de contacto.',
        on: {
          'contact.submit': {
            target: version === 'before' ? 'checkingWhatsapp' : 'validating',
            description: 'El visitante envía sus datos.',
          },
          'contact.change': { description: 'Se guarda un dato.' },
          ...(version === 'before' ? { 'contact.clear': { description: 'Se borran los datos.' } } : {}),
        },
      },
      ...checking,
      situation: { description: 'Paso 2: la situación.', type: 'final' },
    },
  });
}

describe('the chart of a flow change (the union of both versions)', () => {
  it('keeps the newer graph, puts a removed state in place and marks what was added, removed and changed', () => {
    const { graph, beforeState, removedTransition } = unionOf(wizard('before'), wizard('after'));
    expect(states(graph)).toEqual([
      ['registro', null],
      ['registro.contact', null],
      ['registro.checkingWhatsapp', 'removed'],
      ['registro.validating', 'added'],
      ['registro.situation', null],
    ]);
    expect(graph.states.find((s) => s.id === 'registro')?.children).toEqual([
      'registro.contact',
      'registro.checkingWhatsapp',
      'registro.validating',
      'registro.situation',
    ]);
    const removed = graph.states.find((s) => s.id === 'registro.checkingWhatsapp');
    expect(removed).toMatchObject({
      parent: 'registro',
      kind: 'atomic',
      depth: 1,
      initial: false,
      description: 'Se verifica el WhatsApp.',
    });
    expect(edges(graph)).toEqual([
      ['registro.contact contact.submit#0', 'changed', 'registro.validating'],
      // The route it took before, to the state that is gone.
      ['registro.contact contact.submit#0~antes', 'previous', 'registro.checkingWhatsapp'],
      ['registro.checkingWhatsapp phone.verified#0', 'removed', 'registro.situation'],
      ['registro.validating rules.ok#0', 'added', 'registro.situation'],
      ['registro.validating rules.ko#0', 'added', 'registro.contact'],
    ]);
    expect(graph.transitions[1]).toMatchObject({
      changeOf: 'registro.contact contact.submit#0',
      description: 'El visitante envía sus datos.',
      kind: 'event',
      eventType: 'contact.submit',
      trigger: 'contact.submit',
    });
    // A transition without a target that is gone stays inside its state, marked in its text.
    const contact = graph.states.find((s) => s.id === 'registro.contact');
    expect(contact?.internal.map((t) => [t.key, t.change ?? null])).toEqual([
      ['registro.contact contact.change#0', null],
      ['registro.contact contact.clear#0', 'removed'],
    ]);
    expect(
      stateLines(contact as NonNullable<typeof contact>, undefined, false).map((l) => l.segs[0]?.text),
    ).toContain('↻ − Quitada: Se borran los datos.');
    expect(beforeState.get('checkingWhatsapp')).toBe('registro.checkingWhatsapp');
    expect(removedTransition.get('registro.contact contact.clear#0')).toBe(
      'registro.contact contact.clear#0',
    );
  });

  it('is the newer graph itself once the older parts are taken out', () => {
    const after = wizard('after');
    const { graph } = unionOf(wizard('before'), after);
    const older = new Set(['removed', 'previous']);
    const strip = <T extends { change?: unknown; changeOf?: unknown }>({
      change: _c,
      changeOf: _o,
      ...rest
    }: T) => rest;
    const kept = graph.states
      .filter((s) => !older.has(s.change ?? ''))
      .map((s) => ({
        ...strip(s),
        children: s.children.filter((c) => !c.endsWith('checkingWhatsapp')),
        internal: s.internal.filter((t) => !older.has(t.change ?? '')).map(strip),
      }));
    const own = describeMachine(after);
    expect(kept).toEqual(own.states);
    expect(graph.transitions.filter((t) => !older.has(t.change ?? '')).map(strip)).toEqual(own.transitions);
  });

  it('puts the states of a removed region inside the renamed state that now stands for their parent', () => {
    const machine = (version: 'before' | 'after') =>
      setup({}).createMachine({
        id: 'pago',
        initial: version === 'before' ? 'paying' : 'charging',
        states: {
          [version === 'before' ? 'paying' : 'charging']: {
            description: 'Se cobra el plan.',
            type: 'parallel',
            states: {
              card: {
                description: 'La tarjeta.',
                initial: 'waiting',
                states: { waiting: { description: 'Se espera la tarjeta.' } },
              },
              ...(version === 'before'
                ? {
                    receipt: {
                      description: 'El recibo.',
                      initial: 'drafting',
                      states: {
                        drafting: {
                          description: 'Se arma el recibo.',
                          on: { 'receipt.ready': { target: 'sent', description: 'El recibo está listo.' } },
                        },
                        sent: { description: 'Se envió el recibo.' },
                      },
                    },
                  }
                : {}),
            },
          },
        },
      });
    const { graph, diff } = unionOf(machine('before'), machine('after'));
    expect(diff.changes).toContainEqual({ kind: 'state.renamed', before: 'paying', after: 'charging' });
    expect(states(graph)).toEqual([
      ['pago', null],
      ['pago.charging', 'changed'],
      ['pago.charging.card', null],
      ['pago.charging.card.waiting', null],
      ['pago.paying.receipt', 'removed'],
      ['pago.paying.receipt.drafting', 'removed'],
      ['pago.paying.receipt.sent', 'removed'],
    ]);
    const byId = new Map(graph.states.map((s) => [s.id, s]));
    expect(byId.get('pago.paying.receipt')).toMatchObject({
      parent: 'pago.charging',
      region: true,
      kind: 'compound',
      depth: 2,
      children: ['pago.paying.receipt.drafting', 'pago.paying.receipt.sent'],
    });
    // Inside a state that is gone, its own initial state is drawn as the initial one.
    expect(byId.get('pago.paying.receipt.drafting')).toMatchObject({ initial: true, depth: 3 });
    expect(byId.get('pago.paying.receipt.sent')?.initial).toBe(false);
    expect(edges(graph)).toEqual([
      ['pago.paying.receipt.drafting receipt.ready#0', 'removed', 'pago.paying.receipt.sent'],
    ]);
  });

  it('gives an older transition whose key the newer version uses for another a key of its own', () => {
    const machine = (guarded: boolean) =>
      setup({ guards: { isReady: () => true } }).createMachine({
        id: 'm',
        initial: 'a',
        states: {
          a: {
            on: {
              go: guarded
                ? [
                    { guard: 'isReady', target: 'b', description: 'Si está listo.' },
                    { target: 'c', description: 'Si no.' },
                  ]
                : [{ target: 'c', description: 'Si no.' }],
            },
          },
          b: {},
          c: {},
        },
      });
    const { graph, removedTransition } = unionOf(machine(true), machine(false));
    expect(edges(graph)).toEqual([
      ['m.a go#0', null, 'm.c'],
      ['m.a go#0~antes', 'removed', 'm.b'],
    ]);
    expect(removedTransition.get('m.a go#0')).toBe('m.a go#0~antes');
  });

  it('marks every state and transition of a new flow as added', () => {
    const { graph } = unionOf(undefined, wizard('after'));
    expect(states(graph)).toEqual([
      ['registro', null],
      ['registro.contact', 'added'],
      ['registro.validating', 'added'],
      ['registro.situation', 'added'],
    ]);
    expect(new Set(graph.transitions.map((t) => t.change))).toEqual(new Set(['added']));
    expect(graph.states[1]?.internal.map((t) => t.change)).toEqual(['added']);
  });

  it('lays out the union: the removed state is drawn inside the parent it had, marked in words', async () => {
    const { graph } = unionOf(wizard('before'), wizard('after'));
    const geometry = await layoutGraph(new ELK(), graph);
    const scene = buildScene(buildView(graph), geometry);
    const box = (id: string) => scene.states.find((s) => s.id === id)?.box;
    const removed = box('registro.checkingWhatsapp');
    const root = box('registro');
    expect(removed && root).toBeTruthy();
    if (!removed || !root) return;
    expect(removed.x).toBeGreaterThanOrEqual(root.x);
    expect(removed.y).toBeGreaterThanOrEqual(root.y);
    expect(removed.x + removed.width).toBeLessThanOrEqual(root.x + root.width);
    expect(removed.y + removed.height).toBeLessThanOrEqual(root.y + root.height);
    const mark = scene.states.find((s) => s.id === 'registro.checkingWhatsapp')?.lines[0];
    expect(mark).toMatchObject({ style: 'mark', segs: [{ text: '− Quitado' }] });
    const previous = scene.edges.find((e) => e.transition?.change === 'previous');
    expect(previous?.label?.lines[0]?.segs[0]?.text).toBe('− Antes iba así');
  });
});

describe('what the page says about each change', () => {
  it('ties each line of the summary to the chart, with the facts before and after', () => {
    const { details } = unionOf(wizard('before'), wizard('after'));
    expect(details.items.map((i) => [i.change, i.target?.id ?? null])).toEqual([
      ['added', 'registro.validating'],
      ['removed', 'registro.checkingWhatsapp'],
      ['added', 'registro.validating rules.ok#0'],
      ['added', 'registro.validating rules.ko#0'],
      ['removed', 'registro.contact contact.clear#0'],
      ['removed', 'registro.checkingWhatsapp phone.verified#0'],
      ['changed', 'registro.contact contact.submit#0'],
    ]);
    expect(details.items[1]?.line).toBe('Se quita el estado «Se verifica el WhatsApp».');
    expect(details.details['registro.checkingWhatsapp']).toEqual({
      kind: 'state',
      change: 'removed',
      title: 'Se verifica el WhatsApp.',
      lines: ['Se quita el estado «Se verifica el WhatsApp».'],
      facts: [
        { label: 'Qué pasa', was: '«Se verifica el WhatsApp»', now: null },
        { label: 'Nombre en el código', was: '`checkingWhatsapp`', now: null },
        { label: 'Tipo', was: 'simple', now: null },
      ],
      // Its screenshots are filed under its id in the older version; it has none now.
      stateIds: { was: 'registro.checkingWhatsapp', now: null },
    });
    // A changed transition: only what changed, each side in its own version's words.
    expect(details.details['registro.contact contact.submit#0']).toEqual({
      kind: 'transition',
      change: 'changed',
      title: 'El visitante envía sus datos.',
      lines: [
        '«El visitante envía sus datos» ahora lleva a «Se revisan los datos» (antes a «Se verifica el WhatsApp»).',
      ],
      facts: [{ label: 'Lleva a', was: '«Se verifica el WhatsApp»', now: '«Se revisan los datos»' }],
    });
    expect(details.details['registro.validating rules.ko#0']?.facts).toEqual([
      { label: 'Qué significa', was: null, now: '«Las reglas rechazan algún dato»' },
      { label: 'Sale de', was: null, now: '«Se revisan los datos»' },
      { label: 'Se dispara', was: null, now: '`rules.ko`' },
      { label: 'Lleva a', was: null, now: '«Paso 1: los datos de contacto»' },
    ]);
  });

  it("lists the flow's own changes without a place on the chart, and a renamed state by its names", () => {
    const machine = (key: string, description: string) =>
      setup({}).createMachine({
        id: 'm',
        description,
        initial: key,
        states: { [key]: { description: 'Se espera.' } },
      });
    const { details } = unionOf(machine('idle', 'Antes.'), machine('waiting', 'Ahora.'));
    expect(details.items.map((i) => [i.change, i.target?.id ?? null])).toEqual([
      ['flow', null],
      ['changed', 'm.waiting'],
    ]);
    expect(details.details['m.waiting']?.facts).toEqual([
      { label: 'Nombre en el código', was: '`idle`', now: '`waiting`' },
    ]);
  });
});
