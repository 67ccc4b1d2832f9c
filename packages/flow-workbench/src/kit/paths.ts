/**
 * The paths of a model, generated with xstate/graph: the shortest paths (one to every state as
 * entered by each event from each state value) and the simple paths (no state twice), of a
 * machine's derived model (a model run) or of an independent model. The model tests replay them
 * against the real machine, the browser model paths through the pages; the flow explorer lists
 * them and replays them step by step.
 */
import { createActor, type AnyStateMachine, type EventObject } from 'xstate';
import { createTestModel, getAdjacencyMap, type StatePath } from 'xstate/graph';
import { toModelMachine } from './derived-model';
import { Coverage, activeStateIds, type AnySnapshot } from './graph';
import type { ModelRun } from './types';
import { isAfterEvent } from './conventions';

export type ModelPath = StatePath<AnySnapshot, EventObject>;

/** Simple paths are refused beyond this count unless the run sets its own limit. */
export const DEFAULT_MAX_SIMPLE_PATHS = 2000;

/**
 * Every simple path (no state twice) of at most `maxSteps` steps, in the shape getSimplePaths
 * returns (first step: the initial state on xstate.init). Depth-first over xstate/graph's
 * adjacency map, so the work is proportional to the paths produced.
 */
function boundedSimplePaths(maxSteps: number, maxPaths: number, name: string) {
  return (logic: AnyStateMachine, options: object): ModelPath[] => {
    const resolved = options as {
      serializeState: (s: AnySnapshot, e?: EventObject, p?: AnySnapshot) => string;
    };
    const adjacency = getAdjacencyMap(logic as never, options as never) as unknown as Record<
      string,
      { state: AnySnapshot; transitions: Record<string, { event: EventObject; state: AnySnapshot }> }
    >;
    const [startKey] = Object.keys(adjacency);
    const start = startKey === undefined ? undefined : adjacency[startKey];
    if (startKey === undefined || !start) return [];
    const paths: ModelPath[] = [];
    const onPath = new Set<string>([startKey]);
    const steps: { state: AnySnapshot; event: EventObject }[] = [
      { state: start.state, event: { type: 'xstate.init' } },
    ];
    const visit = (key: string) => {
      const vertex = adjacency[key];
      if (!vertex) return;
      let extended = false;
      if (steps.length <= maxSteps) {
        for (const { event, state } of Object.values(vertex.transitions)) {
          const next = resolved.serializeState(state, event, vertex.state);
          if (onPath.has(next) || !adjacency[next]) continue;
          extended = true;
          onPath.add(next);
          steps.push({ state, event });
          visit(next);
          steps.pop();
          onPath.delete(next);
        }
      }
      if (!extended) {
        paths.push({ state: vertex.state, steps: [...steps], weight: steps.length });
        if (paths.length > maxPaths) {
          throw new Error(
            `${name}: more than ${maxPaths} simple paths; narrow simpleEvents or lower maxSimpleSteps`,
          );
        }
      }
    };
    visit(startKey);
    return paths;
  };
}

/**
 * Drops every path whose events are a prefix of a longer path's (what getPaths does by default,
 * in O(paths x length) instead of O(paths^2 x length)).
 */
export function withoutPrefixPaths<P extends { steps: { event: EventObject }[] }>(paths: P[]): P[] {
  const keyed = paths
    .map((path) => ({ path, events: path.steps.map((step) => JSON.stringify(step.event)) }))
    .sort((a, b) => b.events.length - a.events.length);
  const prefixes = new Set<string>();
  const kept: P[] = [];
  for (const { path, events } of keyed) {
    if (prefixes.has(events.join('\n'))) continue;
    kept.push(path);
    for (let i = 1; i <= events.length; i++) prefixes.add(events.slice(0, i).join('\n'));
  }
  return kept;
}

/**
 * createTestModel adds a bare `{ type }` for every event a state handles that the list leaves out;
 * the models here take exactly the events their lists give, plus every delay.
 */
function onlyListed(list: (snapshot: AnySnapshot) => EventObject[]) {
  return (snapshot: AnySnapshot, event: EventObject): boolean => {
    // Delays need no payload: every `after` of the current states is always offered.
    if (isAfterEvent(event.type)) return true;
    const serialized = JSON.stringify(event);
    return list(snapshot).some((e) => JSON.stringify(e) === serialized);
  };
}

/**
 * One path to every state as entered by each event from each state value (a vertex is the state,
 * the event and the previous value, even when the event changed nothing), so every edge of the
 * model, self-loops included, ends some path.
 */
