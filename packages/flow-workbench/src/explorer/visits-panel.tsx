/**
 * Real visitors of a flow in a period, beside the simulation and QA's run: the period's selector,
 * visits and completion, the funnel of a flow with steps in words, failures where they happen,
 * and the versions of the flow counted in the period side by side. The chart shows the same
 * counts (./visits/counts.ts chartMarks) while «Mostrar en el diagrama» is on.
 */
import { useId, useState } from 'react';
import type { FlowGraph } from '../graph/describe';
import { Ident, StateName } from './meaning';
import {
  CAPPED_EXPLANATION,
  PERIOD_DAYS,
  cappedSentence,
  changeSentences,
  completionOf,
  completionText,
  entriesOf,
  failureItems,
  flowSteps,
  formatCount,
  formatDay,
  funnelSentences,
  isDay,
  mergeEntries,
  periodText,
  versionRows,
  type Period,
} from './visits/counts';
import type { CountsState } from './visits/use-counts';
import './visits.css';

interface Props {
  graph: FlowGraph;
  version: string;
  counts: CountsState;
  period: Period;
  onPeriod: (period: Period) => void;
  shown: boolean;
  onShown: (shown: boolean) => void;
  /** The build has a chart of changes of this flow. */
  changesChart: boolean;
}

function PeriodPicker({ period, onPeriod }: { period: Period; onPeriod: (p: Period) => void }) {
  const id = useId();
  const [desde, setDesde] = useState(period.kind === 'dates' ? period.desde : '');
  const [hasta, setHasta] = useState(period.kind === 'dates' ? period.hasta : '');
  const [datesPicked, setDatesPicked] = useState(period.kind === 'dates');
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const applyDates = () => {
    if (!isDay(desde) || !isDay(hasta)) setProblem('Elige las dos fechas del período.');
    else if (desde > hasta) setProblem('La fecha de inicio tiene que ser anterior o igual a la del final.');
    else {
      setProblem(undefined);
      onPeriod({ kind: 'dates', desde, hasta });
    }
  };
  return (
    <fieldset className="visits-period">
      <legend>Período</legend>
      {PERIOD_DAYS.map((days) => (
        <label key={days} className="check inline">
          <input
            type="radio"
            name={`${id}-period`}
            checked={!datesPicked && period.kind === 'days' && period.days === days}
            onChange={() => {
              setDatesPicked(false);
              onPeriod({ kind: 'days', days });
            }}
          />{' '}
          Últimos {days} días
        </label>
      ))}
      <label className="check inline">
        <input
          type="radio"
          name={`${id}-period`}
          checked={datesPicked}
          onChange={() => setDatesPicked(true)}
        />{' '}
        Entre dos fechas
      </label>
      {datesPicked ? (
        <div className="visits-dates">
          <label className="field inline">
            Desde <input type="date" value={desde} onChange={(e) => setDesde(e.target.value)} />
          </label>{' '}
          <label className="field inline">
            Hasta <input type="date" value={hasta} onChange={(e) => setHasta(e.target.value)} />
          </label>{' '}
          <button type="button" onClick={applyDates}>
            Ver ese período
          </button>
          {problem ? (
            <p role="alert" className="small">
              {problem}
            </p>
          ) : null}
        </div>
      ) : null}
    </fieldset>
  );
}

export function VisitsPanel({
  graph,
  version,
  counts,
  period,
  onPeriod,
  shown,
  onShown,
  changesChart,
}: Props) {
  const steps = flowSteps(graph);
  const range = counts.range;
  return (
    <section className="panel visits-panel" aria-labelledby="visits-title">
      <h2 id="visits-title">Visitantes reales</h2>
      {/* A period read from a new link starts the picker afresh. */}
      <PeriodPicker key={periodText(period)} period={period} onPeriod={onPeriod} />
      <p className="small muted">
        Del {formatDay(range.desde)} al {formatDay(range.hasta)} (días UTC). Se cuenta cada vez que un
        visitante entra en un estado o toma una transición; los conteos de 1 a 4 se muestran como «&lt; 5».
      </p>
      <div aria-live="polite" aria-busy={counts.status === 'loading'}>
        {counts.status === 'loading' ? (
          <p className="muted">Buscando los conteos de visitantes reales…</p>
        ) : counts.status === 'error' ? (
          <p className="notice visits-error" role="alert">
            {counts.message}
          </p>
        ) : (
          <VisitsBody
            graph={graph}
            version={version}
            counts={counts}
            steps={steps}
            shown={shown}
            onShown={onShown}
            changesChart={changesChart}
          />
        )}
      </div>
    </section>
  );
}

