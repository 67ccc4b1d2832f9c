/**
 * Own values for an event's fields: any event the current state handles, with the fields typed by
 * the person (the samples' values as a start), checked by the machine before it is sent. A refused
 * combination says why, like a refused sample, with the samples that get past the rule beside it.
 */
import { useId, useState } from 'react';
import type { EventObject } from 'xstate';
import type { FlowEntry } from './flows';
import { Ident, NoteText, eventFields, noteOf } from './meaning';
import type { DataNote } from '../catalogue';
import { contextNote, dataMeaning, eventFieldNote, knownValues } from '../words';
import type { MachineModel } from '../kit';
import { correctionsFor, type EventOffer } from './sim/offers';
import type { Simulation } from './sim/simulation';
import type { Step } from './sim/steps';
import { Corrections, FailureMark, Refusal, leadsClass } from './verdict-text';

type FieldKind = 'text' | 'number' | 'boolean' | 'json';

interface FieldSpec {
  name: string;
  /** What the field means, from the flow's notes. */
  meaning?: string;
  /** The values the notes know (identifier, meaning): the field is a choice among them. */
  choices?: [string, string][];
  kind: FieldKind;
  /** Values the samples use, offered as suggestions. */
  suggestions: string[];
}

function kindOf(value: unknown): FieldKind {
  if (typeof value === 'string') return 'text';
  if (typeof value === 'number') return 'number';
  if (typeof value === 'boolean') return 'boolean';
  return 'json';
}

function textOf(kind: FieldKind, value: unknown): string {
  if (kind === 'text') return String(value);
  if (kind === 'number') return String(value);
  if (kind === 'boolean') return value === true ? 'true' : 'false';
  return JSON.stringify(value) ?? 'null';
}

/** A field's label: its meaning, capitalized, or its name when the notes give none. */
function capitalized(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The name of a field in a message: its meaning, or its name. */
function fieldWords(f: Pick<FieldSpec, 'name' | 'meaning'>): string {
  return f.meaning ?? f.name;
}

/** The field's label, meaning first, the identifier after it. */
function FieldLabel({ f }: { f: Pick<FieldSpec, 'name' | 'meaning'> }) {
  return f.meaning ? (
    <>
      {capitalized(f.meaning)} <Ident className="secondary">{f.name}</Ident>
    </>
  ) : (
    <Ident>{f.name}</Ident>
  );
}

/** What the notes say of a field: its meaning and, for identifiers, the values to choose from. */
function described(note: DataNote | undefined, kind: FieldKind): Pick<FieldSpec, 'meaning' | 'choices'> {
  const choices = kind === 'text' ? knownValues(note) : [];
  return { meaning: dataMeaning(note), ...(choices.length > 0 ? { choices } : {}) };
}

/** The fields of an event type as the samples give them (the first sample's types). */
function fieldsOf(entry: FlowEntry, samples: readonly EventObject[]): FieldSpec[] {
  const first = samples[0];
  if (!first) return [];
  return Object.entries(eventFields(first)).map(([name, value]) => {
    const kind = kindOf(value);
    const suggestions = [
      ...new Set(
        samples
          .map((s) => eventFields(s)[name])
          .filter((v) => kindOf(v) === kind)
          .map((v) => textOf(kind, v)),
      ),
    ];
    return { name, kind, suggestions, ...described(eventFieldNote(entry.notes, first.type, name), kind) };
  });
}

/** The event built from the typed texts, or the field that cannot be read. */
function buildEvent(
  type: string,
  fields: readonly FieldSpec[],
  texts: Record<string, string>,
): { event: EventObject } | { error: string } {
  const event: Record<string, unknown> = { type };
  for (const f of fields) {
    const text = texts[f.name] ?? '';
    if (f.kind === 'text') event[f.name] = text;
    else if (f.kind === 'boolean') event[f.name] = text === 'true';
    else if (f.kind === 'number') {
      const n = Number(text);
      if (text.trim() === '' || !Number.isFinite(n)) return { error: `«${fieldWords(f)}» no es un número` };
      event[f.name] = n;
    } else {
      try {
        event[f.name] = JSON.parse(text) as unknown;
      } catch {
        return { error: `«${fieldWords(f)}» no es JSON válido` };
      }
    }
  }
  return { event: event as EventObject };
}

/**
 * A field whose values are identifiers the notes know (a contact field, a country, a category): a
 * choice by their meanings; the samples' values the notes do not know (one a rule refuses) are on
 * the list too, as the text they are.
 */
function ChoiceSelect({
  id,
  f,
  value,
  onChange,
}: {
  id: string;
  f: FieldSpec;
  value: string;
  onChange: (value: string) => void;
}) {
  const choices = f.choices ?? [];
  const known = new Set(choices.map(([v]) => v));
  const others = [...new Set([...f.suggestions, value])].filter((v) => !known.has(v));
  return (
    <>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)}>
        {choices.map(([v, meaning]) => (
          <option key={v} value={v}>
            {capitalized(meaning)}
          </option>
        ))}
        {others.map((v) => (
          <option key={v} value={v}>
            {v === '' ? '(vacío)' : `«${v}», fuera de la lista`}
          </option>
        ))}
      </select>{' '}
      <Ident className="secondary">{value}</Ident>
    </>
  );
}