export function shortestPaths(machine: AnyStateMachine, run: ModelRun): ModelPath[] {
  return edgePaths(toModelMachine(machine).model, {
    input: run.input,
    events: run.events,
    filterEvents: onlyListed(run.events),
  });
}

/**
 * The shortest paths of any model machine, one ending with every edge (see shortestPaths); with
 * no `events`, a state offers every event type it handles, without payload.
 */
export function edgePaths(
  model: AnyStateMachine,
  options: {
    input?: unknown;
    events?: (snapshot: AnySnapshot) => EventObject[];
    filterEvents?: (snapshot: AnySnapshot, event: EventObject) => boolean;
  } = {},
): ModelPath[] {
  const testModel = createTestModel(model, {
    ...options,
    serializeTransition: (
      _: AnySnapshot,
      event: EventObject | undefined,
      previous: AnySnapshot | undefined,
    ) => (event ? ` via ${JSON.stringify(event)} from ${JSON.stringify(previous?.value)}` : ''),
  } as never);
  return withoutPrefixPaths(testModel.getShortestPaths({ allowDuplicatePaths: true }) as ModelPath[]);
}

/**
 * Every path that visits no state (value and context) twice; vertices are states here, not
 * "state reached by this transition" as for the shortest paths. Throws beyond the run's limit.
 */
export function simplePaths(machine: AnyStateMachine, run: ModelRun, name = machine.id): ModelPath[] {
  const events = run.simpleEvents ?? run.events;
  const testModel = createTestModel(toModelMachine(machine).model, {
    input: run.input,
    events,
    filterEvents: onlyListed(events),
    serializeTransition: () => '',
  } as never);
  const max = run.maxSimplePaths ?? DEFAULT_MAX_SIMPLE_PATHS;
  const paths = withoutPrefixPaths(
    (run.maxSimpleSteps === undefined
      ? testModel.getSimplePaths({ allowDuplicatePaths: true })
      : testModel.getPaths(boundedSimplePaths(run.maxSimpleSteps, max, name) as never, {
          allowDuplicatePaths: true,
        })) as ModelPath[],
  );
  if (paths.length > max) {
    throw new Error(`${name}: ${paths.length} simple paths (more than ${max}); narrow simpleEvents`);
  }
  return paths;
}

/** A path as a failure report prints it: every step's event and the model's state (value and context) after it. */
export function describePath(path: { steps: readonly { event: EventObject; state: AnySnapshot }[] }): string {
  return path.steps
    .map(
      ({ event, state }, i) =>
        `  ${i}. ${JSON.stringify(event)}\n     -> ${JSON.stringify(state.value)} ${JSON.stringify(state.context)}`,
    )
    .join('\n');
}

export interface ModelReplay {
  /** The model's snapshot after each step (index 0: the initial one). */
  snapshots: AnySnapshot[];
  /** The state ids active after each step. */
  reached: string[][];
  coverage: Coverage;
}

/**
 * Replays a path's events on a machine's derived model, in memory (no actor is faked, no time
 * passes: done, error and delay events are the model's own transitions).
 */
export function replayOnModel(
  machine: AnyStateMachine,
  input: unknown,
  steps: readonly { event: EventObject }[],
): ModelReplay {
  const coverage = new Coverage();
  const actor = createActor(toModelMachine(machine).model, { input, inspect: (e) => coverage.record(e) });
  coverage.recordSnapshot(actor.getSnapshot());
  actor.start();
  const snapshots: AnySnapshot[] = [actor.getSnapshot()];
  for (const step of steps) {
    if (step.event.type === 'xstate.init') continue;
    actor.send(step.event);
    snapshots.push(actor.getSnapshot());
  }
  actor.stop();
  return { snapshots, reached: snapshots.map(activeStateIds), coverage };
}

/**
 * A subset of the candidates, chosen greedily (most items not yet covered first, the shorter on a
 * tie), that covers every item they cover together; candidates in their given order.
 */
export function greedyCover<C extends { items: ReadonlySet<string>; length: number }>(
  candidates: readonly C[],
): C[] {
  const chosen: C[] = [];
  const covered = new Set<string>();
  for (;;) {
    let best: C | undefined;
    let bestGain = 0;
    for (const c of candidates) {
      if (chosen.includes(c)) continue;
      let gain = 0;
      for (const item of c.items) if (!covered.has(item)) gain += 1;
      if (gain > bestGain || (gain === bestGain && gain > 0 && best && c.length < best.length)) {
        best = c;
        bestGain = gain;
      }
    }
    if (!best || bestGain === 0) return chosen;
    chosen.push(best);
    for (const item of best.items) covered.add(item);
  }
}
