/**
 * Model paths in the browser: the paths of the flow kit (flow-kit/: the generator and the event
 * samples the unit-level model tests replay) driven through the real pages. Each machine gives a
 * table of UI assertions (one per state id) and user actions (one per event type); a path is
 * replayed step by step: the user action in the page, the same event on the derived model in
 * memory (which says what the page must now show), then the assertion of every active state.
 * Coverage is counted only for the steps the page went through with its assertions passing.
 */
import { createActor, type EventObject, type InspectionEvent } from 'xstate';
import type { Page } from '@playwright/test';
import {
  Coverage,
  activeStateIds,
  greedyCover,
  replayOnModel,
  tableDrift,
  shortestPaths,
  simplePaths,
  toModelMachine,
  type AnySnapshot,
  type MachineModel,
  type ModelPath,
  type ModelRun,
  type StateFailure,
} from '@tienda/flow-workbench/kit';
import { stateFailure } from './failure';

/** What an assertion or an action gets: the page, the step's event and the model around it. */
export interface Step<F> {
  page: Page;
  /** The run's fakes (held requests, controllable third parties), made by `open`. */
  fakes: F;
  run: ModelRun;
  event: EventObject;
  /** The model's snapshot before the step (the initial one for xstate.init). */
  before: AnySnapshot;
  /** The model's snapshot after the step: what the page must show now. */
  after: AnySnapshot;
}

export interface EventAction<F> {
  /** What the user (or the network, or the clock) does in the page. */
  act: (step: Step<F>) => Promise<void>;
  /**
   * Whether the page can produce this event with this payload in this state (default: yes). Paths
   * with a step the page cannot produce are not run in the browser; the unit-level model tests
   * keep running them against the machine.
   */
  possible?: (event: EventObject, before: AnySnapshot, history: readonly EventObject[]) => boolean;
}

export interface BrowserModel<F> {
  /** Name in the printed line and the test titles (lead-wizard). */
  name: string;
  model: MachineModel;
  /**
   * The part of the page the machine renders (a CSS selector): axe checks it in every state. The
   * whole page is checked at both widths by the route-level accessibility spec; scanning it again
   * in every state would cost more than the rest of this suite.
   */
  scope: string;
  /**
   * Whether the page can be opened with this run's input (default: yes). The blog's grid shows the
   * site's own posts: a run with other posts stays with the unit-level model tests.
   */
  runnable?: (run: ModelRun) => boolean;
  /** Opens the run's page with its fakes installed (the clock is installed before). */
  open: (page: Page, run: ModelRun) => Promise<F>;
  /** One UI assertion per state id of the machine. */
  states: Record<string, (step: Step<F>) => Promise<void>>;
  /** One user action per event type the machine handles (delays and actor outcomes included). */
  events: Record<string, EventAction<F>>;
  /**
   * 'all': every shortest path the page can produce (not a prefix of another); 'cover': a subset
   * of them, chosen greedily, that covers every state and transition they cover together (for the
   * large graphs, within the suite's time budget).
   */
  shortest?: 'all' | 'cover';
  /**
   * With 'cover': the subset also opens the page with every run's input at least once (the country
   * prices' runs differ in what the address and the cookie say, which no state or transition tells
   * apart).
   */
  coverEveryRun?: boolean;
  /** How many of the wizard's simple paths run on top of the shortest ones (none by default). */
  simplePaths?: number;
  /**
   * Transitions the real page can never take, with the reason in Spanish (the flow explorer shows
   * it; identifiers between backticks). The check fails when a key is not a transition of the
   * machine any more, or when a path does take it.
   */
  unreachable?: Record<string, string>;
  /**
   * States the real page can never show in a model path, with the reason in Spanish (each one is
   * then proved by a spec of its own, named in the reason). The check fails when a key is not a
   * state of the machine any more, or when a path does reach it.
   */
  unreachableStates?: Record<string, string>;
}

