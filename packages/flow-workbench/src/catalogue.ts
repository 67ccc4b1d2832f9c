import type { AnyStateMachine } from 'xstate';
import type { MachineModel } from './kit/types';

/**
 * What a site hands the workbench: its flows (machines with their meaning in plain words), the
 * sample events of each machine, and the actors whose answer the explorer computes with the
 * site's own code. The workbench never imports the site; everything it knows of it comes
 * through a catalogue like this one.
 */

/**
 * What a datum means, for a product owner: a few words ('el valor nuevo'), or those words with the
 * meaning of each value it takes when its values are identifiers (`values`: 'nombreEmpresa' is
 * 'nombre del negocio'; the keys of an object and the items of a list are read the same way) or of
 * each of its own fields (`fields`, for an object).
 */
export type DataNote =
  | string
  | {
      meaning: string;
      values?: Readonly<Record<string, string>>;
      fields?: Readonly<Record<string, DataNote>>;
    };

/** The kinds of named things of a machine that each have a note. */
export type NamedKind = 'events' | 'guards' | 'actions' | 'actors' | 'delays';

/**
 * What each named event, guard, action, actor and delay of a flow means, one line each; and what
 * the data means: each field of an event, of the context and of an invoked actor's answer.
 */
export interface FlowNotes {
  events: Record<string, string>;
  guards: Record<string, string>;
  actions: Record<string, string>;
  actors: Record<string, string>;
  delays: Record<string, string>;
  /** Per event type: what each field of its data means (its `type` aside). */
  fields?: Readonly<Record<string, Readonly<Record<string, DataNote>>>>;
  /** What each field of the machine's context means. */
  context?: Readonly<Record<string, DataNote>>;
  /** Per invoked actor: what its answer means (its fields, or the values it takes). */
  answers?: Readonly<Record<string, DataNote>>;
}

/** One flow: its machine, what it is called and what it does, for the explorer and the docs. */
export interface FlowEntry {
  /** File name of the docs page, <docs>/<slug>.md, and the explorer's address of the flow. */
  slug: string;
  /** The flow's name, with the page it drives in parentheses when it has one: 'Registro (/registro)'. */
  title: string;
  /** What the flow does, in a few sentences. */
  description: string;
  /** The machine's source file, relative to the repository root. */
  source: string;
  machine: AnyStateMachine;
  /** The input the docs use to show the initial context. */
  exampleInput: unknown;
  notes: FlowNotes;
}

/** An invoked actor's answer computed from the call's input, instead of fixed samples. */
export interface RealAnswer {
  /** What the answer is, for the button. */
  label: string;
  answer: (input: unknown) => Promise<unknown>;
}

/** machine id -> actor src -> how to compute its answer. */
export type RealAnswers = Readonly<Record<string, Readonly<Record<string, RealAnswer>>>>;

export interface Catalogue {
  flows: readonly FlowEntry[];
  /** The model runs and sample events of the machines that have them. */
  models: readonly MachineModel[];
  realAnswers?: RealAnswers;
  /**
   * Where the explorer asks for real visitors' counts (same origin, `GET <url>?desde=&hasta=`:
   * per machine id and version, the entries of each state and the times each transition was
   * taken). Without it the explorer shows no real visitors.
   */
  visits?: { url: string };
}

/** Types a site's catalogue module's default export. */
export function defineCatalogue(catalogue: Catalogue): Catalogue {
  return catalogue;
}

/** The model of a machine (matched by its id), or undefined when it has none yet. */
export function modelOf(
  catalogue: Pick<Catalogue, 'models'>,
  machine: AnyStateMachine,
): MachineModel | undefined {
  return catalogue.models.find((m) => m.machine.id === machine.id);
}

const PAGE_IN_TITLE = /\s*\(([^)]+)\)\s*$/;

/** The flow's name: its catalogue title without the page in parentheses. */
export function flowName(entry: Pick<FlowEntry, 'title'>): string {
  return entry.title.replace(PAGE_IN_TITLE, '');
}

/** The page the flow drives, as the catalogue names it (`/registro`), or undefined. */
export function flowPage(entry: FlowEntry): string | undefined {
  const own = (entry as FlowEntry & { page?: unknown }).page;
  if (typeof own === 'string') return own;
  return PAGE_IN_TITLE.exec(entry.title)?.[1];
}
