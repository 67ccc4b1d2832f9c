/**
 * Random walks through an independent model (tests/model/models/), the real machine beside it:
 * fast-check draws the events, mostly ones the model's state takes and some any event of the model
 * (out of order: the state must refuse it), and the kit's ModelWalker compares both after every
 * event, invariants included. A failing walk is shrunk to the shortest sequence that still fails,
 * printed with the seed and a link that replays it on the flow explorer's chart.
 */
import fc from 'fast-check';
import type { AnyStateMachine } from 'xstate';
import {
  ModelWalker,
  explorerLink,
  type ExplorerLink,
  type IndependentModel,
} from '@tienda/flow-workbench/kit';

/** Where `npm start` serves the flow explorer. */
export const EXPLORER_URL = 'http://127.0.0.1:4173/flujos/';

export interface WalkOptions {
  /** The machine that walks beside the model (the model's own machine unless a variant is given). */
  machine?: AnyStateMachine;
  seed: number;
  numRuns: number;
  /** Events drawn after the start, at most. */
  maxEvents: number;
  /** The flow's slug in the explorer and its model cases' inputs, for the link. */
  slug: string;
  runs: readonly unknown[];
}

/** One draw: the n-th event the model's state takes, or this event whatever the state. */
type Choice = { take: number } | { any: string };

export interface WalkFailure {
  seed: number;
  /** fast-check's path to the shrunk case (its `path` option replays it). */
  path: string;
  /** The shrunk walk: the model events applied, the last one where the machine diverged. */
  events: { event: string; state: string; refused: boolean }[];
  /** How many model events the walk that first failed applied, before it was shrunk. */
  eventsBeforeShrinking: number;
  divergence: string;
  link: ExplorerLink;
  /** Everything above, as printed. */
  report: string;
}

export interface WalkReport {
  runs: number;
  failure: WalkFailure | undefined;
}

async function walk<M extends AnyStateMachine>(
  model: IndependentModel<M>,
  machine: AnyStateMachine,
  start: string,
  choices: readonly Choice[],
) {
  const walker = new ModelWalker(model, machine);
  let divergence = (await walker.take(start)).divergence;
  for (const choice of choices) {
    if (divergence) break;
    let event: string | undefined;
    if ('any' in choice) event = choice.any;
    else {
      const enabled = walker.enabled();
      event = enabled[choice.take % Math.max(1, enabled.length)];
    }
    if (event !== undefined) divergence = (await walker.take(event)).divergence;
  }
  walker.stop();
  return { walker, divergence };
}

/** `numRuns` random walks; the first that fails, shrunk, with its seed and link. */
export async function randomWalks<M extends AnyStateMachine>(
  model: IndependentModel<M>,
  options: WalkOptions,
): Promise<WalkReport> {
  const machine = options.machine ?? model.real;
  const starts = Object.keys(model.states[model.initial]?.on ?? {});
  const events = Object.keys(model.events);
  const choice: fc.Arbitrary<Choice> = fc.oneof(
    { weight: 3, arbitrary: fc.nat({ max: 7 }).map((take) => ({ take })) },
    { weight: 1, arbitrary: fc.constantFrom(...events).map((any) => ({ any })) },
  );
  let eventsBeforeShrinking: number | undefined;
  const property = fc.asyncProperty(
    fc.constantFrom(...starts),
    fc.array(choice, { maxLength: options.maxEvents }),
    async (start, choices) => {
      const { walker, divergence } = await walk(model, machine, start, choices);
      if (divergence) {
        // fast-check runs the walk it found first, then the shorter ones it tries.
        eventsBeforeShrinking ??= walker.history.length;
        throw new Error(divergence);
      }
    },
  );
  const details = await fc.check(property, { seed: options.seed, numRuns: options.numRuns });
  if (!details.failed || !details.counterexample) return { runs: details.numRuns, failure: undefined };

  const [start, choices] = details.counterexample;
  const { walker, divergence = String(details.errorInstance) } = await walk(model, machine, start, choices);
  const link = explorerLink({
    slug: options.slug,
    machine,
    runs: options.runs,
    input: walker.input,
    steps: walker.steps,
  });
  const lines = walker.history.map(
    (h, i) => `  ${i + 1}. ${h.event}${h.refused ? ` (refused in ${h.state})` : ` -> ${h.state}`}`,
  );
  const report = [
    `[random walk] ${model.id}: the real machine leaves the model after ${walker.history.length} events` +
      ` (seed ${details.seed}, path "${details.counterexamplePath}", ${details.numShrinks} shrinks):`,
    ...lines,
    divergence,
    `Replay it on the chart (npm start): ${EXPLORER_URL}${link.hash}${link.exact ? '' : `\n  (approximately: ${link.note})`}`,
  ].join('\n');
  return {
    runs: details.numRuns,
    failure: {
      seed: details.seed,
      path: details.counterexamplePath ?? '',
      events: walker.history,
      eventsBeforeShrinking: eventsBeforeShrinking ?? walker.history.length,
      divergence,
      link,
      report,
    },
  };
}

/**
 * Walks `events` (model events by name, the first one a start) with `machine` beside the model:
 * the divergence, or undefined when the machine followed the model all the way.
 */
export async function replayWalk<M extends AnyStateMachine>(
  model: IndependentModel<M>,
  machine: AnyStateMachine,
  events: readonly string[],
): Promise<string | undefined> {
  const [start, ...rest] = events;
  if (start === undefined) return undefined;
  const { divergence } = await walk(
    model,
    machine,
    start,
    rest.map((any) => ({ any })),
  );
  return divergence;
}