/** A path chosen for the browser: its run, its steps and the states it screenshots first. */
export interface BrowserPath {
  id: string;
  run: ModelRun;
  steps: { event: EventObject }[];
  /** The states whose screenshots this path takes (the first path, in order, to reach them). */
  screens: string[];
  kind: 'shortest' | 'simple';
}

/** The drift between a machine and its table: states without an assertion, events without an action. */
export function drift<F>(bm: BrowserModel<F>) {
  return tableDrift(bm.model.machine, bm);
}

function realizable<F>(bm: BrowserModel<F>, run: ModelRun, path: ModelPath): boolean {
  const events = path.steps.map((s) => s.event).filter((e) => e.type !== 'xstate.init');
  const { snapshots } = replayOnModel(bm.model.machine, run.input, path.steps);
  return events.every((event, i) => {
    const action = bm.events[event.type];
    const before = snapshots[i];
    return (
      action !== undefined &&
      before !== undefined &&
      (action.possible?.(event, before, events.slice(0, i)) ?? true)
    );
  });
}

function pathKey(run: ModelRun, path: { steps: { event: EventObject }[] }): string {
  return `${run.label}\n${path.steps.map((s) => JSON.stringify(s.event)).join('\n')}`;
}

/**
 * The paths the browser runs: the shortest paths of every run that the page can produce, without
 * those that are a prefix of another (in the same run), reduced greedily to a set that still covers
 * every state and transition they cover together; for the wizard, also its first simple paths
 * (bounded by `simplePaths`) that take a transition in an order no chosen path has.
 */
export function choosePaths<F>(bm: BrowserModel<F>): BrowserPath[] {
  const machine = bm.model.machine;
  interface Candidate {
    run: ModelRun;
    path: ModelPath;
    items: Set<string>;
    length: number;
    kind: 'shortest' | 'simple';
  }
  const candidates: Candidate[] = [];
  const seen = new Set<string>();
  const runs = bm.model.runs.filter((run) => bm.runnable?.(run) ?? true);
  for (const run of runs) {
    for (const path of shortestPaths(machine, run)) {
      const key = pathKey(run, path);
      if (seen.has(key) || !realizable(bm, run, path)) continue;
      seen.add(key);
      const { coverage } = replayOnModel(machine, run.input, path.steps);
      candidates.push({
        run,
        path,
        kind: 'shortest',
        length: path.steps.length,
        items: new Set(
          [...coverage.states]
            .map((s) => `s:${s}`)
            .concat([...coverage.transitions].map((t) => `t:${t}`))
            .concat(bm.coverEveryRun ? [`r:${run.label}`] : []),
        ),
      });
    }
  }
  // Prefix dedupe across the runs' candidates is done per run by shortestPaths already.
  const chosen: Candidate[] = bm.shortest === 'cover' ? greedyCover(candidates) : [...candidates];

  const simpleBudget = bm.simplePaths ?? 0;
  if (simpleBudget > 0) {
    // Orders of transitions: a simple path is kept when it takes some transition right after one
    // it never follows in the chosen paths (a new pair), most new pairs first.
    const pairs = (run: ModelRun, steps: { event: EventObject }[]) => {
      const out = new Set<string>();
      const { snapshots } = replayOnModel(machine, run.input, steps);
      const values = snapshots.map((s) => JSON.stringify(s.value));
      for (let i = 1; i < values.length; i++) out.add(`${values[i - 1]}>${values[i]}`);
      return out;
    };
    const known = new Set<string>();
    for (const c of chosen) for (const p of pairs(c.run, c.path.steps)) known.add(p);
    const simple: { c: Candidate; fresh: number }[] = [];
    for (const run of runs) {
      if (!run.simpleEvents) continue;
      for (const path of simplePaths(machine, run)) {
        if (!realizable(bm, run, path)) continue;
        const fresh = [...pairs(run, path.steps)].filter((p) => !known.has(p)).length;
        if (fresh > 0)
          simple.push({
            c: { run, path, kind: 'simple', items: new Set(), length: path.steps.length },
            fresh,
          });
      }
    }
    simple.sort((a, b) => b.fresh - a.fresh || a.c.path.steps.length - b.c.path.steps.length);
    for (const { c } of simple.slice(0, simpleBudget)) chosen.push(c);
  }

  const screened = new Set<string>();
  return chosen.map((c, i) => {
    const { reached } = replayOnModel(machine, c.run.input, c.path.steps);
    const screens: string[] = [];
    for (const ids of reached)
      for (const id of ids)
        if (!screened.has(id)) {
          screened.add(id);
          screens.push(id);
        }
    return {
      id: `${String(i + 1).padStart(2, '0')} ${c.kind}`,
      run: c.run,
      steps: c.path.steps.map((s) => ({ event: s.event })),
      screens,
      kind: c.kind,
    };
  });
}

