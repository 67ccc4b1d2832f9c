/**
 * The statechart, drawn from the scene (the same one the docs' SVG draws), with pan and zoom:
 * drag to move, wheel or the buttons to zoom, arrows and +/- from the keyboard when the diagram
 * has the focus. Every state is a focusable button carrying data-state-id and, while active,
 * data-active="true"; a state with children has a button to collapse it to one box and expand it
 * again. The view follows the machine: after every step, every active state (in every region) is
 * brought into view. A search finds a state by what it means or by its name and shows it.
 *
 * On a chart of changes (./changes) every state and transition carries data-change (added,
 * removed, changed, previous) and its mark in words; the marked transitions can be selected too.
 *
 * With real visitors' marks (./visits/counts.ts) every state and labelled transition carries its
 * count in words (data-visits), each line is as wide as its traffic, and a transition never taken
 * in the period is dashed and says so.
 */
import {
  useCallback,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type PointerEvent,
} from 'react';
import type { MachineCoverage } from './artifacts';
import type { ChangeStatus, FlowGraph } from '../graph/describe';
import type { Box } from '../graph/layout';
import { LINE_STYLES } from '../graph/layout-input';
import type { Scene, SceneEdge, SceneState, SceneText } from '../graph/scene';
import { FIT_MARGIN, MAX_FIT, READABLE_ZOOM } from '../graph/default-view';
import { DIAGRAM_FONT, arrowMarkers, edgeMarker } from '../graph/svg';
import { MONO_FONT } from '../graph/text';
import { shortStateId } from './link/link';
import { Ident, stateMeaning } from './meaning';
import type { ChartMarks } from './visits/counts';

interface View {
  x: number;
  y: number;
  k: number;
}

const MIN_SCALE = 0.1;
const MAX_SCALE = 3;
/** Below this the fitted diagram is too small to read: it opens readable, on the active states. */
const FIT_READABLE = 0.5;
const READABLE_SCALE = 0.8;
/** Following the active states never zooms out further than this. */
const FOLLOW_MIN = 0.35;
const MARGIN = FIT_MARGIN;
/** The fold button: its size in the chart, and never smaller than this on the screen (a finger's target). */
const TOGGLE = 18;
const TOGGLE_MIN_PX = 24;
/** A screen this narrow is a phone's: the chart opens fitted, whatever its zoom. */
const PHONE_WIDTH = 600;

export interface DiagramProps {
  scene: Scene;
  graph: FlowGraph;
  active: ReadonlySet<string>;
  selected: string | undefined;
  onSelect: (id: string) => void;
  /** Transitions taken by the last step (strong) and by the path being replayed (light). */
  lastTransitions: ReadonlySet<string>;
  pathTransitions: ReadonlySet<string>;
  coverage: MachineCoverage | undefined;
  /** The collapsed states, and the switch of one. */
  collapsed: ReadonlySet<string>;
  onCollapse: (id: string, collapse: boolean) => void;
  /** Expands every collapsed state around `id`. */
  onReveal: (id: string) => void;
  ids: boolean;
  onIds: (ids: boolean) => void;
  /** The zoom the link asks for (percent), and the zoom the person chose (undefined: fitted). */
  initialZoom: number | undefined;
  onZoom: (percent: number | undefined) => void;
  /** A layout is being computed: the scene shown is the previous one. */
  pending: boolean;
  onFirstPaint?: () => void;
  /** A chart of changes is drawn: its marked transitions can be selected (by key) as well. */
  changes?: {
    selectedTransition: string | undefined;
    onSelectTransition: (key: string) => void;
  };
  /** Brings a state into view each time `seq` changes (once drawn: whoever asks expands what holds it). */
  showRequest?: { id: string; seq: number } | undefined;
  /** Real visitors' counts to write on the chart. */
  visits?: ChartMarks | undefined;
  /** A flow with steps: 'Solo los pasos' is on, and its switch. */
  stepsView?: { on: boolean; onChange: (on: boolean) => void } | undefined;
}

