/**
 * What the visitor did in a simulation, as steps that replay exactly, and their form in a link:
 * `#/<flow>?c=<run>&e=<steps>` with the steps as base64url JSON. Everything read from a link is
 * checked; a bad link gives a Spanish message.
 */
import type { EventObject } from 'xstate';
import { isAfterEvent, isXStateEvent } from '../../kit/conventions';

export type Step =
  /**
   * An event sent to the machine. Checked with `snapshot.can` unless `unchecked`: a model path
   * also sends events the state ignores (the model tests check that nothing changes).
   */
  | { kind: 'event'; event: EventObject; unchecked?: boolean }
  /** A delay fired: the machine's own event for it, `xstate.after.<delay>.<state id>`. */
  | { kind: 'delay'; type: string }
  /** The invoked actor with this id resolved with this output. */
  | { kind: 'done'; id: string; output?: unknown }
  /**
   * The invoked actor with this id rejected with an error with this message, and the fields a
   * machine reads from it when it has them (a failed save's `kind`, `retryAfterSeconds`, `refused`).
   */
  | { kind: 'error'; id: string; message: string; fields?: Record<string, unknown> }
  /**
   * Other values for these fields of the context, typed by a person to try a situation (the
   * machine restarts in the same states with them: `Simulator.replaceContext`).
   */
  | { kind: 'context'; context: Record<string, unknown> };

export const MAX_LINK_LENGTH = 20000;
const MAX_STEPS = 500;

export class LinkError extends Error {}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const NAME = /^[\w.:#-]{1,200}$/;

type Encoded =
  | ['e', EventObject]
  | ['s', EventObject]
  | ['t', string]
  | ['ok', string, unknown?]
  | ['ko', string, string]
  | ['ko', string, string, Record<string, unknown>]
  | ['cx', Record<string, unknown>];

function encodeStep(step: Step): Encoded {
  switch (step.kind) {
    case 'event':
      return [step.unchecked ? 's' : 'e', step.event];
    case 'delay':
      return ['t', step.type];
    case 'done':
      return step.output === undefined ? ['ok', step.id] : ['ok', step.id, step.output];
    case 'error':
      return step.fields === undefined
        ? ['ko', step.id, step.message]
        : ['ko', step.id, step.message, step.fields];
    case 'context':
      return ['cx', step.context];
  }
}

function decodeStep(raw: unknown, index: number): Step {
  const bad = (why: string) => new LinkError(`el paso ${index + 1} ${why}`);
  if (!Array.isArray(raw)) throw bad('no tiene el formato esperado');
  const [tag, a, b, c] = raw as unknown[];
  switch (tag) {
    case 'e':
    case 's':
      if (!isRecord(a) || typeof a.type !== 'string' || !NAME.test(a.type) || isXStateEvent(a.type))
        throw bad('no es un evento válido');
      return tag === 's'
        ? { kind: 'event', event: a as EventObject, unchecked: true }
        : { kind: 'event', event: a as EventObject };
    case 't':
      if (typeof a !== 'string' || !isAfterEvent(a) || a.length > 400) throw bad('no es una espera válida');
      return { kind: 'delay', type: a };
    case 'ok':
      if (typeof a !== 'string' || !NAME.test(a) || raw.length > 3) throw bad('no es una respuesta válida');
      return raw.length === 3 ? { kind: 'done', id: a, output: b } : { kind: 'done', id: a };
    case 'ko':
      if (typeof a !== 'string' || !NAME.test(a) || typeof b !== 'string' || b.length > 500)
        throw bad('no es un error válido');
      if (c !== undefined && !isRecord(c)) throw bad('no es un error válido');
      return c === undefined
        ? { kind: 'error', id: a, message: b }
        : { kind: 'error', id: a, message: b, fields: c };
    case 'cx':
      if (!isRecord(a)) throw bad('no es un cambio del contexto válido');
      return { kind: 'context', context: a };
    default:
      throw bad('es de un tipo desconocido');
  }
}

function toBase64Url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): string {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) throw new LinkError('los pasos no están en base64url');
  const padded = text.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (text.length % 4)) % 4);
  let binary: string;
  try {
    binary = atob(padded);
  } catch {
    throw new LinkError('los pasos no están en base64url');
  }
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
  } catch {
    throw new LinkError('los pasos no son texto UTF-8');
  }
}

export function encodeSteps(steps: readonly Step[]): string {
  return toBase64Url(JSON.stringify(steps.map(encodeStep)));
}

export function decodeSteps(text: string): Step[] {
  if (text.length > MAX_LINK_LENGTH) throw new LinkError('el enlace es demasiado largo');
  let raw: unknown;
  try {
    raw = JSON.parse(fromBase64Url(text));
  } catch (error) {
    if (error instanceof LinkError) throw error;
    throw new LinkError('los pasos no son JSON válido');
  }
  if (!Array.isArray(raw)) throw new LinkError('los pasos no son una lista');
  if (raw.length > MAX_STEPS) throw new LinkError(`tiene más de ${MAX_STEPS} pasos`);
  return raw.map(decodeStep);
}

export interface Route {
  /** The flow's slug; undefined for the index. */
  slug: string | undefined;
  /** The model run whose input the simulation uses; undefined for the catalogue's example input. */
  run: number | undefined;
  steps: Step[];
  /** Why the link's steps were dropped (Spanish), when they were. */
  error: string | undefined;
}

/** Reads `#/<slug>?c=<run>&e=<steps>`; a bad `c` or `e` keeps the flow and reports why. */
export function parseHash(hash: string): Route {
  const text = hash.startsWith('#') ? hash.slice(1) : hash;
  const [pathPart = '', query = ''] = text.split('?', 2);
  const slug = pathPart.replace(/^\/+|\/+$/g, '');
  const route: Route = { slug: slug === '' ? undefined : slug, run: undefined, steps: [], error: undefined };
  const params = new URLSearchParams(query);
  const c = params.get('c');
  if (c !== null) {
    if (!/^\d{1,3}$/.test(c)) return { ...route, error: 'el caso de prueba (c) no es un número' };
    route.run = Number(c);
  }
  const e = params.get('e');
  if (e !== null) {
    try {
      route.steps = decodeSteps(e);
    } catch (error) {
      return {
        ...route,
        run: undefined,
        error: error instanceof LinkError ? error.message : 'no se pudo leer',
      };
    }
  }
  return route;
}

export function formatHash(slug: string, run: number | undefined, steps: readonly Step[]): string {
  const params: string[] = [];
  if (run !== undefined) params.push(`c=${run}`);
  if (steps.length > 0) params.push(`e=${encodeSteps(steps)}`);
  return `#/${slug}${params.length > 0 ? `?${params.join('&')}` : ''}`;
}
