/**
 * The words of the docs pages, for product owners who read Spanish: durations in seconds, the
 * kinds of state as the flow explorer names them, and an event's data taken out of its note's
 * prose (the identifiers of the code go to a column of their own).
 */
import type { AnyStateNode } from 'xstate';

export { secondsText, withSeconds } from '../words';

/** What a state is, in the flow explorer's words. */
const KIND_NAMES: Record<string, string> = {
  atomic: 'simple',
  compound: 'con estados dentro',
  parallel: 'con regiones en paralelo (todas activas a la vez)',
  final: 'final',
  history: 'historial',
};

export function stateKind(node: AnyStateNode): string {
  const parent = node.parent;
  const region = parent?.type === 'parallel' ? 'región en paralelo, ' : '';
  const initial = parent && parent.type !== 'parallel' && parent.initial?.target[0] === node;
  return `${region}${KIND_NAMES[node.type] ?? node.type}${initial ? ', inicial' : ''}`;
}

export interface EventNote {
  /** The note without the event's data. */
  meaning: string;
  /** The event's data: its fields as identifiers, with what the note says about them. */
  data: string;
}

/** A field list as the code writes it inside a note: `{ field, value }`. */
const PAYLOAD = /(?::\s*)?`\{\s*([\w\s,]*?)\s*\}`/;

/** The text inside the parenthesis that opens `text` (`(a (b) c) rest` gives `a (b) c`). */
function parenthesis(text: string): { inner: string; rest: string } | undefined {
  if (!text.startsWith(' (')) return undefined;
  let depth = 0;
  for (let i = 1; i < text.length; i++) {
    if (text[i] === '(') depth++;
    if (text[i] === ')' && --depth === 0) return { inner: text.slice(2, i), rest: text.slice(i + 1) };
  }
  return undefined;
}

function capitalized(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * An event's note split in two: what the event means, and the data it brings. The notes write the
 * data as the code does (`{ field, value }`), then what the fields mean in a parenthesis or after a
 * comma; the meaning keeps the rest of the sentence.
 */
export function splitEventNote(note: string): EventNote {
  const match = PAYLOAD.exec(note);
  if (!match) return { meaning: note, data: '' };
  const fields = (match[1] ?? '')
    .split(',')
    .map((f) => f.trim())
    .filter((f) => f !== '');
  const ids = fields.map((f) => `\`${f}\``).join(', ');
  const before = note.slice(0, match.index);
  let after = note.slice(match.index + match[0].length);
  let data = ids;
  const inParens = parenthesis(after);
  if (inParens) {
    after = inParens.rest;
    const namesAll = fields.every((f) => inParens.inner.includes(`\`${f}\``));
    data = namesAll ? capitalized(inParens.inner) : `${ids} (${inParens.inner})`;
  } else if (after.startsWith(', ')) {
    const end = after.search(/[.;](\s|$)/);
    const said = after.slice(2, end === -1 ? undefined : end);
    after = end === -1 ? '' : after.slice(end);
    data = `${capitalized(said)} (${ids})`;
  }
  const meaning = `${before}${after}`.trim();
  return { meaning: /[.;:]$/.test(meaning) ? meaning : `${meaning}.`, data };
}
