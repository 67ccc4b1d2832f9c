/**
 * What the simulation offers in its current state, decided by the machine itself: the sample
 * events (the model tests' own, the site's samples) that an active state handles, each accepted
 * (and whether it leads to a failure) or refused with the guards that do not hold; the answers of
 * each pending call that the machine handles (an error nobody handles would stop the machine, so
 * it is not offered), with the real answer where the explorer computes one (./answers.ts).
 */
import type { EventObject } from 'xstate';
import {
  activeStateNodes,
  eventVerdict,
  fallbackGuards,
  nextSnapshot,
  type AnySnapshot,
  type MachineModel,
} from '../../kit';
import { pretty } from '../format';
import type { FallbackTaken, PendingCall, Simulation, Verdict } from './simulation';
import { doneActorEvent, errorActorEvent, isXStateEvent } from '../../kit/conventions';

export interface EventOffer {
  event: EventObject;
  verdict: Verdict;
}

export interface OutcomeOffer {
  kind: 'done' | 'error';
  /** The output of a done answer. */
  output?: unknown;
  /** The message of an error answer. */
  message?: string;
  /** Computed by the real code from the call's input (./answers.ts), not a fixed sample. */
  real?: boolean;
  verdict: Verdict;
}

export interface CallOffer {
  call: PendingCall;
  /** Empty when the machine handles no answer (the call runs as long as its state does). */
  outcomes: OutcomeOffer[];
}

export const SIMULATED_ERROR = 'Error simulado';