function clampScale(k: number): number {
  return Math.min(MAX_SCALE, Math.max(MIN_SCALE, k));
}

function union(boxes: readonly Box[]): Box | undefined {
  if (boxes.length === 0) return undefined;
  const x = Math.min(...boxes.map((b) => b.x));
  const y = Math.min(...boxes.map((b) => b.y));
  const r = Math.max(...boxes.map((b) => b.x + b.width));
  const bottom = Math.max(...boxes.map((b) => b.y + b.height));
  return { x, y, width: r - x, height: bottom - y };
}

const KIND_WORDS = {
  parallel: 'con regiones en paralelo',
  final: 'final',
  history: 'historial',
  compound: 'con estados dentro',
  atomic: '',
} as const;

const STATE_CHANGE_WORDS: Record<ChangeStatus, string> = {
  added: 'nuevo',
  removed: 'quitado, ya no existe',
  changed: 'cambió',
  previous: 'quitado, ya no existe',
};

const TRANSITION_CHANGE_WORDS: Record<ChangeStatus, string> = {
  added: 'Transición nueva',
  removed: 'Transición quitada',
  changed: 'Transición que cambió',
  previous: 'Camino que antes tomaba una transición que cambió',
};

/** A state's name for assistive technology: what it means and what it is (identifiers are in the panel). */
function stateLabel(
  s: SceneState,
  active: boolean,
  covered: boolean | undefined,
  visits: string | undefined,
  failed = false,
): string {
  const parts = [stateMeaning(s.state, s.id).replace(/\.$/, '')];
  if (s.state.change) parts.push(STATE_CHANGE_WORDS[s.state.change]);
  const kind = s.state.region ? 'región en paralelo' : KIND_WORDS[s.kind];
  if (kind) parts.push(kind);
  if (s.hidden !== undefined) parts.push(`plegado, ${s.hidden} estados dentro`);
  if (s.state.initial) parts.push('inicial');
  if (active) parts.push('activo');
  if (covered === false) parts.push('sin cubrir por QA');
  if (failed) parts.push('falló en la prueba de QA');
  if (visits) parts.push(`visitantes reales: ${visits}`);
  return parts.join(', ');
}

function Line({ line, className }: { line: SceneText; className?: string }) {
  const { size, mono } = LINE_STYLES[line.style];
  return (
    <text
      className={`t-${line.style}${className ? ` ${className}` : ''}`}
      x={line.x}
      y={line.y}
      fontSize={size}
      fontFamily={mono ? MONO_FONT : undefined}
    >
      {line.segs.map((seg, i) =>
        seg.en ? (
          <tspan key={i} lang="en">
            {seg.text}
          </tspan>
        ) : (
          seg.text
        ),
      )}
    </text>
  );
}

interface Match {
  id: string;
  meaning: string;
  short: string;
}