interface Props {
  entry: FlowEntry;
  simulation: Simulation;
  model: MachineModel | undefined;
  offers: readonly EventOffer[];
  busy: boolean;
  onStep: (step: Step) => void;
}

export function OwnValues({ entry, simulation, model, offers, busy, onStep }: Props) {
  const uid = useId();
  const byType = new Map<string, EventObject[]>();
  for (const { event } of offers)
    if (Object.keys(eventFields(event)).length > 0)
      byType.set(event.type, [...(byType.get(event.type) ?? []), event]);
  const types = [...byType.keys()];
  const [chosen, setChosen] = useState<string | undefined>(undefined);
  const [texts, setTexts] = useState<Record<string, Record<string, string>>>({});
  if (types.length === 0) return null;

  const type = chosen !== undefined && byType.has(chosen) ? chosen : (types[0] as string);
  const samples = byType.get(type) ?? [];
  const fields = fieldsOf(entry, samples);
  const first = samples[0] ? eventFields(samples[0]) : {};
  const current: Record<string, string> = Object.fromEntries(
    fields.map((f) => [f.name, texts[type]?.[f.name] ?? textOf(f.kind, first[f.name])]),
  );
  const built = buildEvent(type, fields, current);
  const verdict = 'event' in built ? simulation.verdict(built.event) : undefined;
  const set = (name: string, value: string) =>
    setTexts((all) => ({ ...all, [type]: { ...current, [name]: value } }));
  const reasonId = `${uid}-reason`;

  return (
    <details className="own-values">
      <summary>Probar con tus propios valores</summary>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if ('event' in built && verdict?.accepted) onStep({ kind: 'event', event: built.event });
        }}
      >
        <p className="field">
          <label htmlFor={`${uid}-type`}>Evento</label>
          <select id={`${uid}-type`} value={type} onChange={(e) => setChosen(e.target.value)}>
            {types.map((t) => {
              const note = noteOf(entry, 'events', t)?.replace(/`/g, '');
              return note ? (
                <option key={t} value={t}>
                  {note.length > 70 ? `${note.slice(0, 70)}…` : note}
                </option>
              ) : (
                <option key={t} value={t} lang="en">
                  {t}
                </option>
              );
            })}
          </select>{' '}
          <Ident className="secondary">{type}</Ident>
        </p>
        {noteOf(entry, 'events', type) ? (
          <p className="small muted">
            <NoteText text={noteOf(entry, 'events', type) ?? ''} />
          </p>
        ) : null}
        {fields.map((f) => {
          const id = `${uid}-${f.name}`;
          const listId = `${id}-list`;
          return (
            <p key={f.name} className="field own-field">
              {f.kind === 'boolean' ? (
                <label className="check">
                  <input
                    type="checkbox"
                    checked={current[f.name] === 'true'}
                    onChange={(e) => set(f.name, e.target.checked ? 'true' : 'false')}
                  />{' '}
                  <FieldLabel f={f} />
                </label>
              ) : f.choices ? (
                <>
                  <label htmlFor={id}>
                    <FieldLabel f={f} />
                  </label>
                  <ChoiceSelect
                    id={id}
                    f={f}
                    value={current[f.name] ?? ''}
                    onChange={(v) => set(f.name, v)}
                  />
                </>
              ) : (
                <>
                  <label htmlFor={id}>
                    <FieldLabel f={f} />
                    {f.kind === 'json' ? ' (JSON)' : f.kind === 'number' ? ' (número)' : ''}
                  </label>
                  <input
                    id={id}
                    type="text"
                    value={current[f.name] ?? ''}
                    list={f.suggestions.length > 1 ? listId : undefined}
                    autoComplete="off"
                    spellCheck={false}
                    onChange={(e) => set(f.name, e.target.value)}
                  />
                  {f.suggestions.length > 1 ? (
                    <datalist id={listId}>
                      {f.suggestions.map((s) => (
                        <option key={s} value={s} />
                      ))}
                    </datalist>
                  ) : null}
                </>
              )}
            </p>
          );
        })}
        <p className="small" id={reasonId} aria-live="polite">
          {'error' in built ? (
            <span className="refusal">{built.error}.</span>
          ) : verdict && !verdict.accepted ? (
            <Refusal entry={entry} verdict={verdict} />
          ) : verdict?.accepted ? (
            <>
              La máquina lo acepta
              {verdict.toFailure ? ' y lleva a un estado de falla' : ''}.
            </>
          ) : null}
        </p>
        {'event' in built && verdict && !verdict.accepted ? (
          <p className="buttons-row">
            <Corrections
              entry={entry}
              corrections={correctionsFor(simulation, model, built.event)}
              busy={busy}
              onStep={onStep}
            />
          </p>
        ) : null}
        <button
          type="submit"
          className={verdict ? leadsClass(verdict) : ''}
          disabled={busy || !verdict?.accepted}
          aria-describedby={reasonId}
        >
          Enviar con estos valores {verdict ? <FailureMark verdict={verdict} /> : null}
        </button>
      </form>
    </details>
  );
}

/**
 * Other values for the machine's context, to try a situation the steps would take long to reach
 * (a country, a promotion mode, a count of failures): the machine restarts in the same states with
 * them (`Simulator.replaceContext`). Not while a delay is pending, which a restart would lose.
 */
export function ContextValues({ entry, simulation, busy, onStep }: Omit<Props, 'model' | 'offers'>) {
  const uid = useId();
  const [chosen, setChosen] = useState<string | undefined>(undefined);
  const [texts, setTexts] = useState<Record<string, string>>({});
  const context = simulation.snapshot.context as Record<string, unknown> | undefined;
  const names = typeof context === 'object' && context !== null ? Object.keys(context) : [];
  if (!context || names.length === 0) return null;
  const name = chosen !== undefined && names.includes(chosen) ? chosen : (names[0] as string);
  const value = context[name];
  const kind: FieldKind = value === null || value === undefined ? 'json' : kindOf(value);
  const text = texts[name] ?? textOf(kind, value);
  const spec: FieldSpec = { name, kind, suggestions: [], ...described(contextNote(entry.notes, name), kind) };
  const built = buildEvent('contexto', [{ name, kind, suggestions: [] }], { [name]: text });
  const next = 'event' in built ? (built.event as unknown as Record<string, unknown>)[name] : undefined;
  const unchanged = 'event' in built && JSON.stringify(next) === JSON.stringify(value);
  const delay = simulation.pendingDelays()[0];
  const reasonId = `${uid}-reason`;
  return (
    <details className="own-values">
      <summary>Cambiar datos del contexto</summary>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if ('event' in built && !delay && !unchanged)
            onStep({ kind: 'context', context: { [name]: next } });
        }}
      >
        <p className="small muted">
          Fuera del flujo: la máquina nunca cambia sus datos así. Sirve para probar una situación: la máquina
          sigue en los mismos estados con el dato nuevo, y lo que haga de inmediato con él se aplica.
        </p>
        <p className="field">
          <label htmlFor={`${uid}-name`}>Dato</label>
          <select id={`${uid}-name`} value={name} onChange={(e) => setChosen(e.target.value)}>
            {names.map((n) => {
              const meaning = dataMeaning(contextNote(entry.notes, n));
              return meaning ? (
                <option key={n} value={n}>
                  {capitalized(meaning)}
                </option>
              ) : (
                <option key={n} value={n} lang="en">
                  {n}
                </option>
              );
            })}
          </select>{' '}
          <Ident className="secondary">{name}</Ident>
        </p>
        <p className="field own-field">
          {kind === 'boolean' ? (
            <label className="check">
              <input
                type="checkbox"
                checked={text === 'true'}
                onChange={(e) => setTexts((t) => ({ ...t, [name]: e.target.checked ? 'true' : 'false' }))}
              />{' '}
              Valor
            </label>
          ) : spec.choices ? (
            <>
              <label htmlFor={`${uid}-value`}>Valor</label>
              <ChoiceSelect
                id={`${uid}-value`}
                f={spec}
                value={text}
                onChange={(v) => setTexts((t) => ({ ...t, [name]: v }))}
              />
            </>
          ) : (
            <>
              <label htmlFor={`${uid}-value`}>
                Valor
                {kind === 'json' ? (
                  <>
                    {' '}
                    (en JSON: <Ident>null</Ident>, <Ident>"texto"</Ident>, <Ident>3</Ident>,{' '}
                    <Ident>true</Ident>…)
                  </>
                ) : kind === 'number' ? (
                  ' (número)'
                ) : (
                  ''
                )}
              </label>
              <input
                id={`${uid}-value`}
                type="text"
                value={text}
                autoComplete="off"
                spellCheck={false}
                onChange={(e) => setTexts((t) => ({ ...t, [name]: e.target.value }))}
              />
            </>
          )}
        </p>
        <p className="small" id={reasonId} aria-live="polite">
          {'error' in built ? (
            <span className="refusal">
              El valor no se puede leer: {built.error.replace(/^«[^»]*» /, '')}.
            </span>
          ) : delay ? (
            <span className="refusal">
              Hay una espera pendiente (<Ident>{delay.delay}</Ident>): el contexto se puede cambiar cuando
              ninguna espera está en curso.
            </span>
          ) : null}
        </p>
        <button
          type="submit"
          disabled={busy || 'error' in built || delay !== undefined || unchanged}
          aria-describedby={reasonId}
        >
          Cambiar el dato
        </button>
      </form>
    </details>
  );
}
