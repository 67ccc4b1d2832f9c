/**
 * The explorer's links, made to be read and kept by a person:
 *
 *   #/lead-wizard?caso=1&pasos=contact.change=(field:nombre,value:Ana);contact.submit;responde:createLead=(id:lead-42)&estado=steps.situation&zoom=80
 *
 * - the flow (`#/<slug>`) and, optionally, the model case whose input the simulation uses (`caso`);
 * - `pasos`: the steps applied, separated by `;`: an event by its name with its fields after `=`
 *   (`~` before it when it comes from a model path and the machine may ignore it),
 *   `espera:<delay>@<state>` for a delay that fired, `responde:<actor>=<output>` and
 *   `falla:<actor>=<message>` for an invoked actor's answer (values as in ./rison.ts),
 *   `contexto:(<field>:<value>,…)` for values of the context a person typed;
 * - `recorrido`: the model path being replayed, in the same form; `pasos=<n>` then says that the
 *   first n of its steps are applied;
 * - `estado` (the selected state), `zoom` (percent) and `plegados` (the collapsed states, left out
 *   when they are those the chart opens with, `plegados=` for none), with state ids written
 *   without the machine id;
 * - `vista=pasos` or `vista=completa`: 'Solo los pasos' or the whole chart of a flow with steps,
 *   when it is not the view the flow opens with;
 * - `cambios=si`: the chart of the flow's change is shown (an explorer built with a base, ../changes);
 *   `cambios=<version>`: the chart of what changed since that version of the flow (one the
 *   explorer's registry of versions keeps, ./versions.ts);
 * - `transicion`: the transition selected on the chart of changes (its key, without the machine id:
 *   `steps.contact.editing contact.submit#0`); the state selected is `estado`;
 * - `nombres=si`: the diagram shows the code's names («Nombres del código»);
 * - `visitas`: the period of the real visitors' counts, `30` (days) or `2026-11-01~2026-11-30`
 *   (the last 7 days when absent);
 * - `version`: the flow's version the link was made from (its behaviour's fingerprint, 8 hex
 *   digits), last; a link without one (made before links said it) opens as it always did.
 *
 * Reading never throws: a step that cannot be read ends the steps there, and the reason says which.
 * Links of the earlier form (`c=` and base64 `e=`) are still read.
 */
import type { EventObject } from 'xstate';
import { LinkError, decodeSteps as decodeLegacySteps, type Step } from '../sim/steps';
import { RisonError, readRison, toRison } from './rison';
import { DEFAULT_PERIOD, periodText, readPeriod, samePeriod, type Period } from '../visits/counts';
import { afterEvent, inMachine, isAfterEvent, isXStateEvent, parseAfterEvent } from '../../kit/conventions';

export const MAX_LINK_LENGTH = 20000;
export const MAX_STEPS = 500;
const MIN_ZOOM = 5;
const MAX_ZOOM = 400;

const EVENT_NAME = /^[A-Za-z_][A-Za-z0-9_.-]*$/;
const ACTOR_ID = /^[A-Za-z_][A-Za-z0-9_.-]*$/;
const STATE_PATH = /^[A-Za-z0-9_$-]+(?:\.[A-Za-z0-9_$-]+)*$/;
/** A flow's version: eight hexadecimal digits. */
const VERSION = /^[0-9a-f]{8}$/;
/** A transition's key: its source state's id, a space, then what triggers it and its index. */
const TRANSITION_KEY = /^[A-Za-z0-9_$.-]+ [^\s]{1,300}$/;
const YES = ['si', 'sí', '1', ''];
const NO = ['no', '0'];

/** Why part of a link was not used: `step` is the index of the first step that could not be read. */
export interface LinkProblem {
  message: string;
  step?: number;
}

export interface LinkState {
  /** The model case whose input the simulation starts from; undefined for the catalogue's example. */
  run: number | undefined;
  steps: Step[];
  /** The model path being replayed, when one is. */
  path: Step[] | undefined;
  /** A full state id. */
  selected: string | undefined;
  /** Percent. */
  zoom: number | undefined;
  /** Full state ids. */
  collapsed: string[];
  /**
   * The collapsed states are those the view opens with: the link leaves them out. Otherwise a
   * link writes them, none included (`plegados=`), when the view opens with some folded.
   */
  collapsedDefault?: boolean | undefined;
  /** 'Solo los pasos' or the whole chart, when it is not the flow's opening view. */
  view?: ChartView | undefined;
  /** The chart of the flow's change is shown. */
  changes?: boolean | undefined;
  /** The chart shown compares with this version of the flow (else with the build's base). */
  changesFrom?: string | undefined;
  /** The transition selected on the chart of changes: its full key. */
  transition?: string | undefined;
  /** The diagram shows the code's names. */
  ids?: boolean | undefined;
  /** The flow's version the link was made from. */
  version?: string | undefined;
  /** The period of the real visitors' counts (undefined: the default, the last 7 days). */
  visits?: Period | undefined;
}

