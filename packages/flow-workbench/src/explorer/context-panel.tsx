/**
 * The machine's context: each field by what it means in the flow's notes, its name in the code
 * after it, with its value (an identifier the notes know by its meaning too).
 */
import type { FlowEntry } from './flows';
import { Datum, Ident } from './meaning';
import { contextNote, dataMeaning } from '../words';

export function ContextPanel({ entry, context }: { entry: FlowEntry; context: unknown }) {
  const fields =
    typeof context === 'object' && context !== null && !Array.isArray(context)
      ? Object.entries(context as Record<string, unknown>)
      : [];
  return (
    <section className="panel" aria-labelledby="context-title">
      <h2 id="context-title">Contexto</h2>
      <p className="muted small">
        Los datos que guarda la máquina: qué es cada uno, con su nombre en el código.
      </p>
      {fields.length === 0 ? (
        <p className="muted">Esta máquina no guarda datos.</p>
      ) : (
        <dl className="context" tabIndex={0} aria-labelledby="context-title">
          {fields.map(([name, value]) => {
            const note = contextNote(entry.notes, name);
            return (
              <div key={name}>
                <dt className="context-meaning">{dataMeaning(note) ?? ''}</dt>
                <dt className="secondary">
                  <Ident>{name}</Ident>
                </dt>
                <dd className="data">
                  {value === null || value === '' ? (
                    <span className="muted">vacío</span>
                  ) : typeof value === 'string' ? (
                    <StringValue value={value} note={note} />
                  ) : (
                    <Datum value={value} note={note} />
                  )}
                </dd>
              </div>
            );
          })}
        </dl>
      )}
    </section>
  );
}

/** A text value: its meaning when the notes know it as an identifier, else the text in quotes. */
function StringValue({ value, note }: { value: string; note: Parameters<typeof Datum>[0]['note'] }) {
  return typeof note === 'object' && note.values && Object.hasOwn(note.values, value) ? (
    <Datum value={value} note={note} />
  ) : (
    <>{`«${value}»`}</>
  );
}
