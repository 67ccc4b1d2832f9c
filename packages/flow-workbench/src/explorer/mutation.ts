/**
 * The mutation run on the explorer, the logic without the view: a flow's score (its machine's file
 * and the domain rules it imports), and each surviving mutant placed on the states and transitions
 * it changes, so the QA panel can say 'si esta condición cambiara, ninguna prueba lo notaría'
 * beside the very box or arrow.
 */
import { useLoaded } from './use-loaded';
import { MUTATION_SUMMARY_VERSION, type FileSummary, type MutationSummary, type Survivor } from '../kit';
import type { FlowGraph, GraphTransition } from '../graph/describe';

export interface FlowMutation {
  /** The machine's own file; undefined when the run never mutated it. */
  machine: (FileSummary & { file: string }) | undefined;
  /** The domain modules the machine imports, each with its score. */
  rules: (FileSummary & { file: string })[];
  survivors: (Survivor & { file: string })[];
}

/** The summary the explorer was built with, beside the page (../vite/plugin.ts). */
export const MUTATION_URL = 'mutacion.json';

let loading: Promise<MutationSummary | null> | undefined;

/** The summary, or null when there is none or it cannot be read (the page then says how to make one). */
export function loadMutation(): Promise<MutationSummary | null> {
  loading ??= fetch(MUTATION_URL, { cache: 'no-cache' })
    .then(async (response) => {
      if (!response.ok) return null;
      const raw = (await response.json()) as Partial<MutationSummary>;
      return raw.version === MUTATION_SUMMARY_VERSION && typeof raw.files === 'object' && raw.files !== null
        ? (raw as MutationSummary)
        : null;
    })
    .catch(() => null);
  return loading;
}

/** undefined while loading; then the summary or null. */
export function useMutation(): MutationSummary | null | undefined {
  return useLoaded(loadMutation);
}

export function flowMutation(
  machineId: string,
  data: MutationSummary | null | undefined,
): FlowMutation | undefined {
  if (!data) return undefined;
  const files = Object.entries(data.files)
    .filter(([, f]) => f.machines.includes(machineId))
    .map(([file, f]) => ({ ...f, file }));
  if (files.length === 0) return undefined;
  const machine = files.find((f) => f.file.endsWith('.machine.ts'));
  return {
    machine,
    rules: files.filter((f) => f !== machine),
    survivors: files.flatMap((f) => f.survivors.map((s) => ({ ...s, file: f.file }))),
  };
}

/**
 * The versions of the flow the run mutated when they are not `today` (the flow changed since: its
 * states, rules or values), oldest first; empty when the run is of today's version or does not say.
 */
export function mutatedVersions(mutation: FlowMutation, machineId: string, today: string): string[] {
  const files = [...(mutation.machine ? [mutation.machine] : []), ...mutation.rules];
  const versions = files.flatMap((f) => {
    const version = f.versions?.[machineId];
    return version !== undefined && version !== today ? [version] : [];
  });
  return [...new Set(versions)];
}

/** Where a survivor is on the chart: the states and transitions it changes (none: the whole flow). */
export interface SurvivorPlace {
  states: string[];
  transitions: GraphTransition[];
}

function allTransitions(graph: FlowGraph): GraphTransition[] {
  return [...graph.transitions, ...graph.states.flatMap((s) => s.internal)];
}

function transitionMatches(t: GraphTransition, event: string): boolean {
  if (event.startsWith('after:')) return t.kind === 'after' && t.trigger === event.slice('after:'.length);
  if (event === 'always') return t.kind === 'always';
  if (event === 'onDone') return t.kind === 'done';
  if (event === 'onError') return t.kind === 'error';
  return t.eventType === event;
}

export function survivorPlace(survivor: Survivor, graph: FlowGraph): SurvivorPlace {
  const target = survivor.target;
  const transitions = allTransitions(graph);
  switch (target.kind) {
    case 'state': {
      const id = [graph.machineId, ...target.path].join('.');
      if (!graph.states.some((s) => s.id === id)) return { states: [], transitions: [] };
      if (target.event === undefined) return { states: [id], transitions: [] };
      const event = target.event;
      return {
        states: [],
        transitions: transitions.filter((t) => t.source === id && transitionMatches(t, event)),
      };
    }
    case 'guard':
      // A guard used inside `and`/`or`/`not`, or inside another named guard, changes those arrows too.
      return {
        states: [],
        transitions: transitions.filter((t) => (t.guardNames ?? []).includes(target.name)),
      };
    case 'action':
      return {
        states: graph.states
          .filter((s) => s.entry.includes(target.name) || s.exit.includes(target.name))
          .map((s) => s.id),
        transitions: transitions.filter((t) => t.actions.includes(target.name)),
      };
    case 'delay':
      return {
        states: [],
        transitions: transitions.filter((t) => t.kind === 'after' && t.trigger === target.name),
      };
    case 'actor':
      return {
        states: [],
        transitions: transitions.filter(
          (t) => (t.kind === 'done' || t.kind === 'error') && t.trigger === target.name,
        ),
      };
    default:
      return { states: [], transitions: [] };
  }
}

/** What part of the code a survivor changes, in Spanish (the identifier follows for developers). */
export function targetWords(survivor: Survivor): string {
  const target = survivor.target;
  switch (target.kind) {
    case 'guard':
      return 'la condición';
    case 'action':
      return 'la acción';
    case 'delay':
      return 'la espera';
    case 'actor':
      return 'el servicio';
    case 'state':
      return target.event === undefined ? 'el estado' : 'la transición';
    case 'rule':
      return 'la regla';
    default:
      return 'el módulo';
  }
}

/** The identifier a survivor's target is known by in the code, when it has one. */
export function targetName(survivor: Survivor): string | undefined {
  const target = survivor.target;
  if (target.kind === 'state') return target.event;
  return 'name' in target ? target.name : undefined;
}