/** Finds states by what they mean or by their name, accents and case aside. */
function searchStates(graph: FlowGraph, query: string): Match[] {
  const fold = (s: string) =>
    s
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase();
  const words = fold(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [];
  return graph.states
    .filter((s) => s.parent !== null)
    .map((s) => ({ id: s.id, meaning: stateMeaning(s, s.id), short: shortStateId(graph.machineId, s.id) }))
    .filter((m) => {
      const text = fold(`${m.meaning} ${m.short}`);
      return words.every((w) => text.includes(w));
    })
    .slice(0, 8);
}

export function Diagram({
  scene,
  graph,
  active,
  selected,
  onSelect,
  lastTransitions,
  pathTransitions,
  coverage,
  collapsed,
  onCollapse,
  onReveal,
  ids,
  onIds,
  initialZoom,
  onZoom,
  pending,
  onFirstPaint,
  changes,
  showRequest,
  visits,
  stepsView,
}: DiagramProps) {
  const viewport = useRef<HTMLDivElement>(null);
  const [size, setSize] = useState<{ w: number; h: number } | undefined>(undefined);
  /** The view once the person moved or zoomed (or the link said a zoom); until then it follows the page. */
  const [moved, setMoved] = useState<View | undefined>(undefined);
  const drag = useRef<{ id: number; x: number; y: number; moved: boolean } | undefined>(undefined);
  const suppressClick = useRef(false);
  const [query, setQuery] = useState('');
  /** A state to show once it is drawn (after its collapsed parents are expanded). */
  const [showNext, setShowNext] = useState<string | undefined>(undefined);
  const searchId = useId();

  const boxes = useMemo(() => new Map(scene.states.map((s) => [s.id, s])), [scene]);
  const parentOf = useMemo(() => new Map(graph.states.map((s) => [s.id, s.parent])), [graph]);
  /** The box a state is drawn in: its own, or that of the collapsed state that holds it. */
  const drawnBox = useCallback(
    (id: string): SceneState | undefined => {
      for (let cur: string | null | undefined = id; cur; cur = parentOf.get(cur)) {
        const s = boxes.get(cur);
        if (s) return s;
      }
      return undefined;
    },
    [boxes, parentOf],
  );

  /** The boxes of the deepest active states of every region. */
  const activeBox = useMemo(() => {
    const leaves = graph.states.filter((s) => active.has(s.id) && !s.children.some((c) => active.has(c)));
    return union(leaves.map((s) => drawnBox(s.id)?.box).filter((b): b is Box => b !== undefined));
  }, [graph, active, drawnBox]);

  const fit = useCallback((): View => {
    if (!size) return { x: MARGIN, y: MARGIN, k: 1 };
    const k = clampScale(
      Math.min((size.w - 2 * MARGIN) / scene.width, (size.h - 2 * MARGIN) / scene.height, MAX_FIT),
    );
    return { k, x: (size.w - scene.width * k) / 2, y: (size.h - scene.height * k) / 2 };
  }, [scene, size]);

  /**
   * A view at scale k with `box` in its middle (its top when it is taller than the view), moved no
   * further than needed to keep the diagram's edges from leaving empty room inside the view.
   */
  const centred = useCallback(
    (box: Box, k: number): View => {
      if (!size) return { x: MARGIN, y: MARGIN, k };
      let x = size.w / 2 - (box.x + box.width / 2) * k;
      let y =
        box.height * k > size.h - 2 * MARGIN ? MARGIN - box.y * k : size.h / 2 - (box.y + box.height / 2) * k;
      const clamp = (v: number, extent: number, room: number) =>
        extent * k + 2 * MARGIN <= room
          ? (room - extent * k) / 2
          : Math.min(MARGIN, Math.max(room - extent * k - MARGIN, v));
      x = clamp(x, scene.width, size.w);
      y = clamp(y, scene.height, size.h);
      return { k, x, y };
    },
    [size, scene],
  );

  /** The view changed as little as possible so that `box` is in it (zooming out down to FOLLOW_MIN). */
  const include = useCallback(
    (view: View, box: Box): View => {
      if (!size) return view;
      const room = Math.min((size.w - 2 * MARGIN) / box.width, (size.h - 2 * MARGIN) / box.height);
      const k = room < view.k ? Math.max(FOLLOW_MIN, room) : view.k;
      const left = -view.x / view.k;
      const top = -view.y / view.k;
      const inside =
        k === view.k &&
        box.x >= left + MARGIN / k &&
        box.y >= top + MARGIN / k &&
        box.x + box.width <= left + (size.w - MARGIN) / k &&
        box.y + box.height <= top + (size.h - MARGIN) / k;
      return inside ? view : centred(box, k);
    },
    [size, centred],
  );

  /** As the page opens: fitted when readable, else readable on the active states. */
  const initial = useMemo((): View => {
    const fitted = fit();
    if (!size) return fitted;
    if (initialZoom !== undefined) {
      const k = clampScale(initialZoom / 100);
      const target = (selected ? drawnBox(selected)?.box : undefined) ?? activeBox;
      return target ? centred(target, k) : { ...fitted, k };
    }
    if (fitted.k >= FIT_READABLE || !activeBox || size.w < PHONE_WIDTH) return fitted;
    const room = Math.min((size.w - 2 * MARGIN) / activeBox.width, (size.h - 2 * MARGIN) / activeBox.height);
    // Every active state on the screen, even when regions far apart need less than FOLLOW_MIN
    // (never smaller than the whole diagram fitted).
    const k = room >= FOLLOW_MIN ? Math.min(READABLE_SCALE, room) : clampScale(Math.max(room, fitted.k));
    return centred(activeBox, k);
  }, [fit, size, initialZoom, selected, drawnBox, activeBox, centred]);

  const view = moved ?? initial;
  const change = useCallback(
    (next: (v: View) => View) => {
      setMoved((v) => {
        const result = next(v ?? initial);
        onZoom(Math.round(result.k * 100));
        return result;
      });
    },
    [initial, onZoom],
  );

  // The view follows the machine: after a step, every active state is brought into view.
  const activeKey = [...active].sort().join(' ');
  const [followed, setFollowed] = useState(activeKey);
  if (followed !== activeKey) {
    setFollowed(activeKey);
    if (moved && activeBox) setMoved(include(moved, activeBox));
  }

  // A state collapsed or expanded stays where it was on the screen once the diagram is redrawn.
  const drawnCollapsed = [...scene.collapsed].sort().join(',');
  const [anchor, setAnchor] = useState<{ id: string; drawn: string; sx: number; sy: number } | undefined>(
    undefined,
  );
  if (anchor && anchor.drawn !== drawnCollapsed) {
    const s = boxes.get(anchor.id);
    setAnchor(undefined);
    if (s) setMoved({ k: view.k, x: anchor.sx - s.box.x * view.k, y: anchor.sy - s.box.y * view.k });
  }
  // A state unfolded is shown whole once redrawn, or from its top when it would not read whole.
  const [unfolded, setUnfolded] = useState<{ id: string; drawn: string } | undefined>(undefined);
  if (unfolded && unfolded.drawn !== drawnCollapsed) {
    const s = boxes.get(unfolded.id);
    setUnfolded(undefined);
    if (s && size) {
      const room = Math.min(
        (size.w - 2 * MARGIN) / s.box.width,
        (size.h - 2 * MARGIN) / s.box.height,
        MAX_FIT,
      );
      setMoved(centred(s.box, Math.max(room, READABLE_ZOOM)));
    }
  }
  const toggle = (id: string, collapse: boolean) => {
    const s = boxes.get(id);
    if (!collapse) setUnfolded({ id, drawn: drawnCollapsed });
    else if (s)
      setAnchor({ id, drawn: drawnCollapsed, sx: view.x + s.box.x * view.k, sy: view.y + s.box.y * view.k });
    onCollapse(id, collapse);
  };

  // A state asked for from outside (the list of changes, which expands what holds it), shown
  // like one found by the search.
  const [shownRequest, setShownRequest] = useState(showRequest?.seq);
  if (showRequest && showRequest.seq !== shownRequest) {
    setShownRequest(showRequest.seq);
    setShowNext(showRequest.id);
  }

  // A state asked for by the search, shown once it is drawn (its collapsed parents expanded).
  const wanted = showNext === undefined ? undefined : boxes.get(showNext);
  if (showNext !== undefined && wanted) {
    setShowNext(undefined);
    setMoved(centred(wanted.box, Math.max(view.k, READABLE_SCALE)));
  }

  useEffect(() => {
    const el = viewport.current;
    if (!el) return;
    const observer = new ResizeObserver(() => {
      if (el.clientWidth > 0) setSize({ w: el.clientWidth, h: el.clientHeight });
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    onFirstPaint?.();
  }, [onFirstPaint]);

  const zoomAt = useCallback(
    (factor: number, cx?: number, cy?: number) => {
      change((v) => {
        const px = cx ?? (size ? size.w / 2 : 0);
        const py = cy ?? (size ? size.h / 2 : 0);
        const k = clampScale(v.k * factor);
        return { k, x: px - ((px - v.x) * k) / v.k, y: py - ((py - v.y) * k) / v.k };
      });
    },
    [change, size],
  );

  useEffect(() => {
    const el = viewport.current;
    if (!el) return;
    const onWheel = (event: WheelEvent) => {
      event.preventDefault();
      const rect = el.getBoundingClientRect();
      zoomAt(Math.exp(-event.deltaY * 0.0015), event.clientX - rect.left, event.clientY - rect.top);
    };
    el.addEventListener('wheel', onWheel, { passive: false });
    return () => el.removeEventListener('wheel', onWheel);
  }, [zoomAt]);

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0) return;
    drag.current = { id: event.pointerId, x: event.clientX, y: event.clientY, moved: false };
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    if (!d || d.id !== event.pointerId) return;
    const dx = event.clientX - d.x;
    const dy = event.clientY - d.y;
    if (!d.moved && Math.hypot(dx, dy) < 4) return;
    if (!d.moved) event.currentTarget.setPointerCapture(event.pointerId);
    d.moved = true;
    d.x = event.clientX;
    d.y = event.clientY;
    change((v) => ({ ...v, x: v.x + dx, y: v.y + dy }));
  };
  const onPointerUp = () => {
    // A click that ends a drag does not select.
    const wasDrag = drag.current?.moved === true;
    drag.current = undefined;
    if (wasDrag) suppressClick.current = true;
  };

  const fitToScreen = () => {
    const fitted = fit();
    setMoved(fitted);
    onZoom(Math.round(fitted.k * 100));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = 60;
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [step, 0],
      ArrowRight: [-step, 0],
      ArrowUp: [0, step],
      ArrowDown: [0, -step],
    };
    const move = moves[event.key];
    if (move) {
      event.preventDefault();
      change((v) => ({ ...v, x: v.x + move[0], y: v.y + move[1] }));
    } else if (event.key === '+' || event.key === '=') {
      event.preventDefault();
      zoomAt(1.25);
    } else if (event.key === '-') {
      event.preventDefault();
      zoomAt(0.8);
    } else if (event.key === '0') {
      event.preventDefault();
      fitToScreen();
    }
  };

  const select = (id: string) => {
    if (suppressClick.current) {
      suppressClick.current = false;
      return;
    }
    onSelect(id);
  };

  const show = (id: string) => {
    setQuery('');
    onReveal(id);
    onSelect(id);
    setShowNext(id);
  };

  const matches = useMemo(() => searchStates(graph, query), [graph, query]);
  const stateCovered = (id: string) => (coverage ? coverage.states.has(id) : undefined);
  const stateFailed = (id: string) => coverage?.failed?.has(id) ?? false;
  const edgeCovered = (e: SceneEdge) =>
    coverage && e.transition ? coverage.transitions.has(e.transition.key) : undefined;

  return (
    <div className="diagram">
      <div className="diagram-toolbar" role="toolbar" aria-label="Vista del diagrama">
        <button type="button" onClick={() => zoomAt(1.25)}>
          Acercar
        </button>
        <button type="button" onClick={() => zoomAt(0.8)}>
          Alejar
        </button>
        <button type="button" onClick={fitToScreen}>
          Ajustar a la pantalla
        </button>
        <button
          type="button"
          onClick={() => {
            setMoved({ x: MARGIN, y: MARGIN, k: 1 });
            onZoom(100);
          }}
        >
          Tamaño real
        </button>
        <output className="zoom" aria-label="Zoom">
          {Math.round(view.k * 100)} %
        </output>
        {stepsView ? (
          <label className="check inline">
            <input
              type="checkbox"
              checked={stepsView.on}
              onChange={(e) => stepsView.onChange(e.target.checked)}
            />{' '}
            Solo los pasos
          </label>
        ) : null}
        <label className="check inline">
          <input type="checkbox" checked={ids} onChange={(e) => onIds(e.target.checked)} /> Nombres del código
        </label>
        {pending ? (
          <span role="status" className="muted small">
            Dibujando…
          </span>
        ) : null}
        <div className="diagram-search">
          <label htmlFor={searchId} className="visually-hidden">
            Buscar un estado
          </label>
          <input
            id={searchId}
            type="search"
            value={query}
            placeholder="Buscar un estado: contacto, pago…"
            autoComplete="off"
            onChange={(e) => setQuery(e.target.value)}
            onKeyDown={(e) => {
              const first = matches[0];
              if (e.key === 'Enter' && first) {
                e.preventDefault();
                show(first.id);
              }
            }}
          />
          {query.trim() !== '' ? (
            <ul className="search-results" aria-label="Estados encontrados">
              {matches.length === 0 ? <li className="muted">Ningún estado coincide.</li> : null}
              {matches.map((m) => (
                <li key={m.id}>
                  <button type="button" className="link" onClick={() => show(m.id)}>
                    {m.meaning} <Ident className="secondary">{m.short}</Ident>
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      </div>
      <div
        ref={viewport}
        className="diagram-viewport"
        role="region"
        aria-label="Diagrama de estados: arrastra para moverlo; flechas, + y - con el teclado, 0 para ajustarlo"
        tabIndex={0}
        onKeyDown={onKeyDown}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerUp}
        aria-busy={pending}
      >
        <svg
          className={`diagram-svg${changes ? ' showing-changes' : ''}`}
          width="100%"
          height="100%"
          role="group"
          aria-label="Diagrama de estados del flujo"
          fontFamily={DIAGRAM_FONT}
          fontSize={12}
        >
          <defs>
            {arrowMarkers().map(({ kind, color }) => (
              <marker
                key={kind}
                id={`arrow-${kind}`}
                viewBox="0 0 10 10"
                refX="9"
                refY="5"
                markerUnits="userSpaceOnUse"
                markerWidth="10"
                markerHeight="10"
                orient="auto-start-reverse"
              >
                <path d="M0 0L10 5L0 10z" fill={color} />
              </marker>
            ))}
            <marker
              id="arrow-taken"
              viewBox="0 0 10 10"
              refX="9"
              refY="5"
              markerUnits="userSpaceOnUse"
              markerWidth="12"
              markerHeight="12"
              orient="auto-start-reverse"
            >
              <path d="M0 0L10 5L0 10z" fill="#6d28d9" />
            </marker>
            {changes ? <ChangeDefs /> : null}
          </defs>
          <g transform={`translate(${view.x} ${view.y}) scale(${view.k})`}>
            {scene.states.map((s) => {
              const isActive = active.has(s.id);
              const failed = stateFailed(s.id);
              const covered = failed ? undefined : stateCovered(s.id);
              const visitsText = visits?.states.get(s.id);
              const { x, y, width, height } = s.box;
              return (
                <g
                  key={s.id}
                  className={`state kind-${s.kind}${s.state.region ? ' region' : ''}${s.state.children.length > 0 ? ' has-children' : ''}${s.hidden !== undefined ? ' collapsed' : ''}${s.state.change ? ` change-${s.state.change}` : ''}`}
                  data-state-id={s.id}
                  data-change={s.state.change}
                  data-active={isActive ? 'true' : undefined}
                  data-covered={covered === false ? 'false' : undefined}
                  data-qa-failed={failed ? 'true' : undefined}
                  data-visits={visitsText}
                  data-selected={selected === s.id ? 'true' : undefined}
                  role="button"
                  tabIndex={0}
                  aria-pressed={selected === s.id}
                  aria-label={stateLabel(s, isActive, covered, visitsText, failed)}
                  onClick={(event) => {
                    event.stopPropagation();
                    select(s.id);
                  }}
                  onKeyDown={(event) => {
                    if (event.key === 'Enter' || event.key === ' ') {
                      event.preventDefault();
                      event.stopPropagation();
                      onSelect(s.id);
                    }
                  }}
                >
                  <rect className="frame" x={x} y={y} width={width} height={height} rx={8} />
                  {s.kind === 'final' ? (
                    <rect
                      className="inner"
                      x={x + 3}
                      y={y + 3}
                      width={width - 6}
                      height={height - 6}
                      rx={6}
                    />
                  ) : null}
                  {s.divider !== undefined ? (
                    <line className="divider" x1={x} y1={s.divider} x2={x + width} y2={s.divider} />
                  ) : null}
                  {s.lines.map((line, i) => (
                    <Line key={i} line={line} />
                  ))}
                  {failed ? (
                    <text
                      className="qa-failed-mark"
                      x={x + width - (s.state.children.length > 0 ? TOGGLE + 10 : 6)}
                      y={y + height - 6}
                      textAnchor="end"
                    >
                      falló en QA
                    </text>
                  ) : null}
                  {covered === false ? (
                    <text
                      className="uncovered-mark"
                      x={x + width - (s.state.children.length > 0 ? TOGGLE + 10 : 6)}
                      y={y + height - 6}
                      textAnchor="end"
                    >
                      sin cubrir
                    </text>
                  ) : null}
                  {visitsText ? (
                    <text className="visits-mark" x={x + 6} y={y + height - 6}>
                      {visitsText}
                    </text>
                  ) : null}
                </g>
              );
            })}
            {scene.markers.map((m) => (
              <circle key={m.id} className="initial-marker" cx={m.cx} cy={m.cy} r={m.r / 1.5} />
            ))}
            {scene.edges.map((e) => {
              const key = e.transition?.key;
              const taken = key !== undefined && lastTransitions.has(key);
              const onPath = key !== undefined && pathTransitions.has(key);
              const covered = edgeCovered(e);
              const change = e.transition?.change;
              // The route a changed transition took before is selected as that transition; a
              // transition with several targets is selected by its labelled edge.
              const detail = e.transition?.changeOf ?? key;
              const pick =
                changes && change && detail && e.label ? () => changes.onSelectTransition(detail) : undefined;
              const picked = pick !== undefined && changes?.selectedTransition === detail;
              const traffic = key === undefined ? undefined : visits?.transitions.get(key);
              // The highlights of the simulation keep their own width.
              const width = taken || onPath ? undefined : traffic?.width;
              const arrow = taken
                ? 'taken'
                : change
                  ? `change-${change === 'previous' ? 'removed' : change}`
                  : changes
                    ? 'quiet'
                    : edgeMarker(e);
              return (
                <g
                  key={e.id}
                  className={`edge kind-${e.kind}${e.transition?.failure ? ' to-failure' : ''}${taken ? ' taken' : ''}${onPath ? ' on-path' : ''}${covered === false ? ' uncovered' : ''}${change ? ` change-${change}` : ''}${picked ? ' selected' : ''}${traffic?.never ? ' never-taken' : ''}`}
                  data-transition={key}
                  data-visits={e.label ? traffic?.text : undefined}
                  data-change={change}
                  {...(pick && e.transition
                    ? {
                        role: 'button',
                        tabIndex: 0,
                        'aria-pressed': picked,
                        'aria-label': `${TRANSITION_CHANGE_WORDS[change ?? 'changed']}: ${e.transition.description || 'sin descripción'}. Ver antes y ahora`,
                        onClick: (event: { stopPropagation: () => void }) => {
                          event.stopPropagation();
                          if (suppressClick.current) suppressClick.current = false;
                          else pick();
                        },
                        onKeyDown: (event: KeyboardEvent<SVGGElement>) => {
                          if (event.key === 'Enter' || event.key === ' ') {
                            event.preventDefault();
                            event.stopPropagation();
                            pick();
                          }
                        },
                      }
                    : { 'aria-hidden': true })}
                >
                  <path
                    d={e.d}
                    markerEnd={`url(#arrow-${arrow})`}
                    style={width === undefined ? undefined : { strokeWidth: width }}
                  />
                  {e.label ? (
                    <>
                      <rect
                        className="label-bg"
                        x={e.label.box.x}
                        y={e.label.box.y}
                        width={e.label.box.width}
                        height={e.label.box.height}
                        rx={3}
                      />
                      {e.label.lines.map((line, i) => (
                        <Line key={i} line={line} />
                      ))}
                      {traffic ? (
                        <text className="visits-mark" x={e.label.box.x} y={e.label.box.y - 4}>
                          {traffic.text}
                        </text>
                      ) : null}
                    </>
                  ) : null}
                </g>
              );
            })}
            {scene.ghosts.map((g) => (
              <g
                key={g.id}
                className="ghost"
                data-ghost-of={g.target}
                role="button"
                tabIndex={0}
                aria-label={`También pasa a: ${stateMeaning(
                  graph.states.find((s) => s.id === g.target),
                  g.target,
                )}. Mostrar ese estado`}
                onClick={(event) => {
                  event.stopPropagation();
                  show(g.target);
                }}
                onKeyDown={(event) => {
                  if (event.key === 'Enter' || event.key === ' ') {
                    event.preventDefault();
                    show(g.target);
                  }
                }}
              >
                <rect x={g.box.x} y={g.box.y} width={g.box.width} height={g.box.height} rx={6} />
                {g.lines.map((line, i) => (
                  <Line key={i} line={line} />
                ))}
              </g>
            ))}
          </g>
          {scene.states
            .filter((s) => s.state.parent !== null && s.state.children.length > 0)
            .map((s) => {
              const isCollapsed = collapsed.has(s.id);
              // Drawn on the screen's scale: as the chart grows, and never below a finger's target.
              const size = Math.max(TOGGLE_MIN_PX, TOGGLE * view.k);
              const inset = Math.max(4, 5 * view.k);
              const tx = view.x + (s.box.x + s.box.width) * view.k - size - inset;
              const ty = view.y + s.box.y * view.k + inset;
              const p = size / 4.5;
              const meaning = stateMeaning(s.state, s.id);
              return (
                <g
                  key={`${s.id}:toggle`}
                  className="toggle"
                  data-toggle-of={s.id}
                  role="button"
                  tabIndex={0}
                  aria-expanded={!isCollapsed}
                  aria-label={`${isCollapsed ? 'Desplegar' : 'Plegar'}: ${meaning}`}
                  onClick={(event) => {
                    event.stopPropagation();
                    toggle(s.id, !isCollapsed);
                  }}
                  onKeyDown={(event) => {
                    if (event.key === 'Enter' || event.key === ' ') {
                      event.preventDefault();
                      event.stopPropagation();
                      toggle(s.id, !isCollapsed);
                    }
                  }}
                >
                  <rect x={tx} y={ty} width={size} height={size} rx={size / 4.5} />
                  <path
                    d={
                      isCollapsed
                        ? `M${tx + p} ${ty + size / 2}H${tx + size - p}M${tx + size / 2} ${ty + p}V${ty + size - p}`
                        : `M${tx + p} ${ty + size / 2}H${tx + size - p}`
                    }
                  />
                </g>
              );
            })}
        </svg>
      </div>
    </div>
  );
}

/** The colours of a chart of changes: its arrows and the hatching of what was removed. */
export const CHANGE_COLORS = {
  added: '#15803d',
  removed: '#b91c1c',
  changed: '#a16207',
  quiet: '#64748b',
} as const;

function ChangeDefs() {
  return (
    <>
      {Object.entries(CHANGE_COLORS).map(([name, color]) => (
        <marker
          key={name}
          id={name === 'quiet' ? 'arrow-quiet' : `arrow-change-${name}`}
          viewBox="0 0 10 10"
          refX="9"
          refY="5"
          markerUnits="userSpaceOnUse"
          markerWidth={name === 'quiet' ? 10 : 12}
          markerHeight={name === 'quiet' ? 10 : 12}
          orient="auto-start-reverse"
        >
          <path d="M0 0L10 5L0 10z" fill={color} />
        </marker>
      ))}
      <pattern
        id="hatch-removed"
        patternUnits="userSpaceOnUse"
        width="8"
        height="8"
        patternTransform="rotate(45)"
      >
        <rect width="8" height="8" fill="#fef2f2" />
        <line x1="0" y1="0" x2="0" y2="8" stroke="#fecaca" strokeWidth="3" />
      </pattern>
    </>
  );
}
