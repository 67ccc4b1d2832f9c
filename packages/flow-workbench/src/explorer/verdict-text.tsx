/** What the machine would do with an event, in words: why it refuses it, or that it leads to a failure. */
import type { FlowEntry } from './flows';
import { Ident, NoteText, noteOf } from './meaning';
import type { Verdict } from './sim/simulation';

type Refused = Exclude<Verdict, { accepted: true }>;

/** The guard's meaning (the catalogue's note) with its name; the name alone when it has no note. */
function GuardText({ entry, guard }: { entry: FlowEntry; guard: string }) {
  const note = noteOf(entry, 'guards', guard);
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
            {verdict.guards.map((g, i) => (
              <span key={g}>
                {i > 0 ? '; ' : ''}
                <GuardText entry={entry} guard={g} />
              </span>
            ))}
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