/** A short description of a path for the test title: its run and its events. */
export function describePath(path: BrowserPath): string {
  const events = path.steps
    .map((s) => s.event.type)
    .filter((t) => t !== 'xstate.init')
    .map((t) => t.replace(/^xstate\.(after|done\.actor|error\.actor)\.([^.]+).*$/, '$1:$2'));
  return `${path.id} (${path.run.label}): ${events.length > 0 ? events.join(' > ') : 'inicio'}`;
}

export interface PathOutcome {
  states: string[];
  transitions: string[];
  /** The index in the path's steps of the step under way (0: opening the page); the last one when done. */
  step: number;
  /** Set when a state's check failed (not when the user action did): which one, expected and seen. */
  failure?: StateFailure;
}

/**
 * Runs one path in the page. `onReached` is called after the assertions of each step with the
 * state ids first reached there (for screenshots and axe). Returns what the page went through.
 */
export async function runPath<F>(
  bm: BrowserModel<F>,
  page: Page,
  path: BrowserPath,
  onReached: (ids: string[], step: Step<F>) => Promise<void>,
  outcome: PathOutcome = { states: [], transitions: [], step: 0 },
): Promise<PathOutcome> {
  const machine = bm.model.machine;
  const run = path.run;
  let pending: InspectionEvent[] = [];
  const actor = createActor(toModelMachine(machine).model, {
    input: run.input,
    inspect: (e: InspectionEvent) => pending.push(e),
  });
  const coverage = new Coverage();
  const initial = actor.getSnapshot();
  actor.start();
  const screens = new Set(path.screens);
  const assertAll = async (step: Step<F>) => {
    for (const id of activeStateIds(step.after)) {
      const assertion = bm.states[id];
      if (!assertion) throw new Error(`${bm.name}: no UI assertion for the state ${id}`);
      try {
        await assertion(step);
      } catch (error) {
        // The runner's error stays as it is (the test fails with it); the part names the state.
        outcome.failure = stateFailure(id, error);
        throw error;
      }
    }
  };
  const commit = (after: AnySnapshot) => {
    for (const e of pending) coverage.record(e);
    coverage.recordSnapshot(after);
    pending = [];
    outcome.states = [...coverage.states];
    outcome.transitions = [...coverage.transitions];
  };
  const firstReached = (after: AnySnapshot) => {
    const ids = activeStateIds(after).filter((id) => screens.has(id));
    for (const id of ids) screens.delete(id);
    return ids;
  };

  const fakes = await bm.open(page, run);
  let before = actor.getSnapshot();
  {
    const step: Step<F> = {
      page,
      fakes,
      run,
      event: { type: 'xstate.init' },
      before: initial,
      after: before,
    };
    await assertAll(step);
    commit(before);
    await onReached(firstReached(before), step);
  }
  for (const [index, { event }] of path.steps.entries()) {
    if (event.type === 'xstate.init') continue;
    outcome.step = index;
    const action = bm.events[event.type];
    if (!action) throw new Error(`${bm.name}: no user action for the event ${event.type}`);
    actor.send(event);
    const after = actor.getSnapshot();
    const step: Step<F> = { page, fakes, run, event, before, after };
    await action.act(step);
    await assertAll(step);
    commit(after);
    await onReached(firstReached(after), step);
    before = after;
  }
  actor.stop();
  return outcome;
}
