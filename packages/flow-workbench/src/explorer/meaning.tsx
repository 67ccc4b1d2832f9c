/**
 * Meaning first: what the explorer says about a step, an event, an action, an actor or a delay,
 * in the words of the flow catalogue's notes and the machine's descriptions, with the identifier
 * of the code after it as secondary text marked lang="en".
 */
import { Fragment, type ReactNode } from 'react';
import type { EventObject } from 'xstate';
import type { DataNote, NamedKind } from '../catalogue';
import type { FlowEntry } from './flows';
import type { FlowGraph, GraphState } from '../graph/describe';
import { shortStateId } from './link/link';
import type { Step } from './sim/steps';
import { inMachine, parseAfterEvent } from '../kit/conventions';
import {
  answerNote,
  contextNote,
  dataMeaning,
  eventFieldNote,
  fieldNote,
  objectFields,
  valueMeaning,
  withSeconds,
} from '../words';

export type NoteKind = NamedKind;

/** An identifier of the code. */
export function Ident({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <code lang="en" className={className}>
      {children}
    </code>
  );
}

/** A note's text, its `code` spans shown as identifiers, its durations in seconds. */
export function NoteText({ text }: { text: string }) {
  const parts = withSeconds(text).split('`');
  return (
    <>
      {parts.map((part, i) =>
        i % 2 === 1 ? <Ident key={i}>{part}</Ident> : <Fragment key={i}>{part}</Fragment>,
      )}
    </>
  );
}

export function noteOf(entry: FlowEntry, kind: NoteKind, name: string): string | undefined {
  const note = entry.notes[kind][name];
  return note === undefined || note.trim() === '' ? undefined : note;
}

/** A value as text: strings as they are, yes and no, the rest as JSON (errors by their message). */
export function valueText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === undefined) return '(sin definir)';
  if (value === null) return 'vacío';
  if (value === true) return 'sí';
  if (value === false) return 'no';
  if (value instanceof Error) return value.message;
  const text = JSON.stringify(value, (_k, v: unknown) => (v instanceof Error ? v.message : v));
  return text ?? '(sin definir)';
}

/** A value: structured data (a list, an object) as the code writes it, marked as such. */
export function Value({ value }: { value: unknown }) {
  if (typeof value === 'object' && value !== null && !(value instanceof Error))
    return <code lang="en">{valueText(value)}</code>;
  return <>{valueText(value)}</>;
}

/** How a datum's fields are read: the note of each field by its name. */
export type FieldNotes = (name: string) => DataNote | undefined;

const noNotes: FieldNotes = () => undefined;

/** Whether a value says nothing: an empty text, null, an empty list or object. */
export function isEmptyValue(value: unknown): boolean {
  if (value === '' || value === null || value === undefined) return true;
  if (Array.isArray(value)) return value.length === 0;
  const fields = objectFields(value);
  return fields !== undefined && Object.keys(fields).length === 0;
}

/** A datum's name, meaning first and the identifier after it; the identifier alone without a meaning. */
export function DataName({ name, note }: { name: string; note: DataNote | undefined }) {
  const meaning = dataMeaning(note);
  return meaning ? (
    <>
      {meaning} <Ident className="secondary field-name">{name}</Ident>
    </>
  ) : (
    <Ident className="field-name">{name}</Ident>
  );
}

/**
 * A value, with what it means: an identifier the note knows by its meaning ('nombre del negocio',
 * the identifier after it); a list item by item; an object field by field; an empty value as such.
 */
export function Datum({ value, note }: { value: unknown; note?: DataNote }) {
  const known = valueMeaning(note, value);
  if (known !== undefined)
    return (
      <>
        {known} <Ident className="secondary">{valueText(value)}</Ident>
      </>
    );
  if (value === '' || value === null) return <>vacío</>;
  if (Array.isArray(value) && value.every((v) => typeof v !== 'object' || v === null)) {
    if (value.length === 0) return <>ninguno</>;
    return (
      <>
        {value.map((v, i) => (
          <Fragment key={i}>
            {i > 0 ? ', ' : ''}
            <Datum value={v} note={note} />
          </Fragment>
        ))}
      </>
    );
  }
  const fields = objectFields(value);
  if (fields && typeof note === 'object') {
    if (Object.keys(fields).length === 0) return <>ninguno</>;
    return <DataFields value={fields} notes={(name) => fieldNote(note, name)} />;
  }
  return <Value value={value} />;
}

/** The fields of a datum, meaning first: 'nombre del negocio `nombreEmpresa`: Pizzería'. */
export function DataFields({ value, notes = noNotes }: { value: unknown; notes?: FieldNotes }) {
  const fields = objectFields(value);
  if (!fields) return <span className="field-value">{valueText(value)}</span>;
  const entries = Object.entries(fields).filter(([k]) => k !== 'type');
  return (
    <>
      {entries.map(([k, v], i) => (
        <span key={k} className="field-pair">
          {i > 0 ? ', ' : ''}
          <DataName name={k} note={notes(k)} />:{' '}
          <span className="field-value">
            <Datum value={v} note={notes(k)} />
          </span>
        </span>
      ))}
    </>
  );
}

/** The data of an event, each field by its meaning in the flow's notes. */
export function EventData({ entry, event }: { entry: FlowEntry; event: EventObject }) {
  return (
    <DataFields value={eventFields(event)} notes={(name) => eventFieldNote(entry.notes, event.type, name)} />
  );
}

