import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { assign, createActor, fromPromise, setup, type AnyStateMachine } from 'xstate';
import { machineGraph } from '@tienda/flow-identity';
import { flowVersions } from '@tienda/flow-workbench/behaviour';
import { diffFlows, snapshotFlows } from '@tienda/flow-workbench/generators';
import type * as Versions from '../../../src/config/flow-versions';
import type { FlowCountsBatch } from '../../../src/domain/flow-counts-batch';

/** The demo's version, as a build gives each flow of the site its own. */
const DEMO = { demo: '0a1b2c3d' };

/**
 * The recorder of real visits counts what a visitor's flows did, by the names the explorer and the
 * flow diff use, and nothing a visitor typed. A fresh module per test: the page's recorder is one.
 */
async function freshRecorder() {
  vi.resetModules();
  // The site's flows keep the versions the build gave them; the demo gets its own.
  const { FLOW_VERSIONS } = await import('../../../src/config/flow-versions');
  vi.doMock('../../../src/config/flow-versions', () => ({ FLOW_VERSIONS: { ...FLOW_VERSIONS, ...DEMO } }));
  const recording = await import('../../../src/ui/flow-recording');
  const recorder = await import('../../../src/ui/flow-recorder');
  return { ...recording, ...recorder };
}

const EMAIL = 'ana.perez@ejemplo.com';

/** A small flow with what the site's flows have: an eventless choice, a guarded choice, a retry that re-enters, a parallel region, an invoked child. */
function demoMachine(renamed = false) {
  const saved = renamed ? 'accepted' : 'saved';
  return setup({
    types: {
      context: {} as { email: string; tries: number },
      events: {} as { type: 'type'; email: string } | { type: 'save' } | { type: 'retry' } | { type: 'done' },
    },
    actors: { send: fromPromise(async () => 'ok') },
    guards: {
      returning: ({ context }) => context.tries > 0,
      valid: ({ context }) => context.email.includes('@'),
    },
  }).createMachine({
    id: 'demo',
    context: { email: '', tries: 0 },
    type: 'parallel',
    states: {
      form: {
        initial: 'choosing',
        states: {
          choosing: { always: [{ guard: 'returning', target: 'editing' }, { target: 'editing' }] },
          editing: {
            on: {
              type: { actions: assign({ email: ({ event }) => event.email }) },
              save: [{ guard: 'valid', target: saved }, { target: 'editing' }],
            },
          },
          [saved]: {
            invoke: { src: 'send' },
            on: { retry: { target: saved, reenter: true }, done: 'finished' },
          },
          finished: { type: 'final' },
        },
      },
      banner: { initial: 'shown', states: { shown: {} } },
    },
  });
}

function tallied(machine: AnyStateMachine, tally: { record: (e: never) => void }, options: object = {}) {
  return createActor(machine, { ...options, inspect: (e) => tally.record(e as never) }).start();
}

