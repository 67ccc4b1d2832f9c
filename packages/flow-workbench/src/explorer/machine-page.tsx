import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useArtifacts } from './artifacts';
import { ChangesLegend, ChangesNotice, ChangesPanel, changeState, type ChangeTarget } from './changes-panel';
import { changesOf, flowsChanges } from './changes/changes';
import { ContextPanel } from './context-panel';
import { Diagram } from './diagram';
import { flowDescription, flowName, flowPage, modelFor, type FlowEntry } from './flows';
import { replaceHash } from './hash';
import { formatLink, readLink, type LinkState, type ReadLink } from './link/link';
import { VersionNotice, type StaleLink } from './link/version-notice';
import { chartSince, useFlowVersions } from './link/versions';
import type { ChartBase, FlowChanges } from './changes/types';
import { Ident, NoteText, StateName, StepLabel, noteOf } from './meaning';
import { PathsPanel, type PathChoice } from './paths-panel';
import { MutationPanel } from './mutation-panel';
import { QaPanel } from './qa-panel';
import { diagramCoverage } from './qa';
import { SimPanel } from './sim-panel';
import { Simulation } from './sim/simulation';
import type { Step } from './sim/steps';
import { StatePanel } from './state-panel';
import { inputFor, useSession, type Notice } from './use-session';
import { openingView, useChangesLayout, useLayout } from './use-layout';
import { versionOf, visitsSource } from './flows';
import { stepsOf } from '../graph/steps';
import { VisitsPanel } from './visits-panel';
import {
  DEFAULT_PERIOD,
  chartMarks,
  entriesOf,
  trafficOf,
  versionMarks,
  type ChartMarks,
  type Period,
} from './visits/counts';
import { useCounts } from './visits/use-counts';

interface Playback extends PathChoice {
  /** Every transition the whole path takes, for the diagram. */
  transitions: Set<string>;
}

const EMPTY = new Set<string>();
/** Zooming or moving the view rewrites the link at most this often. */
const LINK_DELAY_MS = 250;

let diagramMarked = false;

/** The first diagram on screen: read by the end-to-end test that measures the time to it. */
function markFirstDiagram(): void {
  if (diagramMarked) return;
  diagramMarked = true;
  performance.mark('flujos:diagrama');
}

/** The clipboard API exists only in secure contexts (https, localhost). */
/** What holds a change on a chart of changes, and whether a change lies beside the flow's steps. */
function changesView(
  chart: FlowChanges | undefined,
): { holders: Set<string>; besideSteps: boolean } | undefined {
  if (!chart) return undefined;
  const byId = new Map(chart.graph.states.map((s) => [s.id, s]));
  const steps = stepsOf(chart.graph);
  const holders = new Set<string>();
  let besideSteps = false;
  const mark = (id: string) => {
    let inSteps = false;
    for (let p = byId.get(id); p; p = p.parent === null ? undefined : byId.get(p.parent)) {
      if (p.id !== id) holders.add(p.id);
      if (p.id === steps?.region) inSteps = true;
    }
    if (steps && !inSteps) besideSteps = true;
  };
  for (const s of chart.graph.states) if (s.change) mark(s.id);
  for (const t of chart.graph.transitions) if (t.change) mark(t.source);
  return { holders, besideSteps };
}

function sameMembers(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((x) => b.includes(x));
}

function canUseClipboard(): boolean {
  return typeof navigator.clipboard?.writeText === 'function';
}

function NoticeText({ notice, entry }: { notice: Notice; entry: FlowEntry }) {
  const stopped = notice.stopped;
  return (
    <>
      {stopped ? (
        stopped.fromLink ? (
          <p>
            El enlace se aplicó hasta el paso {stopped.index} de {stopped.total}: el paso {stopped.index + 1}{' '}
            ya no se puede aplicar (<NoteText text={stopped.reason} />
            ). Se muestra el estado después del paso {stopped.index}.
          </p>
        ) : (
          <p>
            No se pudo aplicar el paso: <NoteText text={stopped.reason} />.
          </p>
        )
      ) : null}
      {stopped ? (
        <p className="small">
          Paso que se detuvo: <StepLabel step={stopped.step} entry={entry} />
        </p>
      ) : null}
      {notice.problems.length > 0 ? (
        <>
          <p>Parte del enlace no se pudo usar:</p>
          <ul>
            {notice.problems.map((p, i) => (
              <li key={i}>{p}</li>
            ))}
          </ul>
        </>
      ) : null}
    </>
  );
}