/** Changed fields of the context, each by its meaning in the flow's notes. */
export function ContextData({ entry, value }: { entry: FlowEntry; value: unknown }) {
  return <DataFields value={value} notes={(name) => contextNote(entry.notes, name)} />;
}

/** An invoked actor's answer, by what the flow's notes say it means; an empty answer says so. */
export function AnswerData({ entry, actor, output }: { entry: FlowEntry; actor: string; output: unknown }) {
  const note = answerNote(entry.notes, actor);
  const fields = objectFields(output);
  if (isEmptyValue(output) || (fields && Object.values(fields).every(isEmptyValue))) return <>sin datos</>;
  if (fields) return <DataFields value={fields} notes={(name) => fieldNote(note, name)} />;
  return <Datum value={output} note={note} />;
}

/** The fields of an event, an output or an action's parameters: `field: value`, names as identifiers. */
export function Fields({ value }: { value: unknown }) {
  if (typeof value !== 'object' || value === null || Array.isArray(value) || value instanceof Error) {
    return <span className="field-value">{valueText(value)}</span>;
  }
  const entries = Object.entries(value as Record<string, unknown>).filter(([k]) => k !== 'type');
  return (
    <>
      {entries.map(([k, v], i) => (
        <span key={k} className="field-pair">
          {i > 0 ? ', ' : ''}
          <Ident className="field-name">{k}</Ident>:{' '}
          <span className="field-value">
            <Value value={v} />
          </span>
        </span>
      ))}
    </>
  );
}

export function eventFields(event: EventObject): Record<string, unknown> {
  const { type: _type, ...rest } = event as EventObject & Record<string, unknown>;
  return rest;
}

/** The delay's name and state of a delay step (`xstate.after.<delay>.<state id>`). */
export function delayOf(machineId: string, type: string): { delay: string; state: string } {
  const after = parseAfterEvent(type, inMachine(machineId));
  return after ? { delay: after.delay, state: after.stateId } : { delay: type, state: machineId };
}

/** What a state means: its description, or its name when it has none. */
export function stateMeaning(state: GraphState | undefined, fallback = ''): string {
  return state?.description || state?.key || fallback;
}

/** What a state of the flow's machine means, by its id: its description, or its key. */
function stateNodeMeaning(entry: FlowEntry, id: string): string {
  try {
    const node = entry.machine.getStateNodeById(id);
    return node.description ?? node.key;
  } catch {
    return 'el estado';
  }
}

/** A state by its meaning, with its identifier after it. */
export function StateName({ graph, id }: { graph: FlowGraph; id: string }) {
  const state = graph.states.find((s) => s.id === id);
  return (
    <span className="state-name">
      {stateMeaning(state, id)} <Ident className="secondary">{shortStateId(graph.machineId, id)}</Ident>
    </span>
  );
}

/** One step of a simulation, meaning first. */
export function StepLabel({ step, entry }: { step: Step; entry: FlowEntry }) {
  const machineId = entry.machine.id;
  switch (step.kind) {
    case 'event': {
      const note = noteOf(entry, 'events', step.event.type);
      const fields = eventFields(step.event);
      return (
        <span className="step-label">
          <span className="meaning">
            {note ? <NoteText text={note} /> : 'Evento del visitante o de la página'}
          </span>{' '}
          <Ident className="secondary">{step.event.type}</Ident>
          {Object.keys(fields).length > 0 ? (
            <span className="payload">
              {' '}
              (<EventData entry={entry} event={step.event} />)
            </span>
          ) : null}
        </span>
      );
    }
    case 'delay': {
      const { delay, state } = delayOf(machineId, step.type);
      const note = noteOf(entry, 'delays', delay);
      return (
        <span className="step-label">
          <span className="meaning">
            Pasa la espera
            {note ? (
              <>
                : <NoteText text={note} />
              </>
            ) : (
              ''
            )}
          </span>{' '}
          <Ident className="secondary">{delay}</Ident>
          <span className="payload">
            {' '}
            en {stateNodeMeaning(entry, state)}{' '}
            <Ident className="secondary">{shortStateId(machineId, state)}</Ident>
          </span>
        </span>
      );
    }
    case 'context':
      return (
        <span className="step-label">
          <span className="meaning">Se cambian datos del contexto, fuera del flujo</span>
          <span className="payload">
            {' '}
            (<ContextData entry={entry} value={step.context} />)
          </span>
        </span>
      );
    case 'done':
    case 'error': {
      const note = noteOf(entry, 'actors', step.id);
      return (
        <span className="step-label">
          <span className="meaning">
            {step.kind === 'done' ? 'Responde' : 'Falla'} la llamada
            {note ? (
              <>
                : <NoteText text={note} />
              </>
            ) : (
              ''
            )}
          </span>{' '}
          <Ident className="secondary">{step.id}</Ident>
          {step.kind === 'done' && step.output !== undefined ? (
            <span className="payload">
              {' '}
              (<AnswerData entry={entry} actor={step.id} output={step.output} />)
            </span>
          ) : null}
          {step.kind === 'error' ? <span className="payload"> («{step.message}»)</span> : null}
        </span>
      );
    }
  }
}