describe('the visit recorder', () => {
  it('counts the states entered and the transitions taken, each way of a choice by its own key', async () => {
    const { FlowTally } = await freshRecorder();
    const tally = new FlowTally(DEMO);
    const actor = tallied(demoMachine(), tally);
    actor.send({ type: 'save' }); // refused: no e-mail yet, back to editing by the second way
    actor.send({ type: 'type', email: EMAIL });
    actor.send({ type: 'save' });
    actor.send({ type: 'retry' });
    const batch = tally.take('00000000-0000-4000-8000-000000000000');
    expect(batch?.flujos).toHaveLength(1);
    const flow = batch!.flujos[0]!;
    expect(flow.flujo).toBe('demo');
    expect(flow.version).toBe(DEMO.demo);
    expect(flow.estados).toEqual({
      demo: 1,
      'demo.form': 1,
      // The eventless choice is left in the step that entered it, and still counted.
      'demo.form.choosing': 1,
      // Entered at the start; a refused save that goes back to it is a targeted transition, not a re-entry.
      'demo.form.editing': 1,
      // Entered once by the save and once more by the retry, which re-enters it.
      'demo.form.saved': 2,
      'demo.banner': 1,
      'demo.banner.shown': 1,
    });
    expect(flow.transiciones).toEqual({
      'demo.form.choosing always#1': 1,
      'demo.form.editing save#1': 1,
      'demo.form.editing type#0': 1,
      'demo.form.editing save#0': 1,
      'demo.form.saved retry#0': 1,
    });
    // The invoked child's own start and answer are not a flow of the page.
    expect(JSON.stringify(batch)).not.toContain('send');
  });

  it('never sends what the visitor typed: only names of the chart', async () => {
    const { FlowTally } = await freshRecorder();
    const tally = new FlowTally(DEMO);
    const actor = tallied(demoMachine(), tally);
    actor.send({ type: 'type', email: EMAIL });
    actor.send({ type: 'save' });
    const text = JSON.stringify(tally.take('00000000-0000-4000-8000-000000000000'));
    expect(text).not.toContain('ana');
    expect(text).not.toContain('ejemplo');
    const { states, transitions } = machineGraph(demoMachine());
    const flow = JSON.parse(text).flujos[0];
    expect(Object.keys(flow.estados).every((s) => states.includes(s))).toBe(true);
    expect(Object.keys(flow.transiciones).every((t) => transitions.includes(t))).toBe(true);
  });

  it('counts a flow restored from a stored snapshot from its next step on, not the states it comes back to', async () => {
    const { FlowTally } = await freshRecorder();
    const first = createActor(demoMachine()).start();
    first.send({ type: 'type', email: EMAIL });
    first.send({ type: 'save' });
    const stored = first.getPersistedSnapshot();
    first.stop();

    const tally = new FlowTally(DEMO);
    const actor = tallied(demoMachine(), tally, { snapshot: stored });
    expect(tally.empty).toBe(true);
    actor.send({ type: 'done' });
    const flow = tally.take('00000000-0000-4000-8000-000000000000')!.flujos[0]!;
    expect(flow.estados).toEqual({ 'demo.form.finished': 1 });
    expect(flow.transiciones).toEqual({ 'demo.form.saved done#0': 1 });
  });

  it('starts a new batch after each one, and a batch the browser refused goes out with the next', async () => {
    const { FlowTally } = await freshRecorder();
    const tally = new FlowTally(DEMO);
    const actor = tallied(demoMachine(), tally);
    const first = tally.take('00000000-0000-4000-8000-000000000001')!;
    expect(tally.take('00000000-0000-4000-8000-000000000002')).toBeUndefined();
    tally.restore(first);
    actor.send({ type: 'save' });
    const next = tally.take('00000000-0000-4000-8000-000000000003')!.flujos[0]!;
    expect(next.estados['demo.form.choosing']).toBe(1);
    expect(next.transiciones['demo.form.editing save#1']).toBe(1);
  });

  it("counts a flow of the site under its build's version (its behaviour), and a machine with none not at all", async () => {
    const { FlowTally } = await freshRecorder();
    const { referralBannerMachine } =
      await import('../../../src/flows/referral-banner/referral-banner.machine');
    const { FLOW_VERSIONS } = await vi.importActual<typeof Versions>('../../../src/config/flow-versions');
    const tally = new FlowTally(FLOW_VERSIONS);
    tallied(referralBannerMachine, tally, { input: { code: 'AMIGO25' } });
    tallied(demoMachine(), tally);
    const batch = tally.take('00000000-0000-4000-8000-000000000004')!;
    expect(batch.flujos.map((f) => [f.flujo, f.version])).toEqual([
      ['referralBanner', flowVersions(process.cwd()).referralBanner],
    ]);
  });

  it('asks for a batch before a counter passes what one batch may add', async () => {
    const { FlowTally } = await freshRecorder();
    const { FLOW_COUNTS_LIMITS } = await import('../../../src/domain/flow-counts-batch');
    const tally = new FlowTally(DEMO);
    const actor = tallied(demoMachine(), tally);
    for (let i = 1; i < FLOW_COUNTS_LIMITS.count; i++) actor.send({ type: 'save' });
    expect(tally.full).toBe(false);
    actor.send({ type: 'save' });
    expect(tally.full).toBe(true);
  });
});

describe('the identities it counts by', () => {
  it('are the flow diff’s, so a renamed state’s counts follow it to the new version', async () => {
    const { FlowTally } = await freshRecorder();
    const before = demoMachine();
    const after = demoMachine(true);
    const tally = new FlowTally(DEMO);
    const actor = tallied(before, tally);
    actor.send({ type: 'type', email: EMAIL });
    actor.send({ type: 'save' });
    const counted = tally.take('00000000-0000-4000-8000-000000000000')!.flujos[0]!;

    const entry = (machine: AnyStateMachine) => ({ slug: 'demo', title: 'Demo', machine });
    const [old] = snapshotFlows([entry(before)], 'x').flows;
    const [now] = snapshotFlows([entry(after)], 'x').flows;
    // Every name the recorder sends is a state id or a transition key of the diff's snapshot.
    expect(Object.keys(counted.estados).every((id) => old!.states.some((s) => s.id === id))).toBe(true);
    expect(Object.keys(counted.transiciones).every((k) => old!.transitions.some((t) => t.key === k))).toBe(
      true,
    );

    const diff = diffFlows({ catalogue: 'x', flows: [old!] }, { catalogue: 'x', flows: [now!] });
    const renames = diff.flows[0]!.changes.flatMap((c) => (c.kind === 'state.renamed' ? [c] : []));
    expect(renames).toEqual([{ kind: 'state.renamed', before: 'form.saved', after: 'form.accepted' }]);
    const idOf = (flow: typeof old, path: string) => flow!.states.find((s) => s.path === path)!.id;
    const followed = idOf(now, renames[0]!.after);
    expect(counted.estados[idOf(old, renames[0]!.before)]).toBe(1);
    expect(machineGraph(after).states).toContain(followed);
  });
});

