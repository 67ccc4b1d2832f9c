import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { modelFor } from '../../flow-kit';
import { loadArtifacts, type Artifacts } from './artifacts';
import { Diagram } from './diagram';
import { flowDescription, flowName, flowPage, type FlowEntry } from './flows';
import { pretty, shortId, stepText } from './format';
import { PathsPanel, type PathChoice } from './paths-panel';
import { SimPanel } from './sim-panel';
import { Simulation } from './sim/simulation';
import { StatePanel } from './state-panel';
import { inputFor, useSession } from './use-session';
import { useLayout } from './use-layout';

interface Playback extends PathChoice {
  /** Every transition the whole path takes, for the diagram. */
  transitions: Set<string>;
}

const EMPTY = new Set<string>();

let diagramMarked = false;

/** The first diagram on screen: read by the end-to-end test that measures the time to it. */
function markFirstDiagram(): void {
  if (diagramMarked) return;
  diagramMarked = true;
  performance.mark('flujos:diagrama');
}

/** The clipboard API exists only in secure contexts (https, localhost). */
function canUseClipboard(): boolean {
  return typeof navigator.clipboard?.writeText === 'function';
}

export function MachinePage({ entry, hash }: { entry: FlowEntry; hash: string }) {
  const model = useMemo(() => modelFor(entry.machine), [entry.machine]);
  const layout = useLayout(entry.slug, entry.machine);
  const { session, busy, notice, apply, load, undo, reset, dismissNotice } = useSession(entry, model, hash);
  const [selected, setSelected] = useState<string | undefined>(undefined);
  const [artifacts, setArtifacts] = useState<Artifacts | undefined>(undefined);
  const [copyState, setCopyState] = useState<'idle' | 'copied' | 'manual'>('idle');
  const [playback, setPlayback] = useState<Playback | undefined>(undefined);
  const linkField = useRef<HTMLInputElement>(null);

  useEffect(() => {
    let cancelled = false;
    void loadArtifacts().then((a) => {
      if (!cancelled) setArtifacts(a);
    });
    return () => {
      cancelled = true;
    };
  }, []);

  const simulation = session?.simulation;
  const active = useMemo(
    () => simulation?.activeIds() ?? EMPTY,
    // The simulation is mutable: its version says when it changed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [simulation, session?.version],
  );
  const lastRecord = simulation?.records.at(-1);
  const lastTransitions = useMemo(() => new Set(lastRecord?.transitions ?? []), [lastRecord]);

  const copyLink = async () => {
    const url = window.location.href;
    if (canUseClipboard()) {
      try {
        await navigator.clipboard.writeText(url);
        setCopyState('copied');
        return;
      } catch {
        // No permission: the field below lets the person copy it.
      }
    }
    setCopyState('manual');
  };

  useEffect(() => {
    if (copyState === 'manual') linkField.current?.select();
  }, [copyState]);

  const play = useCallback(
    async (choice: PathChoice) => {
      const trial = await Simulation.replay(entry.machine, inputFor(entry, model, choice.run), choice.steps);
      const transitions = new Set(trial.simulation.records.flatMap((r) => r.transitions));
      trial.simulation.stop();
      setPlayback({ ...choice, transitions });
      await load(choice.run, []);
    },
    [entry, model, load],
  );

  const position = playback && session ? Math.min(session.steps.length, playback.steps.length) : 0;
  const nextPathStep = playback?.steps[position];
  const leaves = layout.graph.states
    .filter((s) => s.children.length === 0 && active.has(s.id))
    .map((s) => shortId(s.id));
  const page = flowPage(entry);
  const coverage = artifacts?.coverage.get(entry.machine.id);

  return (
    <main className="page machine">
      <p>
        <a href="#/">← Todos los flujos</a>
      </p>
      <h1>{flowName(entry)}</h1>
      <p className="muted">
        {page ? (
          <>
            Página: <strong>{page}</strong> ·{' '}
          </>
        ) : null}
        Máquina <code>{entry.machine.id}</code> · {layout.graph.counts.states} estados,{' '}
        {layout.graph.counts.transitions} transiciones
      </p>
      <p className="description">{flowDescription(entry)}</p>

      {notice ? (
        <div className="notice" role="alert">
          <p>{notice}</p>
          <button type="button" onClick={dismissNotice}>
            Cerrar aviso
          </button>
        </div>
      ) : null}

      <div className="toolbar" role="toolbar" aria-label="Simulación">
        <button type="button" onClick={undo} disabled={busy || !session || session.steps.length === 0}>
          Deshacer
        </button>
        <button type="button" onClick={reset} disabled={busy || !session}>
          Reiniciar
        </button>
        <button type="button" onClick={() => void copyLink()} disabled={!session}>
          Copiar enlace
        </button>
        {model ? (
          <label className="field inline">
            Entrada{' '}
            <select
              value={session?.run === undefined ? '' : String(session.run)}
              disabled={busy}
              onChange={(e) => {
                setPlayback(undefined);
                void load(e.target.value === '' ? undefined : Number(e.target.value), []);
              }}
            >
              <option value="">Ejemplo del catálogo</option>
              {model.runs.map((r, i) => (
                <option key={i} value={i}>
                  Caso: {r.label}
                </option>
              ))}
            </select>
          </label>
        ) : null}
        <span role="status" className="muted">
          {copyState === 'copied' ? 'Enlace copiado.' : busy ? 'Aplicando…' : ''}
        </span>
      </div>
      {copyState === 'manual' ? (
        <p className="field">
          <label>
            Copia este enlace: <input ref={linkField} readOnly value={window.location.href} size={40} />
          </label>
        </p>
      ) : null}

      <div className="workspace">
        <div className="diagram-column">
          {layout.status === 'ready' ? (
            <Diagram
              scene={layout.scene}
              active={active}
              selected={selected}
              onSelect={setSelected}
              lastTransitions={lastTransitions}
              pathTransitions={playback?.transitions ?? EMPTY}
              coverage={coverage}
              onFirstPaint={markFirstDiagram}
            />
          ) : (
            <p role="alert" className="notice">
              {layout.message}
            </p>
          )}
          <p className="legend muted small">
            Azul: estados activos. Violeta: transiciones del último paso (y del recorrido elegido, en claro).
            Línea de trazos: espera; punteada: transición inmediata (siempre); verde y rojo: éxito y error de
            un actor invocado. Borde doble: estado final. Caja de trazos: región de un estado paralelo.
            {coverage ? ' Rojo con trazos y «sin cubrir»: lo que la corrida de QA no recorrió.' : ''}
          </p>
          <section className="panel" aria-labelledby="now-title">
            <h2 id="now-title">Estado actual</h2>
            <p aria-live="polite">
              {simulation ? (
                <>
                  {simulation.snapshot.status === 'done' ? 'Terminada en ' : 'En '}
                  {leaves.map((l, i) => (
                    <span key={l}>
                      {i > 0 ? ' y ' : ''}
                      <code>{l}</code>
                    </span>
                  ))}
                  {session && session.steps.length > 0
                    ? ` tras ${session.steps.length} pasos.`
                    : ' (estado inicial).'}
                </>
              ) : (
                'Iniciando la máquina…'
              )}
            </p>
          </section>
          {playback ? (
            <section className="panel" aria-labelledby="playback-title">
              <h2 id="playback-title">Recorrido en reproducción</h2>
              <p>{playback.title}</p>
              <ol className="path-steps">
                {playback.steps.map((step, i) => (
                  <li
                    key={i}
                    aria-current={i === position ? 'step' : undefined}
                    className={i < position ? 'done' : ''}
                  >
                    {stepText(step)}
                  </li>
                ))}
              </ol>
              <div className="buttons-row">
                <button
                  type="button"
                  disabled={busy || !nextPathStep}
                  onClick={() => nextPathStep && void apply(nextPathStep)}
                >
                  Paso siguiente
                </button>
                <button type="button" disabled={busy || position === 0} onClick={undo}>
                  Paso anterior
                </button>
                <button
                  type="button"
                  disabled={busy || !nextPathStep}
                  onClick={() => void load(playback.run, playback.steps)}
                >
                  Hasta el final
                </button>
                <button type="button" onClick={() => setPlayback(undefined)}>
                  Cerrar el recorrido
                </button>
              </div>
            </section>
          ) : null}
        </div>

        <div className="side-column">
          {simulation && session ? (
            <SimPanel
              key={session.version}
              simulation={simulation}
              model={model}
              busy={busy}
              onStep={(step) => void apply(step)}
            />
          ) : null}
          <StatePanel graph={layout.graph} selected={selected} active={active} artifacts={artifacts} />
          {simulation ? (
            <section className="panel" aria-labelledby="context-title">
              <h2 id="context-title">Contexto</h2>
              <pre className="context" tabIndex={0} aria-labelledby="context-title">
                {pretty(simulation.snapshot.context)}
              </pre>
            </section>
          ) : null}
          {simulation ? (
            <section className="panel" aria-labelledby="log-title">
              <h2 id="log-title">Registro</h2>
              <ol className="log">
                {simulation.records.map((record, i) => (
                  <li key={i}>
                    <span className="log-step">{record.step ? stepText(record.step) : 'inicio'}</span>
                    {record.actions.length > 0 ? (
                      <ul className="actions">
                        {record.actions.map((a, j) => (
                          <li key={j}>
                            <code>{a.name}</code>
                            {a.effect ? <span className="badge">efecto registrado</span> : null}
                            {a.params !== undefined ? (
                              <span className="payload"> {pretty(a.params, 0)}</span>
                            ) : null}
                          </li>
                        ))}
                      </ul>
                    ) : null}
                  </li>
                ))}
              </ol>
            </section>
          ) : null}
          {model ? (
            <PathsPanel model={model} selected={selected} onPlay={(choice) => void play(choice)} />
          ) : (
            <section className="panel">
              <h2>Recorridos de las pruebas de modelo</h2>
              <p className="muted">Este flujo todavía no tiene un modelo de pruebas (flow-kit/samples/).</p>
            </section>
          )}
        </div>
      </div>
    </main>
  );
}
