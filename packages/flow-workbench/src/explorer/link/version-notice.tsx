/**
 * What the page says when a link was made from another version of the flow: one sentence that it
 * changed since (and whether the chart of changes exists for that version), which of the link's
 * steps still apply, where the visitor lands now, by its meaning, and the switch of the chart of
 * what changed since the link's version.
 */
import { useEffect, useState } from 'react';
import type { MachineModel } from '../../kit';
import type { FlowGraph } from '../../graph/describe';
import type { FlowEntry } from '../flows';
import { StateName, StepLabel } from '../meaning';
import type { Step } from '../sim/steps';
import { inputFor } from '../use-session';
import { replayStaleLink, staleSentence, type StaleReplay } from './stale';
import type { ChartSince } from './versions';

/** A link whose version is not today's. */
export interface StaleLink {
  version: string;
  run: number | undefined;
  steps: Step[];
}

/** The link's steps replayed on today's machine; undefined while they are. */
function useStaleReplay(
  entry: FlowEntry,
  model: MachineModel | undefined,
  graph: FlowGraph,
  stale: StaleLink,
): StaleReplay | undefined {
  const [replay, setReplay] = useState<{ of: StaleLink; replay: StaleReplay } | undefined>();
  useEffect(() => {
    let cancelled = false;
    // A case the flow does not have: the catalogue's example, as the page's own replay does.
    const run = stale.run !== undefined && model?.runs[stale.run] ? stale.run : undefined;
    void replayStaleLink(entry.machine, graph, inputFor(entry, model, run), stale.steps).then((r) => {
      if (!cancelled) setReplay({ of: stale, replay: r });
    });
    return () => {
      cancelled = true;
    };
  }, [entry, model, graph, stale]);
  return replay?.of === stale ? replay.replay : undefined;
}

const pasos = (n: number) => `${n} ${n === 1 ? 'paso' : 'pasos'}`;

function StepsLine({ replay, total }: { replay: StaleReplay; total: number }) {
  if (total === 0) return <p>El enlace no tiene pasos: empieza en el estado inicial.</p>;
  if (replay.applied === total)
    return (
      <p>{total === 1 ? 'Su único paso se sigue aplicando:' : `Sus ${total} pasos se siguen aplicando:`}</p>
    );
  if (replay.applied === 0) return <p>Ninguno de sus {pasos(total)} se aplica hoy:</p>;
  return (
    <p>
      De sus {pasos(total)},{' '}
      {replay.applied === 1 ? 'se aplica el primero' : `se aplican los ${replay.applied} primeros`}:
    </p>
  );
}

export function VersionNotice({
  entry,
  model,
  graph,
  stale,
  chart,
  shown,
  onShow,
}: {
  entry: FlowEntry;
  model: MachineModel | undefined;
  /** Today's machine. */
  graph: FlowGraph;
  stale: StaleLink;
  chart: ChartSince;
  /** The chart of what changed since the link's version is on the diagram. */
  shown: boolean;
  onShow: (shown: boolean) => void;
}) {
  const replay = useStaleReplay(entry, model, graph, stale);
  const failedAt = replay?.failed?.index;
  return (
    <section className="notice version-notice" aria-labelledby="version-notice-title">
      <p id="version-notice-title">
        <strong>{staleSentence(chart.status)}</strong>
      </p>
      <p className="small muted">
        Versión del enlace: <code>{stale.version}</code>.
      </p>
      {replay ? (
        <>
          <StepsLine replay={replay} total={stale.steps.length} />
          {stale.steps.length > 0 ? (
            // Focusable: a long link's steps scroll, and a keyboard must reach them.
            <ol className="path-steps link-steps" tabIndex={0} aria-label="Pasos del enlace">
              {stale.steps.map((step, i) => {
                const applies = i < replay.applied;
                return (
                  <li key={i} className={applies ? 'done' : 'not-applied'} data-applies={applies}>
                    <StepLabel step={step} entry={entry} />{' '}
                    <span className="badge">
                      {applies ? 'se aplica' : i === failedAt ? 'ya no se aplica' : 'no se llega'}
                    </span>
                  </li>
                );
              })}
            </ol>
          ) : null}
          <p>
            {replay.status === 'done'
              ? 'Hoy la máquina termina en:'
              : replay.status === 'error'
                ? 'Hoy la máquina se detiene por un error en:'
                : 'Hoy llegas a:'}
          </p>
          <ul className="now landing">
            {replay.landing.map((id) => (
              <li key={id}>
                <StateName graph={graph} id={id} />
              </li>
            ))}
          </ul>
        </>
      ) : (
        <p className="muted">Aplicando los pasos del enlace…</p>
      )}
      {chart.status === 'ready' ? (
        <label className="check inline">
          <input type="checkbox" checked={shown} onChange={(e) => onShow(e.target.checked)} /> Mostrar lo que
          cambió desde la versión del enlace
        </label>
      ) : null}
    </section>
  );
}