export function MachinePage({ entry, hash }: { entry: FlowEntry; hash: string }) {
  const machineId = entry.machine.id;
  const model = useMemo(() => modelFor(entry), [entry]);
  const { session, busy, notice, apply, load, undo, reset, dismissNotice } = useSession(entry, model);
  const [selected, setSelected] = useState<string | undefined>(undefined);
  const [zoom, setZoom] = useState<number | undefined>(undefined);
  const [initialZoom, setInitialZoom] = useState<number | undefined>(undefined);
  // The view the chart opens with (its steps, or folded until it reads), and the folds of either view.
  const opening = useMemo(() => openingView(entry.slug), [entry.slug]);
  const foldsOf = useCallback(
    (steps: boolean) => (steps ? opening.collapsed : opening.steps ? [] : opening.collapsed),
    [opening],
  );
  const [stepsView, setStepsView] = useState(opening.steps);
  const [collapsed, setCollapsed] = useState<string[]>(opening.collapsed);
  const [ids, setIds] = useState(false);
  const artifacts = useArtifacts();
  const [copyState, setCopyState] = useState<'idle' | 'copied' | 'manual'>('idle');
  const [playback, setPlayback] = useState<Playback | undefined>(undefined);
  const linkField = useRef<HTMLInputElement>(null);
  const layout = useLayout(entry.slug, entry.machine, { collapsed, ids, steps: stepsView });
  const collapsedSet = useMemo(() => new Set(collapsed), [collapsed]);
  // The chart of the flow's change, when it is shown (./changes): against the build's base, or
  // since an older version of the flow (a link's, from the registry of versions: ./link/versions.ts).
  const [compareWith, setCompareWith] = useState<string | undefined>(undefined);
  const [stale, setStale] = useState<StaleLink | undefined>(undefined);
  const versions = useFlowVersions(entry.slug, stale !== undefined || compareWith !== undefined);
  const since = compareWith === undefined ? undefined : chartSince(entry, versions, compareWith);
  const changes = since ? (since.status === 'ready' ? since.changes : undefined) : changesOf(entry.slug);
  const chartBase: ChartBase | null = compareWith === undefined ? flowsChanges : { version: compareWith };
  const [showChanges, setShowChanges] = useState(false);
  const [pickedTransition, setPickedTransition] = useState<string | undefined>(undefined);
  const [showRequest, setShowRequest] = useState<{ id: string; seq: number } | undefined>(undefined);
  // The chart of changes hides no change: what holds one is unfolded, and a change beside the
  // steps shows the whole chart.
  const shownChanges = showChanges ? changes : undefined;
  const changeView = useMemo(() => changesView(shownChanges), [shownChanges]);
  const overlayCollapsed = useMemo(
    () => (changeView ? collapsed.filter((c) => !changeView.holders.has(c)) : collapsed),
    [changeView, collapsed],
  );
  const overlay = useChangesLayout(
    compareWith === undefined ? entry.slug : `${entry.slug}@${compareWith}`,
    shownChanges,
    { collapsed: overlayCollapsed, ids, steps: stepsView && changeView?.besideSteps !== true },
  );
  const drawn = overlay ?? layout;
  const overlayCollapsedSet = useMemo(() => new Set(overlayCollapsed), [overlayCollapsed]);
  const [period, setPeriod] = useState<Period>(DEFAULT_PERIOD);
  const [visitsShown, setVisitsShown] = useState(true);
  const counts = useCounts(visitsSource?.url, period);
  const version = versionOf(entry);

  const pathTransitionsOf = useCallback(
    async (run: number | undefined, steps: readonly Step[]): Promise<Set<string>> => {
      const trial = await Simulation.replay(entry.machine, inputFor(entry, model, run), steps);
      const transitions = new Set(trial.simulation.records.flatMap((r) => r.transitions));
      trial.simulation.stop();
      return transitions;
    },
    [entry, model],
  );

  // The link: read when the page opens and whenever it is changed from outside (pasted, edited,
  // back and forward); written after every change made here.
  const [written, setWritten] = useState<string | undefined>(undefined);
  const [adopted, setAdopted] = useState<{ hash: string; link: ReadLink } | undefined>(undefined);
  if (hash !== written && hash !== adopted?.hash) {
    const link = readLink(hash, machineId);
    setAdopted({ hash, link });
    setSelected(link.selected);
    setZoom(link.zoom);
    setInitialZoom(link.zoom);
    // A link from before the steps view that folds a region beside the steps meant the whole chart.
    const region = opening.steps ? stepsOf(layout.graph)?.region : undefined;
    const wholeChart =
      link.view === undefined &&
      region !== undefined &&
      link.collapsed.some((id) => id !== region && !id.startsWith(`${region}.`));
    const steps = opening.steps && link.view !== 'completa' && !wholeChart;
    setStepsView(steps);
    setCollapsed(link.collapsedGiven ? link.collapsed : foldsOf(steps));
    setShowChanges(link.changes === true);
    setCompareWith(link.changesFrom);
    setPickedTransition(link.transition);
    setIds(link.ids === true);
    setStale(
      link.version !== undefined && link.version !== version
        ? { version: link.version, run: link.run, steps: link.steps }
        : undefined,
    );
    setPeriod(link.visits ?? DEFAULT_PERIOD);
  }

  useEffect(() => {
    if (!adopted) return;
    const { link } = adopted;
    let cancelled = false;
    const path = link.path;
    void (async () => {
      const transitions = path ? await pathTransitionsOf(link.run, path) : undefined;
      if (cancelled) return;
      setPlayback(
        path && transitions
          ? {
              run: link.run ?? 0,
              title: `Recorrido del enlace: ${path.length} pasos`,
              steps: path,
              transitions,
            }
          : undefined,
      );
      await load(link.run, link.steps, link.problems);
    })();
    return () => {
      cancelled = true;
    };
  }, [adopted, load, pathTransitionsOf]);

  const linkState = useMemo(
    (): Partial<LinkState> => ({
      run: session?.run,
      steps: session?.steps ?? [],
      path: playback?.steps,
      selected,
      zoom,
      collapsed,
      collapsedDefault: sameMembers(collapsed, foldsOf(stepsView)),
      view: opening.steps && !stepsView ? 'completa' : undefined,
      // Kept while the older version's registry loads.
      changes: showChanges && (changes !== undefined || since?.status === 'loading'),
      changesFrom: compareWith,
      transition: pickedTransition,
      ids,
      visits: visitsSource ? period : undefined,
    }),
    [
      session,
      playback,
      selected,
      zoom,
      collapsed,
      foldsOf,
      stepsView,
      opening,
      showChanges,
      changes,
      since,
      compareWith,
      pickedTransition,
      ids,
      period,
    ],
  );
  const currentHash = formatLink(entry.slug, machineId, linkState);
  // The link shared also says the flow's version it was made from (the address bar does not).
  const sharedHash = formatLink(entry.slug, machineId, { ...linkState, version });

  useEffect(() => {
    if (!session || currentHash === written || currentHash === window.location.hash) return;
    const before = window.location.hash;
    const timer = setTimeout(() => {
      // Never over a navigation that came in meanwhile (another link, even to this flow): the
      // page has not read it yet, and this state is the old link's.
      if (window.location.hash !== before) return;
      replaceHash(currentHash);
      setWritten(currentHash);
    }, LINK_DELAY_MS);
    return () => clearTimeout(timer);
  }, [session, currentHash, written]);

  const simulation = session?.simulation;
  const active = useMemo(
    () => simulation?.activeIds() ?? EMPTY,
    // The simulation is mutable: its version says when it changed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [simulation, session?.version],
  );
  const lastRecord = simulation?.records.at(-1);
  const lastTransitions = useMemo(() => new Set(lastRecord?.transitions ?? []), [lastRecord]);

  const linkUrl = `${window.location.origin}${window.location.pathname}${sharedHash}`;
  const copyLink = async () => {
    if (canUseClipboard()) {
      try {
        await navigator.clipboard.writeText(linkUrl);
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
      const transitions = await pathTransitionsOf(choice.run, choice.steps);
      setPlayback({ ...choice, transitions });
      await load(choice.run, []);
    },
    [pathTransitionsOf, load],
  );

  const onStepsView = useCallback(
    (steps: boolean) => {
      setStepsView(steps);
      setCollapsed(foldsOf(steps));
    },
    [foldsOf],
  );
  const onCollapse = useCallback((id: string, collapse: boolean) => {
    setCollapsed((list) => (collapse ? [...list.filter((c) => c !== id), id] : list.filter((c) => c !== id)));
  }, []);
  // The chart of changes holds every state of the machine and those it lost.
  const allStates = (changes?.graph ?? layout.graph).states;
  const onReveal = useCallback(
    (id: string) => {
      const ancestors = new Set<string>();
      for (let s = allStates.find((x) => x.id === id); s;) {
        const parent = s.parent;
        if (parent === null) break;
        ancestors.add(parent);
        s = allStates.find((x) => x.id === parent);
      }
      setCollapsed((list) =>
        list.some((c) => ancestors.has(c)) ? list.filter((c) => !ancestors.has(c)) : list,
      );
    },
    [allStates],
  );
  const selectState = useCallback((id: string) => {
    setSelected(id);
    setPickedTransition(undefined);
  }, []);
  /** Brings a change's state (a transition's source) into view. */
  const showChange = (target: ChangeTarget, chart: FlowChanges | undefined = changes) => {
    const state = chart && changeState(chart, target);
    if (state === undefined) return;
    onReveal(state);
    setShowRequest((r) => ({ id: state, seq: (r?.seq ?? 0) + 1 }));
  };
  const pickChange = (target: ChangeTarget) => {
    if (target.kind === 'state') selectState(target.id);
    else setPickedTransition(target.id);
    showChange(target);
  };
  /** Shows or hides the chart of changes: since `from`, an older version, or against the build's base. */
  const onShowChanges = (shown: boolean, from?: string) => {
    // The chart of changes unfolded what holds a change: hidden, it leaves the chart as it showed it.
    if (!shown && changeView) {
      setCollapsed(overlayCollapsed);
      if (changeView.besideSteps) setStepsView(false);
    }
    setShowChanges(shown);
    setCompareWith(shown ? from : undefined);
    const later = from === undefined ? undefined : chartSince(entry, versions, from);
    const chart = later ? (later.status === 'ready' ? later.changes : undefined) : changesOf(entry.slug);
    const first = chart?.items.find((i) => i.target)?.target;
    if (shown && first) showChange(first, chart);
  };

  const position = playback && session ? Math.min(session.steps.length, playback.steps.length) : 0;
  const nextPathStep = playback?.steps[position];
  const leaves = layout.graph.states.filter(
    (s) => active.has(s.id) && !s.children.some((c) => active.has(c)),
  );
  const page = flowPage(entry);
  const coverage = diagramCoverage(artifacts, machineId);
  const visitMarks = useMemo((): ChartMarks | undefined => {
    if (!visitsShown || counts?.status !== 'ok' || drawn.status !== 'ready') return undefined;
    const { current, older } = entriesOf(counts.answer, machineId, version);
    if (!current) return undefined;
    // The chart of changes holds both versions: their counts side by side, when the period has both.
    if (overlay) {
      const before = compareWith === undefined ? older[0] : older.find((o) => o.version === compareWith);
      return before ? versionMarks(overlay.graph, current, before) : undefined;
    }
    return chartMarks(layout.graph, trafficOf(layout.graph, current));
  }, [visitsShown, counts, drawn.status, machineId, version, overlay, layout.graph, compareWith]);

  return (
    <main className="page machine">
      <div className="machine-title">
        <p className="back">
          <a href="#/">← Todos los flujos</a>
        </p>
        <h1>{flowName(entry)}</h1>
      </div>
      <div className="machine-head">
        <p className="muted small">
          {page ? (
            <>
              Página <strong>{page}</strong> ·{' '}
            </>
          ) : null}
          {layout.graph.counts.states} estados (contando el de la máquina entera, como la corrida de QA),{' '}
          {layout.graph.counts.transitions} transiciones · máquina <Ident>{machineId}</Ident>
        </p>
        <p className="description">{flowDescription(entry)}</p>
        {stale ? (
          <VersionNotice
            entry={entry}
            model={model}
            graph={layout.graph}
            stale={stale}
            chart={chartSince(entry, versions, stale.version)}
            shown={showChanges && compareWith === stale.version}
            onShow={(shown) => onShowChanges(shown, stale.version)}
          />
        ) : null}
        {changes && chartBase && !(stale && compareWith === stale.version) ? (
          <ChangesNotice
            data={chartBase}
            changes={changes}
            shown={showChanges}
            onShow={(shown) => onShowChanges(shown, compareWith)}
          />
        ) : since?.status === 'unknown' ? (
          <p className="notice">
            El diagrama de cambios desde la versión <code>{compareWith}</code> no está disponible.
          </p>
        ) : null}

        {notice ? (
          <div className="notice" role="alert">
            <NoticeText notice={notice} entry={entry} />
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
              Copia este enlace: <input ref={linkField} readOnly value={linkUrl} size={40} />
            </label>
          </p>
        ) : null}
      </div>

      <div className="machine-diagram">
        {drawn.status === 'ready' ? (
          <Diagram
            scene={drawn.scene}
            graph={drawn.graph}
            active={active}
            selected={selected}
            onSelect={selectState}
            lastTransitions={lastTransitions}
            pathTransitions={playback?.transitions ?? EMPTY}
            coverage={coverage}
            collapsed={overlay ? overlayCollapsedSet : collapsedSet}
            onCollapse={onCollapse}
            stepsView={opening.steps ? { on: stepsView, onChange: onStepsView } : undefined}
            onReveal={onReveal}
            ids={ids}
            onIds={setIds}
            initialZoom={initialZoom}
            onZoom={setZoom}
            pending={drawn.pending}
            onFirstPaint={markFirstDiagram}
            changes={
              overlay
                ? { selectedTransition: pickedTransition, onSelectTransition: setPickedTransition }
                : undefined
            }
            showRequest={showRequest}
            visits={visitMarks}
          />
        ) : (
          <p role="alert" className="notice">
            {drawn.message}
          </p>
        )}
      </div>

      <div className="machine-panels">
        {overlay && changes && chartBase ? (
          <ChangesPanel
            data={chartBase}
            changes={changes}
            graph={overlay.graph}
            selectedState={selected}
            selectedTransition={pickedTransition}
            onPick={pickChange}
            artifacts={artifacts}
            version={version}
          />
        ) : null}
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
                  <StepLabel step={step} entry={entry} />
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
        {simulation && session ? (
          <SimPanel
            entry={entry}
            version={session.version}
            graph={layout.graph}
            simulation={simulation}
            model={model}
            busy={busy}
            onStep={(step) => void apply(step)}
          />
        ) : null}
        <section className="panel" aria-labelledby="now-title">
          <h2 id="now-title">Estado actual</h2>
          <div aria-live="polite">
            {simulation ? (
              <>
                <p>
                  {simulation.snapshot.status === 'error'
                    ? 'La máquina se detuvo por un error en:'
                    : simulation.snapshot.status === 'done'
                      ? 'La máquina terminó en:'
                      : 'Ahora:'}{' '}
                  {session && session.steps.length > 0
                    ? `después de ${session.steps.length} ${session.steps.length === 1 ? 'paso' : 'pasos'}`
                    : 'estado inicial'}
                </p>
                <ul className="now">
                  {leaves.map((s) => (
                    <li key={s.id}>
                      <StateName graph={layout.graph} id={s.id} />
                    </li>
                  ))}
                </ul>
              </>
            ) : (
              <p>Iniciando la máquina…</p>
            )}
          </div>
        </section>
        <StatePanel
          entry={entry}
          graph={layout.graph}
          selected={selected}
          active={active}
          artifacts={artifacts}
          model={model}
          onPlay={(choice) => void play(choice)}
        />
        {counts ? (
          <VisitsPanel
            graph={layout.graph}
            version={version}
            counts={counts}
            period={period}
            onPeriod={setPeriod}
            shown={visitsShown}
            onShown={setVisitsShown}
            changesChart={changes !== undefined}
          />
        ) : null}
        <QaPanel
          entry={entry}
          graph={layout.graph}
          model={model}
          artifacts={artifacts}
          onPlay={(choice) => void play(choice)}
          onSelect={setSelected}
        />
        <MutationPanel entry={entry} graph={layout.graph} onSelect={setSelected} />
        {model ? (
          <PathsPanel
            entry={entry}
            graph={layout.graph}
            model={model}
            selected={selected}
            onPlay={(choice) => void play(choice)}
          />
        ) : (
          <section className="panel">
            <h2>Recorridos de las pruebas de modelo</h2>
            <p className="muted">Este flujo todavía no tiene un modelo de pruebas.</p>
          </section>
        )}
        {simulation ? <ContextPanel entry={entry} context={simulation.snapshot.context} /> : null}
        {simulation ? (
          <section className="panel" aria-labelledby="log-title">
            <h2 id="log-title">Registro</h2>
            {/* Focusable: a long log scrolls, and a keyboard must reach it. */}
            <ol className="log" tabIndex={0} aria-labelledby="log-title">
              {simulation.records.map((record, i) => (
                <li key={i}>
                  <span className="log-step">
                    {record.step ? <StepLabel step={record.step} entry={entry} /> : 'Inicio'}
                  </span>
                  {record.actions.length > 0 ? (
                    <ul className="actions">
                      {record.actions.map((a, j) => {
                        const note = noteOf(entry, 'actions', a.name);
                        return (
                          <li key={j}>
                            {note ? <NoteText text={note} /> : 'Acción'}{' '}
                            <Ident className="secondary">{a.name}</Ident>
                            {a.effect ? <span className="badge">efecto registrado, no ejecutado</span> : null}
                          </li>
                        );
                      })}
                    </ul>
                  ) : null}
                </li>
              ))}
            </ol>
          </section>
        ) : null}
        <section className="panel legend-panel" aria-labelledby="legend-title">
          <h2 id="legend-title">Cómo leer el diagrama</h2>
          <ul className="legend small">
            <li>Cada caja es un estado: dice qué pasa en él. Las flechas dicen qué lo cambia.</li>
            <li>
              Azul: los estados activos ahora. Violeta: lo que hizo el último paso (y el recorrido elegido, en
              claro).
            </li>
            <li>
              Rojo: lleva a un estado de falla (una flecha, un botón), sea un evento, una espera, la respuesta
              o la falla de una llamada.
            </li>
            <li>Línea de trazos: una espera; punteada: un cambio inmediato.</li>
            <li>
              Caja de trazos: una región que funciona en paralelo con las de al lado. Borde doble: estado
              final.
            </li>
            <li>«También pasa a»: la misma transición entra además en un estado de otra región.</li>
            <li>
              El botón − de una caja la pliega; + la despliega. «Nombres del código» muestra los
              identificadores.
            </li>
            {coverage ? (
              <li>
                Fucsia y «sin cubrir»: lo que la corrida de QA no recorrió (no se marcan las transiciones que
                QA declara inalcanzables desde la página). Rojo y «falló en QA»: el estado cuya comprobación
                falló en la última corrida.
              </li>
            ) : null}
            {visitMarks ? (
              <li>
                Verde azulado: los visitantes reales del período. En cada estado, cuántas veces se entró en
                él; en cada flecha, cuántas veces se tomó y, donde hay varios caminos para lo mismo, qué parte
                fue por cada uno. Cuanto más gruesa la flecha, más visitantes la tomaron. Trazos largos grises
                y «nunca en este período»: nadie la tomó.
                {overlay
                  ? ' En el diagrama de cambios: «antes» es la versión anterior y «ahora» la de hoy.'
                  : ''}
              </li>
            ) : null}
            {overlay && chartBase ? <ChangesLegend data={chartBase} /> : null}
          </ul>
        </section>
      </div>
    </main>
  );
}
