/** The selected state: what it is, its transitions, QA coverage and the screenshots of the page in it. */
import type { Artifacts } from './artifacts';
import { SCREEN_WIDTHS, screenUrl } from './artifacts';
import { shortId } from './format';
import { transitionText, type FlowGraph } from './graph/describe';

interface Props {
  graph: FlowGraph;
  selected: string | undefined;
  active: ReadonlySet<string>;
  artifacts: Artifacts | undefined;
}

const KIND_NAMES = {
  atomic: 'simple',
  compound: 'compuesto',
  parallel: 'paralelo (sus regiones están activas a la vez)',
  final: 'final',
  history: 'historial',
} as const;

export function StatePanel({ graph, selected, active, artifacts }: Props) {
  const state = graph.states.find((s) => s.id === selected);
  if (!state) {
    return (
      <section className="panel" aria-labelledby="state-title">
        <h2 id="state-title">Estado seleccionado</h2>
        <p className="muted">
          Selecciona un estado del diagrama (clic, o Tab y Enter) para ver sus detalles.
        </p>
      </section>
    );
  }
  const outgoing = [...graph.transitions.filter((t) => t.source === state.id), ...state.internal];
  const coverage = artifacts?.coverage.get(graph.machineId);
  const screens = artifacts?.screens[graph.machineId]?.[state.id] ?? [];
  return (
    <section className="panel" aria-labelledby="state-title">
      <h2 id="state-title">
        Estado <code>{state.parent === null ? state.id : shortId(state.id)}</code>
      </h2>
      <dl className="facts">
        <dt>Identificador</dt>
        <dd>
          <code>{state.id}</code>
        </dd>
        <dt>Tipo</dt>
        <dd>
          {state.region ? 'región de un estado paralelo, ' : ''}
          {KIND_NAMES[state.kind]}
          {state.initial ? ', inicial' : ''}
        </dd>
        <dt>Ahora</dt>
        <dd>{active.has(state.id) ? 'activo' : 'inactivo'}</dd>
        {state.tags.length > 0 ? (
          <>
            <dt>Etiquetas</dt>
            <dd>{state.tags.join(', ')}</dd>
          </>
        ) : null}
        {state.invokes.length > 0 ? (
          <>
            <dt>Invoca</dt>
            <dd>{state.invokes.map((i) => i.src).join(', ')}</dd>
          </>
        ) : null}
        {coverage ? (
          <>
            <dt>Cobertura de QA</dt>
            <dd>{coverage.states.has(state.id) ? 'cubierto' : 'sin cubrir'}</dd>
          </>
        ) : null}
      </dl>
      {state.description ? <p>{state.description}</p> : null}
      {outgoing.length > 0 ? (
        <>
          <h3>Transiciones</h3>
          <ul className="transitions">
            {outgoing.map((t) => (
              <li key={t.key}>
                <code>{transitionText(t)}</code>
                {t.targets.length > 0 ? <> → {t.targets.map(shortId).join(', ')}</> : null}
                {coverage && !coverage.transitions.has(t.key) ? (
                  <strong className="uncovered"> (sin cubrir)</strong>
                ) : null}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {screens.length > 0 ? (
        <>
          <h3>Lo que ve el prospecto</h3>
          <div className="screens">
            {SCREEN_WIDTHS.filter((w) => screens.includes(w)).map((width) => (
              <figure key={width}>
                <img
                  src={screenUrl(graph.machineId, state.id, width)}
                  alt={`La página en el estado ${shortId(state.id)}, a ${width} px de ancho`}
                  loading="lazy"
                />
                <figcaption>{width} px</figcaption>
              </figure>
            ))}
          </div>
        </>
      ) : null}
    </section>
  );
}
