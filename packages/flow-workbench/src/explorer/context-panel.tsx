/** The machine's context: each field by its name in the code, with its value. */
import { Ident, Value } from './meaning';

export function ContextPanel({ context }: { context: unknown }) {
  const fields =
    typeof context === 'object' && context !== null && !Array.isArray(context)
      ? Object.entries(context as Record<string, unknown>)
      : [];
  return (
    <section className="panel" aria-labelledby="context-title">
      <h2 id="context-title">Contexto</h2>
      <p className="muted small">Los datos que guarda la máquina, con su nombre en el código.</p>
      {fields.length === 0 ? (
        <p className="muted">Esta máquina no guarda datos.</p>
      ) : (
        <dl className="context" tabIndex={0} aria-labelledby="context-title">
          {fields.map(([name, value]) => (
            <div key={name}>
              <dt>
                <Ident>{name}</Ident>
              </dt>
              <dd className="data">
                {value === null ? (
                  <span className="muted">vacío</span>
                ) : typeof value === 'string' ? (
                  `«${value}»`
                ) : (
                  <Value value={value} />
                )}
              </dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}
