/**
 * What the machine would do with an event, in words: why it refuses it, or that it leads to a
 * failure; and beside a refusal, the ready-made corrections that get past it (./sim/offers.ts).
 */
import { Fragment } from 'react';
import { guardClause, guardCode, transitionGuards } from '../kit/guard-tree';
import type { FlowEntry } from './flows';
import { pretty } from './format';
import { Datum, Ident, NoteText, noteOf } from './meaning';
import { contextNote, dataMeaning, eventFieldNote, withArticle } from '../words';
import type { Correction } from './sim/offers';
import type { FallbackTaken, Verdict } from './sim/simulation';
import type { Step } from './sim/steps';

type Refused = Exclude<Verdict, { accepted: true }>;

/**
 * A refused guard's meaning: a named guard's note, or a guard made of others (`and(isA, isB)`, as
 * the verdict names it) in words from their notes.
 */
export function guardMeaning(entry: FlowEntry, guard: string): string | undefined {
  const note = noteOf(entry, 'guards', guard);
  if (note) return note;
  const tree = transitionGuards(entry.machine).find((g) => guardCode(g.tree) === guard)?.tree;
  return tree && tree.kind !== 'named' ? guardClause(tree, entry.notes.guards) : undefined;
}

/** The guard's meaning (the catalogue's note) with its name; the name alone when it has no note. */
function GuardText({ entry, guard }: { entry: FlowEntry; guard: string }) {
  const note = guardMeaning(entry, guard);
  return (
    <>
      {note ? (
        <>
          «<NoteText text={note} />»{' '}
        </>
      ) : null}
      <Ident className="secondary">{guard}</Ident>
    </>
  );
}

/** Why the machine refuses an event now, meaning first. */
export function Refusal({ entry, verdict, id }: { entry: FlowEntry; verdict: Refused; id?: string }) {
  let text;
  switch (verdict.why) {
    case 'unhandled':
      text = <>Este estado no espera este evento.</>;
      break;
    case 'ignored':
      text = <>Este estado lo ignora a propósito.</>;
      break;
    case 'threw':
      text = <>Una condición falló con un error: «{verdict.message}».</>;
      break;
    case 'guards':
      text =
        verdict.guards.length === 1 && verdict.guards[0] !== undefined ? (
          <>
            No se acepta ahora porque no se cumple: <GuardText entry={entry} guard={verdict.guards[0]} />
          </>
        ) : (
          <>
            No se acepta ahora porque no se cumple ninguna de estas condiciones:{' '}
            <GuardList entry={entry} guards={verdict.guards} />
          </>
        );
      break;
  }
  return (
    <span className="refusal" id={id}>
      {text}
    </span>
  );
}

/** A short mark for what leads to a failure state (the colour alone would not say it). */
export function FailureMark({ verdict }: { verdict: Verdict }) {
  return verdict.accepted && verdict.toFailure ? (
    <span className="failure-mark">lleva a una falla</span>
  ) : null;
}

/** The class of a button by where it leads. */
export function leadsClass(verdict: Verdict): string {
  return verdict.accepted && verdict.toFailure ? 'to-failure' : '';
}

/** Guards by their meaning, joined: «a» `a`; «b» `b`. */
function GuardList({ entry, guards }: { entry: FlowEntry; guards: readonly string[] }) {
  return (
    <>
      {guards.map((g, i) => (
        <span key={g}>
          {i > 0 ? '; ' : ''}
          <GuardText entry={entry} guard={g} />
        </span>
      ))}
    </>
  );
}

/** Why the last step went the other way: the rule that said no to its value, and its messages. */
export function FallbackRefusal({
  entry,
  fallback,
  messages,
  id,
}: {
  entry: FlowEntry;
  fallback: FallbackTaken;
  messages: Readonly<Record<string, string>>;
  id?: string;
}) {
  const entries = Object.entries(messages);
  return (
    <span className="refusal" id={id}>
      El último paso no pasó la regla y la máquina siguió por otro camino: no se cumple{' '}
      <GuardList entry={entry} guards={fallback.guards} />
      {entries.length > 0 ? (
        <>
          {' '}
          (
          {entries.map(([field, message], i) => (
            <Fragment key={field}>
              {i > 0 ? '; ' : ''}
              <FieldInSentence entry={entry} type={fallback.event.type} field={field} />:{' '}
              <span className="payload">«{message}»</span>
            </Fragment>
          ))}
          )
        </>
      ) : null}
      .
    </span>
  );
}

/**
 * What a correction or a message names: a field of the event's data, or of the context, by its
 * meaning in the flow's notes.
 */
function correctedNote(entry: FlowEntry, type: string, field: string) {
  return eventFieldNote(entry.notes, type, field) ?? contextNote(entry.notes, field);
}

/** A field a sentence names, with its article, its identifier after it ('el e-mail `email`'). */
function FieldInSentence({ entry, type, field }: { entry: FlowEntry; type: string; field: string }) {
  const meaning = dataMeaning(correctedNote(entry, type, field));
  return meaning ? (
    <>
      {withArticle(meaning)} <Ident className="secondary">{field}</Ident>
    </>
  ) : (
    <Ident>{field}</Ident>
  );
}

/**
 * The corrections beside a refusal: each sends a sample event the machine accepts now, labelled by
 * what it corrects, meaning first ('Corregir el e-mail `email`: ana@ejemplo.com').
 */
export function Corrections({
  entry,
  corrections,
  busy,
  onStep,
}: {
  entry: FlowEntry;
  corrections: readonly Correction[];
  busy: boolean;
  onStep: (step: Step) => void;
}) {
  if (corrections.length === 0) return null;
  return (
    <span className="corrections">
      {corrections.map((c) => (
        <button
          key={pretty(c.event, 0)}
          type="button"
          className="correction"
          disabled={busy}
          onClick={() => onStep({ kind: 'event', event: c.event })}
        >
          Corregir{' '}
          {Object.entries(c.fields).map(([field, value], i) => (
            <Fragment key={field}>
              {i > 0 ? ', ' : ''}
              <FieldInSentence entry={entry} type={c.event.type} field={field} />:{' '}
              <span className="payload">
                <Datum value={value} note={correctedNote(entry, c.event.type, field)} />
              </span>
            </Fragment>
          ))}{' '}
          <Ident className="secondary">{c.event.type}</Ident>
        </button>
      ))}
    </span>
  );
}
