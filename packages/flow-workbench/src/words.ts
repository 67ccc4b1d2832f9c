/**
 * The words a product owner reads, in one home for the explorer and the docs: durations in seconds,
 * and what each datum of a flow means (the fields of an event, of the context, of an actor's
 * answer), from the catalogue's notes. No React and no xstate at run time: the docs generator and
 * the explorer both read it.
 */
import type { DataNote, FlowNotes } from './catalogue';

/** A duration in ms as a person reads it: `2 s`, `0,5 s`, `12 s`. */
export function secondsText(ms: number): string {
  const seconds = String(Math.round(ms) / 1000).replace('.', ',');
  return `${seconds} s`;
}

/** A list of numbers followed by `ms` (`500 ms`, `1000, 2000 y 4000 ms`). */
const MS_LIST = /\b(\d+(?:(?:, | y | o )\d+)*) ?ms\b/g;

/** The text with every duration in ms written in seconds: `1000, 2000 y 4000 ms` is `1, 2 y 4 s`. */
export function withSeconds(text: string): string {
  return text.replace(MS_LIST, (_match, list: string) => {
    const spoken = list.replace(/\d+/g, (n) => secondsText(Number(n)).slice(0, -2));
    return `${spoken} s`;
  });
}

/** The words a datum's note says (undefined without a note, or with an empty one). */
export function dataMeaning(note: DataNote | undefined): string | undefined {
  const text = typeof note === 'string' ? note : note?.meaning;
  return text === undefined || text.trim() === '' ? undefined : text;
}

/**
 * What one of a datum's values means, when its values are identifiers the note names (a value
 * that is not text by its JSON: `null` for 'Todos').
 */
export function valueMeaning(note: DataNote | undefined, value: unknown): string | undefined {
  if (typeof note !== 'object' || !note.values || value === undefined) return undefined;
  const key = typeof value === 'string' ? value : JSON.stringify(value);
  return Object.hasOwn(note.values, key) ? note.values[key] : undefined;
}

/** The values a datum takes as the note lists them (identifier, meaning), or none. */
export function knownValues(note: DataNote | undefined): [string, string][] {
  return typeof note === 'object' && note.values ? Object.entries(note.values) : [];
}

/**
 * The note of a field inside a datum (an object): its own note in `fields`, or, for an object keyed
 * by identifiers (a message per contact field), the meaning of the key among `values`.
 */
export function fieldNote(note: DataNote | undefined, key: string): DataNote | undefined {
  if (typeof note !== 'object') return undefined;
  if (note.fields && Object.hasOwn(note.fields, key)) return note.fields[key];
  return note.values && Object.hasOwn(note.values, key) ? note.values[key] : undefined;
}

/** The note of a field of an event's data. */
export function eventFieldNote(notes: FlowNotes, type: string, field: string): DataNote | undefined {
  return notes.fields?.[type]?.[field];
}

/** The note of a field of the machine's context. */
export function contextNote(notes: FlowNotes, field: string): DataNote | undefined {
  return notes.context?.[field];
}

/** The note of an invoked actor's answer. */
export function answerNote(notes: FlowNotes, actor: string): DataNote | undefined {
  return notes.answers?.[actor];
}

/** An object's own fields (not a list, not an error), or undefined for any other value. */
export function objectFields(value: unknown): Record<string, unknown> | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value) || value instanceof Error)
    return undefined;
  return value as Record<string, unknown>;
}

/** An event's fields, its `type` aside. */
export function dataOfEvent(event: { type: string }): Record<string, unknown> {
  const { type: _type, ...rest } = event as { type: string } & Record<string, unknown>;
  return rest;
}

/** What the data of a flow look like: the events it takes (with their fields) and its context. */
export interface SeenData {
  events: readonly { type: string }[];
  contexts: readonly unknown[];
}

/**
 * The data names of a flow that have no meaning in its notes: each field of an event's data
 * (`notes.fields.<event>.<field>`) and each field of the context (`notes.context.<field>`), as
 * the lines to add; a context note that names no field of the context, as a line to remove.
 */
export function missingDataNotes(notes: FlowNotes, seen: SeenData): string[] {
  const problems: string[] = [];
  const fieldsByEvent = new Map<string, Set<string>>();
  for (const event of seen.events) {
    if (event.type.startsWith('xstate.')) continue;
    const fields = fieldsByEvent.get(event.type) ?? new Set<string>();
    for (const field of Object.keys(dataOfEvent(event))) fields.add(field);
    fieldsByEvent.set(event.type, fields);
  }
  for (const [type, fields] of fieldsByEvent)
    for (const field of fields)
      if (dataMeaning(eventFieldNote(notes, type, field)) === undefined)
        problems.push(`add notes.fields['${type}'].${field} (field ${field} of ${type} has no meaning)`);
  const contextFields = new Set<string>();
  for (const context of seen.contexts)
    for (const field of Object.keys(objectFields(context) ?? {})) contextFields.add(field);
  for (const field of contextFields)
    if (dataMeaning(contextNote(notes, field)) === undefined)
      problems.push(`add notes.context.${field} (context field ${field} has no meaning)`);
  for (const field of Object.keys(notes.context ?? {}))
    if (!contextFields.has(field))
      problems.push(`remove notes.context.${field} (context note ${field} names nothing)`);
  for (const type of Object.keys(notes.fields ?? {}))
    if (!(type in notes.events))
      problems.push(`remove notes.fields['${type}'] (${type} is no event of the flow)`);
  return problems;
}

const ARTICLES = /^(el|la|los|las|un|una|unos|unas|lo|si|cuántos|cuánto|qué)\s/i;
const MASCULINE_IN_A = new Set(['día', 'mapa', 'problema', 'sistema', 'idioma', 'tema']);

/**
 * A datum's meaning with its article, as a sentence says it: 'e-mail' is 'el e-mail', 'situación
 * actual' 'la situación actual', 'datos de la campaña' 'los datos de la campaña'; a meaning that
 * starts with its article or is not a noun ('si abrió la demo') stays as it is.
 */
export function withArticle(meaning: string): string {
  if (ARTICLES.test(meaning)) return meaning;
  const first = (meaning.split(/[\s,(]/)[0] ?? '').toLowerCase();
  const plural = /[^aeiouáéíóú]s$|[aeo]s$/.test(first) && !/(país|mes|ís|és)$/.test(first);
  const feminine =
    /(ión|iones|dad|dades|tud|umbre)s?$/.test(first) ||
    (/as?$/.test(first) && !MASCULINE_IN_A.has(first.replace(/s$/, '')));
  const article = plural ? (feminine ? 'las' : 'los') : feminine ? 'la' : 'el';
  return `${article} ${meaning}`;
}