/** The chart's two views of a flow with steps (../../graph/steps.ts), as links write them. */
export type ChartView = 'pasos' | 'completa';
const CHART_VIEWS: readonly ChartView[] = ['pasos', 'completa'];

export interface ReadLink extends LinkState {
  /** The link says which states are collapsed (`plegados`, even empty). */
  collapsedGiven: boolean;
  /** What could not be used, in Spanish (the rest of the link is). */
  problems: LinkProblem[];
}

export const EMPTY_LINK: LinkState = {
  run: undefined,
  steps: [],
  path: undefined,
  selected: undefined,
  zoom: undefined,
  collapsed: [],
};

// ---------------------------------------------------------------------------------------------
// The characters of a link

/** Characters a link keeps as they are; anything else is percent-encoded. */
const KEEP = /[A-Za-z0-9\-._~!'()*,;:@/=]/;

function encodePart(text: string): string {
  let out = '';
  for (const ch of text) out += KEEP.test(ch) ? ch : encodeURIComponent(ch);
  return out;
}

/** The flow's slug and the parameters of a hash (`#/<slug>?a=1&b=2`), decoded. */
export function splitHash(hash: string): { slug: string | undefined; params: Map<string, string> } {
  const text = hash.startsWith('#') ? hash.slice(1) : hash;
  const q = text.indexOf('?');
  const pathPart = q === -1 ? text : text.slice(0, q);
  const query = q === -1 ? '' : text.slice(q + 1);
  let slug: string;
  try {
    slug = decodeURIComponent(pathPart.replace(/^\/+|\/+$/g, ''));
  } catch {
    slug = pathPart.replace(/^\/+|\/+$/g, '');
  }
  const params = new Map<string, string>();
  for (const pair of query.split('&')) {
    if (pair === '') continue;
    const eq = pair.indexOf('=');
    const key = eq === -1 ? pair : pair.slice(0, eq);
    const raw = eq === -1 ? '' : pair.slice(eq + 1);
    let value: string;
    try {
      value = decodeURIComponent(raw);
    } catch {
      value = raw;
    }
    if (!params.has(key)) params.set(key, value);
  }
  return { slug: slug === '' ? undefined : slug, params };
}

/** The flow a hash opens, or undefined for the index. */
export function slugOf(hash: string): string | undefined {
  return splitHash(hash).slug;
}

// ---------------------------------------------------------------------------------------------
// Steps

/** A state id without the machine id (`steps.contact.editing`); the machine's own id stays whole. */
export function shortStateId(machineId: string, id: string): string {
  return id.startsWith(`${machineId}.`) ? id.slice(machineId.length + 1) : id;
}

export function fullStateId(machineId: string, short: string): string {
  return short === machineId || short.startsWith(`${machineId}.`) ? short : `${machineId}.${short}`;
}

/** `xstate.after.<delay>.<state id>` as `<delay>@<short state id>` (no `@` for the machine's root). */
function delayName(machineId: string, type: string): string {
  const after = parseAfterEvent(type, inMachine(machineId));
  if (!after) return type;
  return after.stateId === machineId
    ? after.delay
    : `${after.delay}@${shortStateId(machineId, after.stateId)}`;
}

function delayType(machineId: string, name: string): string {
  if (isAfterEvent(name)) return name;
  const at = name.lastIndexOf('@');
  const delay = at === -1 ? name : name.slice(0, at);
  const state = at === -1 ? machineId : fullStateId(machineId, name.slice(at + 1));
  return afterEvent(delay, state);
}

function payloadOf(event: EventObject): Record<string, unknown> {
  const { type: _type, ...rest } = event as EventObject & Record<string, unknown>;
  return rest;
}

/** One step as link text. */
export function encodeStep(machineId: string, step: Step): string {
  switch (step.kind) {
    case 'event': {
      const payload = payloadOf(step.event);
      const name = EVENT_NAME.test(step.event.type) ? step.event.type : `evento:${toRison(step.event.type)}`;
      const value = Object.values(payload).some((v) => v !== undefined) ? `=${toRison(payload)}` : '';
      return `${step.unchecked ? '~' : ''}${name}${value}`;
    }
    case 'delay':
      return `espera:${toRison(delayName(machineId, step.type))}`;
    case 'done':
      return `responde:${toRison(step.id)}${step.output === undefined ? '' : `=${toRison(step.output)}`}`;
    case 'error':
      return `falla:${toRison(step.id)}=${toRison(step.message)}`;
    case 'context':
      return `contexto:${toRison(step.context)}`;
  }
}

export function encodeSteps(machineId: string, steps: readonly Step[]): string {
  return steps.map((s) => encodeStep(machineId, s)).join(';');
}

/** The steps of link text, up to the first one that cannot be read (then `problem` says why). */
export function decodeSteps(
  machineId: string,
  text: string,
): { steps: Step[]; problem: LinkProblem | undefined } {
  const steps: Step[] = [];
  if (text === '') return { steps, problem: undefined };
  if (text.length > MAX_LINK_LENGTH)
    return { steps, problem: { message: 'los pasos del enlace son demasiado largos', step: 0 } };
  let i = 0;
  for (;;) {
    const index = steps.length;
    if (index >= MAX_STEPS)
      return { steps, problem: { message: `el enlace tiene más de ${MAX_STEPS} pasos`, step: index } };
    try {
      const { step, end } = readStep(machineId, text, i);
      steps.push(step);
      i = end;
    } catch (error) {
      const why =
        error instanceof RisonError || error instanceof StepSyntaxError ? error.message : 'no se pudo leer';
      return { steps, problem: { message: `el paso ${index + 1} no se puede leer: ${why}`, step: index } };
    }
    if (i >= text.length) return { steps, problem: undefined };
    if (text[i] !== ';') {
      return {
        steps,
        problem: {
          message: `el paso ${index + 1} no se puede leer: sobra «${text.slice(i, i + 12)}»`,
          step: index,
        },
      };
    }
    i++;
  }
}

class StepSyntaxError extends Error {}

function readWord(text: string, start: number): { word: string; end: number } {
  const match = /^[A-Za-z0-9_.-]*/.exec(text.slice(start));
  const word = match?.[0] ?? '';
  return { word, end: start + word.length };
}

function readValueAfter(text: string, start: number): { value: unknown; end: number; present: boolean } {
  if (text[start] !== '=') return { value: undefined, end: start, present: false };
  const { value, end } = readRison(text, start + 1);
  return { value, end, present: true };
}

function readStringAt(text: string, start: number, what: string): { value: string; end: number } {
  const { value, end } = readRison(text, start);
  if (typeof value !== 'string' || value === '') throw new StepSyntaxError(`${what} no es un nombre`);
  return { value, end };
}

function readStep(machineId: string, text: string, start: number): { step: Step; end: number } {
  let i = start;
  const unchecked = text[i] === '~';
  if (unchecked) i++;
  const head = readWord(text, i);
  if (text[head.end] === ':' && head.word === 'contexto') {
    if (unchecked) throw new StepSyntaxError('un cambio del contexto no lleva «~»');
    const { value, end } = readRison(text, head.end + 1);
    if (typeof value !== 'object' || value === null || Array.isArray(value))
      throw new StepSyntaxError('el cambio del contexto no son campos');
    return { step: { kind: 'context', context: value as Record<string, unknown> }, end };
  }
  if (text[head.end] === ':' && ['espera', 'responde', 'falla', 'evento'].includes(head.word)) {
    const kind = head.word;
    const name = readStringAt(text, head.end + 1, kind === 'espera' ? 'la espera' : 'el actor');
    if (kind === 'espera') {
      if (unchecked) throw new StepSyntaxError('una espera no lleva «~»');
      return { step: { kind: 'delay', type: delayType(machineId, name.value) }, end: name.end };
    }
    if (kind === 'evento') return eventStep(name.value, text, name.end, unchecked);
    if (unchecked) throw new StepSyntaxError('una respuesta no lleva «~»');
    if (!ACTOR_ID.test(name.value)) throw new StepSyntaxError(`«${name.value}» no es un actor`);
    const after = readValueAfter(text, name.end);
    if (kind === 'responde') {
      return {
        step: after.present
          ? { kind: 'done', id: name.value, output: after.value }
          : { kind: 'done', id: name.value },
        end: after.end,
      };
    }
    if (typeof after.value !== 'string' || after.value.length > 500)
      throw new StepSyntaxError('el error no tiene un mensaje');
    return { step: { kind: 'error', id: name.value, message: after.value }, end: after.end };
  }
  return eventStep(head.word, text, head.end, unchecked);
}

function eventStep(
  type: string,
  text: string,
  start: number,
  unchecked: boolean,
): { step: Step; end: number } {
  if (type === '' || type.length > 200) throw new StepSyntaxError('falta el nombre del evento');
  if (isXStateEvent(type)) throw new StepSyntaxError(`«${type}» no es un evento del visitante`);
  const after = readValueAfter(text, start);
  let event: EventObject = { type };
  if (after.present) {
    if (typeof after.value !== 'object' || after.value === null || Array.isArray(after.value))
      throw new StepSyntaxError(`los datos de «${type}» no son campos`);
    event = { ...(after.value as Record<string, unknown>), type };
  }
  return {
    step: unchecked ? { kind: 'event', event, unchecked: true } : { kind: 'event', event },
    end: after.end,
  };
}

// ---------------------------------------------------------------------------------------------
// The whole link

function sameStep(machineId: string, a: Step, b: Step): boolean {
  return encodeStep(machineId, a) === encodeStep(machineId, b);
}

/** A transition's key without the machine id in its source's (`steps.contact.editing contact.submit#0`). */
export function shortTransitionKey(machineId: string, key: string): string {
  const space = key.indexOf(' ');
  return space === -1 ? key : `${shortStateId(machineId, key.slice(0, space))}${key.slice(space)}`;
}

export function fullTransitionKey(machineId: string, short: string): string {
  const space = short.indexOf(' ');
  return space === -1 ? short : `${fullStateId(machineId, short.slice(0, space))}${short.slice(space)}`;
}

/** Whether text is a flow's version as links write it. */
export function isVersion(text: string): boolean {
  return VERSION.test(text);
}

/** The hash of a flow's page in this state. */
export function formatLink(slug: string, machineId: string, state: Partial<LinkState>): string {
  const params: string[] = [];
  const steps = state.steps ?? [];
  if (state.run !== undefined) params.push(`caso=${state.run}`);
  const path = state.path;
  if (path && path.length > 0) {
    params.push(`recorrido=${encodePart(encodeSteps(machineId, path))}`);
    const prefix =
      steps.length <= path.length && steps.every((s, i) => sameStep(machineId, s, path[i] as Step));
    if (prefix) {
      if (steps.length > 0) params.push(`pasos=${steps.length}`);
    } else params.push(`pasos=${encodePart(encodeSteps(machineId, steps))}`);
  } else if (steps.length > 0) params.push(`pasos=${encodePart(encodeSteps(machineId, steps))}`);
  if (state.selected !== undefined)
    params.push(`estado=${encodePart(shortStateId(machineId, state.selected))}`);
  if (state.zoom !== undefined) params.push(`zoom=${Math.round(state.zoom)}`);
  if (state.view !== undefined) params.push(`vista=${state.view}`);
  if (
    state.collapsed &&
    !state.collapsedDefault &&
    (state.collapsed.length > 0 || state.collapsedDefault === false)
  )
    params.push(`plegados=${state.collapsed.map((id) => encodePart(shortStateId(machineId, id))).join(',')}`);
  if (state.changes) params.push(`cambios=${state.changesFrom ?? 'si'}`);
  if (state.changes && state.transition !== undefined)
    params.push(`transicion=${encodePart(shortTransitionKey(machineId, state.transition))}`);
  if (state.ids) params.push('nombres=si');
  if (state.visits && !samePeriod(state.visits, DEFAULT_PERIOD))
    params.push(`visitas=${encodePart(periodText(state.visits))}`);
  if (state.version !== undefined) params.push(`version=${encodePart(state.version)}`);
  return `#/${slug}${params.length > 0 ? `?${params.join('&')}` : ''}`;
}

/** Everything a flow's link says; what cannot be used is left out and named in `problems`. */
export function readLink(hash: string, machineId: string): ReadLink {
  const { params } = splitHash(hash);
  const out: ReadLink = { ...EMPTY_LINK, collapsed: [], collapsedGiven: false, problems: [] };

  const run = params.get('caso') ?? params.get('c');
  if (run !== undefined) {
    if (/^\d{1,3}$/.test(run)) out.run = Number(run);
    else out.problems.push({ message: `el caso de prueba «${run}» no es un número` });
  }

  const legacy = params.get('e');
  if (legacy !== undefined && !params.has('pasos')) {
    try {
      out.steps = decodeLegacySteps(legacy);
    } catch (error) {
      out.problems.push({
        message: error instanceof LinkError ? error.message : 'los pasos no se pueden leer',
        step: 0,
      });
    }
  }

  const pathText = params.get('recorrido');
  if (pathText !== undefined) {
    const { steps, problem } = decodeSteps(machineId, pathText);
    if (problem) out.problems.push({ message: `El recorrido: ${problem.message}` });
    out.path = steps.length > 0 ? steps : undefined;
  }

  const stepsText = params.get('pasos');
  if (stepsText !== undefined) {
    if (/^\d{1,3}$/.test(stepsText) && out.path) {
      const n = Number(stepsText);
      out.steps = out.path.slice(0, n);
      if (n > out.path.length)
        out.problems.push({
          message: `el enlace pide ${n} pasos del recorrido, que tiene ${out.path.length}`,
          step: out.path.length,
        });
    } else {
      const { steps, problem } = decodeSteps(machineId, stepsText);
      out.steps = steps;
      if (problem) out.problems.push(problem);
    }
  }

  const selected = params.get('estado');
  if (selected !== undefined) {
    if (STATE_PATH.test(selected)) out.selected = fullStateId(machineId, selected);
    else out.problems.push({ message: `«${selected}» no es un estado` });
  }

  const zoom = params.get('zoom');
  if (zoom !== undefined) {
    const n = Number(zoom);
    if (/^\d{1,3}$/.test(zoom) && n >= MIN_ZOOM && n <= MAX_ZOOM) out.zoom = n;
    else
      out.problems.push({ message: `el zoom «${zoom}» no es un porcentaje entre ${MIN_ZOOM} y ${MAX_ZOOM}` });
  }

  const view = params.get('vista');
  if (view !== undefined) {
    const known = CHART_VIEWS.find((v) => v === view);
    if (known) out.view = known;
    else out.problems.push({ message: `«vista=${view}» no es «vista=pasos» ni «vista=completa»` });
  }

  const collapsed = params.get('plegados');
  out.collapsedGiven = collapsed !== undefined;
  if (collapsed !== undefined && collapsed !== '') {
    for (const part of collapsed.split(',')) {
      if (STATE_PATH.test(part)) out.collapsed.push(fullStateId(machineId, part));
      else out.problems.push({ message: `«${part}» no es un estado que se pueda plegar` });
    }
  }

  const changes = params.get('cambios');
  if (changes !== undefined) {
    if (YES.includes(changes)) out.changes = true;
    else if (VERSION.test(changes)) {
      out.changes = true;
      out.changesFrom = changes;
    } else if (!NO.includes(changes))
      out.problems.push({
        message: `«cambios=${changes}» no es «cambios=si», «cambios=no» ni una versión del flujo`,
      });
  }

  const transition = params.get('transicion');
  if (transition !== undefined) {
    if (TRANSITION_KEY.test(transition)) out.transition = fullTransitionKey(machineId, transition);
    else out.problems.push({ message: `«${transition}» no es una transición` });
  }

  const ids = params.get('nombres');
  if (ids !== undefined) {
    if (YES.includes(ids)) out.ids = true;
    else if (!NO.includes(ids))
      out.problems.push({ message: `«nombres=${ids}» no es «nombres=si» ni «nombres=no»` });
  }

  const version = params.get('version');
  if (version !== undefined) {
    if (VERSION.test(version)) out.version = version;
    else
      out.problems.push({
        message: `«version=${version}» no es una versión de un flujo (8 cifras hexadecimales): el enlace se abre sin saber de qué versión es`,
      });
  }

  const visits = params.get('visitas');
  if (visits !== undefined) {
    const period = readPeriod(visits);
    if (period) out.visits = period;
    else
      out.problems.push({
        message: `«visitas=${visits}» no es un período: 7, 30, 90 o dos fechas como 2026-11-01~2026-11-30`,
      });
  }
  return out;
}
