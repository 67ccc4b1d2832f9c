import { activeStateIds, microstep, transitionKey, type AnySnapshot } from '@tienda/flow-identity';
import type { Actor, AnyStateMachine, AnyTransitionDefinition, InspectionEvent } from 'xstate';
import { FLOW_COUNTS_LIMITS, type FlowCountsBatch } from '../domain/flow-counts-batch';
import { FLOW_VERSIONS } from '../config/flow-versions';
import { newBatchId, sendFlowCounts } from '../services/flow-beacon';
import { allowsVisitCounts, attachFlowRecorder, stopRecordingFlows } from './flow-recording';

/**
 * The recorder of real visits (issue #40): how many times each flow on the page entered each
 * state and took each transition, named as the flow explorer and the flow diff name them
 * (@tienda/flow-identity), with the flow's version (its behaviour's fingerprint, ../config/flow-versions.ts). It reads the flows' steps from XState's
 * inspection, never their context or their events' data: nothing a visitor typed or chose, no
 * id, no cookie, no storage. The counts of a page's life go in one beacon when the page is hidden
 * or left, or sooner when a batch grows large.
 */

interface Counts {
  version: string;
  states: Map<string, number>;
  transitions: Map<string, number>;
}

interface Run {
  machine: AnyStateMachine;
  /** Started from a stored snapshot (the wizard after a reload): its states were counted on the page that entered them. */
  restored: boolean;
  /** The states it is in, once it started. */
  active: Set<string> | undefined;
}

function isMachine(logic: unknown): logic is AnyStateMachine {
  const candidate = logic as Partial<AnyStateMachine> | undefined;
  return typeof candidate?.id === 'string' && typeof candidate.root === 'object';
}

/** The counts of the flows' runs since the last batch, from their inspection events. */
export class FlowTally {
  /** Machine id -> its version, as the build computed it: a machine without one is not counted. */
  constructor(private readonly versions: Readonly<Record<string, string>> = FLOW_VERSIONS) {}

  private runs = new Map<string, Run>();
  private counts = new Map<string, Counts>();
  /** The highest counter, so a batch goes before one passes the server's limit. */
  private highest = 0;

  record(event: InspectionEvent): void {
    if (event.actorRef.sessionId !== event.rootId) return;
    const id = event.actorRef.sessionId;
    if (event.type === '@xstate.actor') {
      const actor = event.actorRef as Partial<Actor<AnyStateMachine>>;
      if (!isMachine(actor.logic)) return;
      this.runs.set(id, {
        machine: actor.logic,
        restored: actor.options?.snapshot !== undefined,
        active: undefined,
      });
      return;
    }
    const run = this.runs.get(id);
    if (!run) return;
    const step = microstep(event);
    if (step) {
      this.step(run, step.transitions, step.snapshot as AnySnapshot);
      return;
    }
    // Started without a step of its own (no eventless transition at the start): its first states.
    if (event.type === '@xstate.snapshot' && run.active === undefined) {
      const active = new Set(activeStateIds(event.snapshot as AnySnapshot));
      if (!run.restored) for (const state of active) this.add(run, 'states', state);
      run.active = active;
    }
  }

  private step(run: Run, transitions: readonly AnyTransitionDefinition[], snapshot: AnySnapshot): void {
    const before = run.active ?? new Set<string>();
    const after = activeStateIds(snapshot);
    const entered = new Set(after.filter((state) => !before.has(state)));
    for (const t of transitions) {
      let key: string;
      try {
        key = transitionKey(t);
      } catch {
        // XState's own step into the initial state: not a transition of the chart.
        continue;
      }
      this.add(run, 'transitions', key);
      // A state left in the step that entered it (an eventless choice) was entered too.
      if (!before.has(t.source.id)) entered.add(t.source.id);
      // A transition that re-enters its target (a retry) enters it and what it starts in again.
      if (t.reenter)
        for (const target of t.target ?? [])
          for (const state of after)
            if (state === target.id || state.startsWith(`${target.id}.`)) entered.add(state);
    }
    for (const state of entered) this.add(run, 'states', state);
    run.active = new Set(after);
  }

  private add(run: Run, kind: 'states' | 'transitions', key: string, times = 1): void {
    const flow = run.machine.id;
    let counts = this.counts.get(flow);
    if (!counts) {
      const version = this.versions[flow];
      if (version === undefined) return;
      counts = { version, states: new Map(), transitions: new Map() };
      this.counts.set(flow, counts);
    }
    const next = (counts[kind].get(key) ?? 0) + times;
    counts[kind].set(key, next);
    this.highest = Math.max(this.highest, next);
  }

  /** A batch should go now: one more step could pass the most a batch may add to one counter. */
  get full(): boolean {
    return this.highest >= FLOW_COUNTS_LIMITS.count;
  }

  get empty(): boolean {
    return this.counts.size === 0;
  }

  /** The counts so far as a batch, and a fresh start (the runs go on). */
  take(batchId: string): FlowCountsBatch | undefined {
    if (this.counts.size === 0) return undefined;
    const batch: FlowCountsBatch = {
      lote: batchId,
      flujos: [...this.counts].map(([flujo, c]) => ({
        flujo,
        version: c.version,
        estados: Object.fromEntries(c.states),
        transiciones: Object.fromEntries(c.transitions),
      })),
    };
    this.counts = new Map();
    this.highest = 0;
    return batch;
  }

  /** A batch the browser would not send, merged back in for the next one. */
  restore(batch: FlowCountsBatch): void {
    for (const flow of batch.flujos) {
      const run = [...this.runs.values()].find((r) => r.machine.id === flow.flujo);
      if (!run) continue;
      for (const [state, n] of Object.entries(flow.estados)) this.add(run, 'states', state, n);
      for (const [key, n] of Object.entries(flow.transiciones)) this.add(run, 'transitions', key, n);
    }
  }
}

/**
 * Starts counting the page's flows (called once the page is idle): the steps kept since the page
 * started first. A page whose browser asks not to be tracked drops them and counts nothing.
 */
export function startFlowRecorder(win: Window = window): void {
  if (!allowsVisitCounts(win.navigator)) {
    stopRecordingFlows();
    return;
  }
  const tally = new FlowTally();
  const send = () => {
    const batch = tally.take(newBatchId());
    if (batch && !sendFlowCounts(batch)) tally.restore(batch);
  };
  attachFlowRecorder((event) => {
    tally.record(event);
    if (tally.full) send();
  });
  // Hidden is the last moment a phone's browser surely gives a page; pagehide covers the rest.
  win.document.addEventListener('visibilitychange', () => {
    if (win.document.visibilityState === 'hidden') send();
  });
  win.addEventListener('pagehide', send);
}