function uniqueByJson<T>(items: readonly T[]): T[] {
  const seen = new Set<string>();
  return items.filter((item) => {
    const key = pretty(item, 0);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Without a model: every event type the active states handle, without payload. */
function bareEvents(simulation: Simulation): EventObject[] {
  const types = new Set<string>();
  for (const node of activeStateNodes(simulation.snapshot)) {
    for (const type of node.transitions.keys()) if (!isXStateEvent(type)) types.add(type);
  }
  return [...types].sort().map((type) => ({ type }));
}

export function samplesFor(simulation: Simulation, model: MachineModel | undefined): EventObject[] {
  if (simulation.snapshot.status !== 'active') return [];
  return model ? model.samples(simulation.snapshot) : bareEvents(simulation);
}

/**
 * The sample events an active state handles, accepted ones first, each with the machine's verdict.
 * Events no active state handles are left out: they say nothing about this state.
 */
export function eventOffers(simulation: Simulation, model: MachineModel | undefined): EventOffer[] {
  const offers = uniqueByJson(samplesFor(simulation, model).filter((e) => !isXStateEvent(e.type)))
    .map((event) => ({ event, verdict: simulation.verdict(event) }))
    .filter(({ verdict }) => verdict.accepted || verdict.why !== 'unhandled');
  return [...offers.filter((o) => o.verdict.accepted), ...offers.filter((o) => !o.verdict.accepted)];
}

function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (typeof error === 'string') return error;
  return SIMULATED_ERROR;
}

/**
 * The answers of a pending call the machine handles: the real answer when there is one (else the
 * samples' outputs, or a bare answer), and the samples' first error message (or a generic one).
 */
export function callOffer(
  simulation: Simulation,
  model: MachineModel | undefined,
  call: PendingCall,
  real?: { output: unknown },
): CallOffer {
  const handled = simulation.handledOutcomes(call.id);
  const samples = samplesFor(simulation, model);
  const outcomes: OutcomeOffer[] = [];
  if (handled.done) {
    const outputs = real
      ? [real.output]
      : uniqueByJson(
          samples
            .filter((e) => e.type === doneActorEvent(call.id))
            .map((e) => (e as EventObject & { output?: unknown }).output),
        );
    for (const output of outputs.length > 0 ? outputs : [undefined]) {
      outcomes.push({
        kind: 'done',
        output,
        ...(real ? { real: true } : {}),
        verdict: simulation.verdict({ type: doneActorEvent(call.id), output } as EventObject),
      });
    }
  }
  if (handled.error) {
    const sample = samples.find((e) => e.type === errorActorEvent(call.id)) as
      (EventObject & { error?: unknown }) | undefined;
    const message = sample ? errorMessage(sample.error) : SIMULATED_ERROR;
    outcomes.push({
      kind: 'error',
      message,
      verdict: simulation.verdict({
        type: errorActorEvent(call.id),
        error: new Error(message),
      } as EventObject),
    });
  }
  return { call, outcomes };
}

/**
 * A way forward beside a refusal: a sample event the machine accepts now, whose value passes the
 * rule that said no (no guard of it fails on the way), with what it corrects.
 */
export interface Correction {
  event: EventObject;
  /**
   * What it corrects, field by field with the new value: the event's own fields that differ from
   * the refused one (for an event that names the field it sets, `{ field, value }`, that field),
   * or the fields of the context it changes.
   */
  fields: Record<string, unknown>;
  verdict: Extract<Verdict, { accepted: true }>;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Error);
}

const same = (a: unknown, b: unknown) => pretty(a, 0) === pretty(b, 0);

/** The event's fields (without its type). */
function payload(event: EventObject): Record<string, unknown> {
  const { type: _type, ...fields } = event as EventObject & Record<string, unknown>;
  return fields;
}

/** What an event of the same type changes against the refused one. */
function changedFields(refused: EventObject, event: EventObject): Record<string, unknown> {
  const before = payload(refused);
  const after = payload(event);
  // An event that names the field it sets: the correction is that field's new value.
  if (typeof after.field === 'string' && 'value' in after && same(before.field, after.field))
    return same(before.value, after.value) ? {} : { [after.field]: after.value };
  return Object.fromEntries(Object.entries(after).filter(([k, v]) => !same(before[k], v)));
}

/** The context fields an event changes, with their new values, computed without running anything. */
function changedContext(snapshot: AnySnapshot, next: AnySnapshot | undefined): Record<string, unknown> {
  const before = snapshot.context as unknown;
  const after = next?.context as unknown;
  if (!isRecord(before) || !isRecord(after)) return {};
  return Object.fromEntries(Object.entries(after).filter(([k, v]) => !same(before[k], v)));
}

/** The samples the machine accepts now without a guard failing on the way, nor leading to a failure. */
function passing(simulation: Simulation, model: MachineModel | undefined) {
  const snapshot = simulation.snapshot;
  return uniqueByJson(samplesFor(simulation, model).filter((e) => !isXStateEvent(e.type)))
    .map((event) => ({ event, verdict: simulation.verdict(event) }))
    .filter(
      (o): o is { event: EventObject; verdict: Extract<Verdict, { accepted: true }> } =>
        o.verdict.accepted && !o.verdict.toFailure && fallbackGuards(snapshot, o.event).length === 0,
    );
}

/**
 * The corrections of an event the machine refuses now because guards do not hold: the samples of
 * the same type it accepts (the rule looked at the event's value); when there is none, the samples
 * that change the context so that the refused event is accepted next (the rule looked at the
 * context's value). Nothing for an event refused for another reason.
 */
export function correctionsFor(
  simulation: Simulation,
  model: MachineModel | undefined,
  refused: EventObject,
): Correction[] {
  const verdict = simulation.verdict(refused);
  if (verdict.accepted || verdict.why !== 'guards') return [];
  const candidates = passing(simulation, model).filter((o) => !same(o.event, refused));
  const sameType = candidates
    .filter((o) => o.event.type === refused.type)
    .map((o) => ({ ...o, fields: changedFields(refused, o.event) }))
    .filter((c) => Object.keys(c.fields).length > 0);
  if (sameType.length > 0) return sameType;
  const snapshot = simulation.snapshot;
  return candidates
    .map((o) => ({ ...o, next: nextSnapshot(snapshot, o.event) }))
    .filter(({ next }) => next !== undefined && accepts(next, refused))
    .map(({ event, verdict: v, next }) => ({
      event,
      verdict: v,
      fields: deciding(snapshot, next as AnySnapshot, refused),
    }))
    .filter((c) => Object.keys(c.fields).length > 0);
}

function accepts(snapshot: AnySnapshot, event: EventObject): boolean {
  return snapshot.status === 'active' && eventVerdict(snapshot, event).accepted;
}

/**
 * The context fields an event changes that decide the refused event: those that, put back alone,
 * make the machine refuse it again (all the changed ones when none does alone).
 */
function deciding(snapshot: AnySnapshot, next: AnySnapshot, refused: EventObject): Record<string, unknown> {
  const changed = changedContext(snapshot, next);
  const before = snapshot.context as Record<string, unknown>;
  const decisive = Object.keys(changed).filter(
    (k) => !accepts({ ...next, context: { ...(next.context as object), [k]: before[k] } }, refused),
  );
  return decisive.length > 0 ? Object.fromEntries(decisive.map((k) => [k, changed[k]])) : changed;
}

/** The last step went the other way because a rule said no to its value, and the ways forward. */
export interface FallbackOffer {
  fallback: FallbackTaken;
  /** The fields of the context the value names, with its message for each (a validation's answer). */
  messages: Record<string, string>;
  corrections: Correction[];
}

/**
 * When the last step's event was taken by an "otherwise" (./simulation.ts, lastFallback): the
 * samples of its type the machine accepts now and that pass the rule; and, when the refused value
 * is a message for each of some fields of the context (a validation's answer), the samples that
 * give one of those fields another value. Undefined when there is no way forward to offer.
 */
export function fallbackOffer(
  simulation: Simulation,
  model: MachineModel | undefined,
): FallbackOffer | undefined {
  const fallback = simulation.lastFallback();
  if (!fallback) return undefined;
  const snapshot = simulation.snapshot;
  const candidates = passing(simulation, model).filter((o) => !same(o.event, fallback.event));
  const corrections: Correction[] = candidates
    .filter((o) => o.event.type === fallback.event.type)
    .map((o) => ({ ...o, fields: changedFields(fallback.event, o.event) }))
    .filter((c) => Object.keys(c.fields).length > 0);
  const context = snapshot.context as unknown;
  const value = fallback.value;
  const messages: Record<string, string> = {};
  if (
    isRecord(context) &&
    isRecord(value) &&
    Object.keys(value).length > 0 &&
    Object.entries(value).every(([k, v]) => k in context && typeof v === 'string')
  ) {
    Object.assign(messages, value);
    for (const o of candidates) {
      if (corrections.some((c) => same(c.event, o.event))) continue;
      const changed = changedContext(snapshot, nextSnapshot(snapshot, o.event));
      const fields = Object.fromEntries(Object.entries(changed).filter(([k]) => k in messages));
      if (Object.keys(fields).length > 0) corrections.push({ ...o, fields });
    }
  }
  return corrections.length > 0 ? { fallback, messages, corrections } : undefined;
}