function VisitsBody({
  graph,
  version,
  counts,
  steps,
  shown,
  onShown,
  changesChart,
}: {
  graph: FlowGraph;
  version: string;
  counts: Extract<CountsState, { status: 'ok' }>;
  steps: ReturnType<typeof flowSteps>;
  shown: boolean;
  onShown: (shown: boolean) => void;
  changesChart: boolean;
}) {
  const { current, older } = entriesOf(counts.answer, graph.machineId, version);
  if (!current && older.length === 0)
    return <p className="visits-none">Ningún visitante usó este flujo en este período.</p>;
  const funnel = current ? funnelSentences(steps, current) : [];
  const failures = current ? failureItems(graph, current) : [];
  const rows = versionRows(graph, steps, current, older);
  const changes = changeSentences(graph, steps, current, older);
  const transitionOf = (key: string) => graph.transitions.find((t) => t.key === key);
  const capped = cappedSentence(counts.answer, graph.machineId);
  return (
    <>
      {capped ? (
        <div className="notice visits-capped">
          <p>{capped}</p>
          <p className="small">{CAPPED_EXPLANATION}</p>
        </div>
      ) : null}
      {current ? (
        <>
          <p className="visits-summary">
            <strong>{completionText(completionOf(graph, steps, current))}</strong>
            {older.length > 0 ? ` con la versión de hoy (desde el ${formatDay(current.primerDia)})` : ''}.
          </p>
          <label className="check inline">
            <input type="checkbox" checked={shown} onChange={(e) => onShown(e.target.checked)} /> Mostrar en
            el diagrama
          </label>
        </>
      ) : (
        <p>
          La versión de hoy del flujo no tuvo visitantes en este período; solo las anteriores (abajo). El
          diagrama no las muestra: sus estados y transiciones pueden no ser los de hoy.
        </p>
      )}
      {funnel.length > 0 ? (
        <>
          <h3>Embudo de los pasos</h3>
          <ul className="visits-funnel">
            {funnel.map((sentence, i) => (
              <li key={i}>{sentence}</li>
            ))}
          </ul>
        </>
      ) : null}
      {failures.length > 0 ? (
        <>
          <h3>Fallas y rechazos</h3>
          <ul className="visits-failures">
            {failures.map((f) => (
              <li key={f.id}>
                {f.kind === 'state' ? (
                  <StateName graph={graph} id={f.id} />
                ) : (
                  <>{transitionOf(f.id)?.description || <Ident>{f.id}</Ident>}</>
                )}
                : <strong>{formatCount(f.count)}</strong>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {rows.length > 1 ? (
        <>
          <h3>Versiones del flujo en el período</h3>
          {changes.length > 0 ? (
            <>
              <p>
                La versión del flujo cambió el {current ? formatDay(current.primerDia) : ''}, dentro del
                período:
              </p>
              <ul className="visits-changes">
                {changes.map((sentence, i) => (
                  <li key={i}>{sentence}.</li>
                ))}
              </ul>
            </>
          ) : null}
          <div className="table-scroll">
            <table className="visits-versions">
              <thead>
                <tr>
                  <th scope="col">Versión</th>
                  <th scope="col">Días con conteos</th>
                  <th scope="col">Visitas y completación</th>
                  {steps.slice(1).map((s, i) => (
                    <th key={s.tag} scope="col">
                      Paso {i + 1} → {s.number}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.version}>
                    <th scope="row">
                      <Ident>{row.version}</Ident> {row.current ? '(la de hoy)' : '(anterior)'}
                    </th>
                    <td>
                      {formatDay(row.primerDia)} – {formatDay(row.ultimoDia)}
                    </td>
                    <td>{completionText(row.completion)}</td>
                    {row.stepShares.map((share, i) => (
                      <td key={i}>{share ?? 'muy pocos'}</td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {changesChart ? (
            <p className="small muted">
              Con «Mostrar los cambios en el diagrama», el diagrama de cambios muestra los conteos de la
              versión anterior y de la de hoy, uno al lado del otro.
            </p>
          ) : null}
        </>
      ) : null}
    </>
  );
}

/** The index's line of a flow: its visits and completion of the last 7 days, every version together. */
export function CardVisits({ graph, counts }: { graph: FlowGraph; counts: CountsState }) {
  if (counts.status === 'loading')
    return <p className="card-visits small muted">Últimos 7 días: buscando los visitantes reales…</p>;
  if (counts.status === 'error') return null;
  const mine = counts.answer.flujos.filter((f) => f.flujo === graph.machineId);
  const text =
    mine.length === 0
      ? 'ningún visitante'
      : completionText(completionOf(graph, flowSteps(graph), mergeEntries(mine)));
  return <p className="card-visits small">Visitantes reales, últimos 7 días: {text}.</p>;
}