describe('on the page', () => {
  const sent: { url: string; body: FlowCountsBatch }[] = [];
  const reading: Promise<void>[] = [];
  let accept = true;
  const listeners: Record<string, (() => void)[]> = {};
  let visibility = 'visible';
  const fakeWindow = (nav: object) =>
    ({
      navigator: nav,
      document: {
        get visibilityState() {
          return visibility;
        },
        addEventListener: (type: string, f: () => void) => (listeners[type] ??= []).push(f),
      },
      addEventListener: (type: string, f: () => void) => (listeners[type] ??= []).push(f),
    }) as unknown as Window;
  const fire = (type: string) => listeners[type]?.forEach((f) => f());

  beforeEach(() => {
    sent.length = 0;
    reading.length = 0;
    accept = true;
    visibility = 'visible';
    for (const key of Object.keys(listeners)) delete listeners[key];
    vi.stubGlobal('window', {});
    vi.stubGlobal('navigator', {
      sendBeacon: (url: string, body: Blob) => {
        if (!accept) return false;
        reading.push(body.text().then((text) => void sent.push({ url, body: JSON.parse(text) })));
        return true;
      },
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  /** Every beacon sent so far, read (a beacon is sent at once; its body is read asynchronously). */
  const settle = () => Promise.all(reading);

  it('keeps the steps taken before it loads, and sends them once when the page is hidden', async () => {
    const { inspectFlow, startFlowRecorder } = await freshRecorder();
    const actor = createActor(demoMachine(), { inspect: inspectFlow }).start();
    actor.send({ type: 'save' });
    startFlowRecorder(fakeWindow({}));
    actor.send({ type: 'type', email: EMAIL });
    actor.send({ type: 'save' });
    visibility = 'hidden';
    fire('visibilitychange');
    fire('pagehide');
    await settle();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.url).toBe('/api/flow-events');
    const flow = sent[0]!.body.flujos[0]!;
    expect(flow.estados['demo.form.editing']).toBe(1);
    expect(flow.transiciones['demo.form.editing save#1']).toBe(1);
    expect(flow.transiciones['demo.form.editing save#0']).toBe(1);
    expect(sent[0]!.body.lote).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect(JSON.stringify(sent[0]!.body)).not.toContain(EMAIL);
  });

  it('tries again at the next hide when the browser would not queue the beacon', async () => {
    const { inspectFlow, startFlowRecorder } = await freshRecorder();
    startFlowRecorder(fakeWindow({}));
    const actor = createActor(demoMachine(), { inspect: inspectFlow }).start();
    accept = false;
    fire('pagehide');
    accept = true;
    actor.send({ type: 'save' });
    fire('pagehide');
    await settle();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body.flujos[0]!.estados['demo']).toBe(1);
    expect(sent[0]!.body.flujos[0]!.transiciones['demo.form.editing save#1']).toBe(1);
  });

  it.each([
    ['Global Privacy Control', { globalPrivacyControl: true }],
    ['Do Not Track', { doNotTrack: '1' }],
  ])('sends nothing when the browser asks with %s', async (_name, signals) => {
    const { inspectFlow, startFlowRecorder, allowsVisitCounts } = await freshRecorder();
    expect(allowsVisitCounts(signals as Navigator)).toBe(false);
    const actor = createActor(demoMachine(), { inspect: inspectFlow }).start();
    startFlowRecorder(fakeWindow(signals));
    actor.send({ type: 'save' });
    fire('pagehide');
    await settle();
    expect(sent).toEqual([]);
    expect(listeners).toEqual({});
  });

  it('keeps nothing while the page is prerendered', async () => {
    vi.stubGlobal('window', undefined);
    const { inspectFlow, attachFlowRecorder } = await freshRecorder();
    createActor(demoMachine(), { inspect: inspectFlow }).start();
    const seen: unknown[] = [];
    attachFlowRecorder((e) => seen.push(e));
    expect(seen).toEqual([]);
  });
});
