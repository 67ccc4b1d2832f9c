/**
 * The statechart, drawn from the scene (the same one the docs' SVG draws), with pan and zoom:
 * drag to move, wheel or the buttons to zoom, arrows and +/- from the keyboard when the diagram
 * has the focus. Every state is a focusable button carrying data-state-id and, while active,
 * data-active="true".
 */
import {
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type PointerEvent,
} from 'react';
import { shortId } from './format';
import type { MachineCoverage } from './artifacts';
import type { Scene, SceneEdge, SceneState } from './graph/scene';
import { DIAGRAM_FONT, arrowMarkers } from './graph/svg';

interface View {
  x: number;
  y: number;
  k: number;
}

const MIN_SCALE = 0.15;
const MAX_SCALE = 3;
/** Below this fit scale the text is too small to read: the diagram opens at READABLE_SCALE instead. */
const FIT_READABLE = 0.7;
const READABLE_SCALE = 0.8;
const MARGIN = 12;

export interface DiagramProps {
  scene: Scene;
  active: ReadonlySet<string>;
  selected: string | undefined;
  onSelect: (id: string) => void;
  /** Transitions taken by the last step (strong) and by the path being replayed (light). */
  lastTransitions: ReadonlySet<string>;
  pathTransitions: ReadonlySet<string>;
  coverage: MachineCoverage | undefined;
  onFirstPaint?: () => void;
}

function clampScale(k: number): number {
  return Math.min(MAX_SCALE, Math.max(MIN_SCALE, k));
}

function stateLabel(s: SceneState, active: boolean, covered: boolean | undefined): string {
  const kind =
    s.kind === 'parallel'
      ? 'paralelo'
      : s.kind === 'final'
        ? 'final'
        : s.state.region
          ? 'región'
          : s.kind === 'compound'
            ? 'compuesto'
            : 'simple';
  const parts = [`Estado ${s.state.parent === null ? s.id : shortId(s.id)} (${kind})`];
  if (s.state.initial) parts.push('inicial');
  if (active) parts.push('activo');
  if (covered === false) parts.push('sin cubrir por QA');
  return parts.join(', ');
}

export function Diagram({
  scene,
  active,
  selected,
  onSelect,
  lastTransitions,
  pathTransitions,
  coverage,
  onFirstPaint,
}: DiagramProps) {
  const viewport = useRef<HTMLDivElement>(null);
  const [size, setSize] = useState<{ w: number; h: number } | undefined>(undefined);
  /** The view once the person moved or zoomed; until then the initial view follows the page. */
  const [moved, setMoved] = useState<View | undefined>(undefined);
  const drag = useRef<{ id: number; x: number; y: number; moved: boolean } | undefined>(undefined);

  const fit = useCallback((): View => {
    if (!size) return { x: MARGIN, y: MARGIN, k: 1 };
    const k = clampScale(
      Math.min((size.w - 2 * MARGIN) / scene.width, (size.h - 2 * MARGIN) / scene.height, 1.5),
    );
    return { k, x: (size.w - scene.width * k) / 2, y: (size.h - scene.height * k) / 2 };
  }, [scene, size]);

  // The first active state (in document order) that has no children: what the view opens on.
  const focus = scene.states.find((s) => s.state.children.length === 0 && active.has(s.id))?.box;

  /** Fitted when that stays readable; otherwise readable and centred on the active state. */
  const initial = useMemo((): View => {
    const fitted = fit();
    if (!size || fitted.k >= FIT_READABLE) return fitted;
    const k = READABLE_SCALE;
    if (!focus) return { x: MARGIN, y: MARGIN, k };
    const clamp = (value: number, extent: number, room: number) =>
      Math.min(MARGIN, Math.max(room - extent * k - MARGIN, value));
    return {
      k,
      x: clamp(size.w / 2 - (focus.x + focus.width / 2) * k, scene.width, size.w),
      y: clamp(size.h / 3 - focus.y * k, scene.height, size.h),
    };
  }, [fit, size, focus, scene]);

  const view = moved ?? initial;
  const change = useCallback((next: (v: View) => View) => setMoved((v) => next(v ?? initial)), [initial]);

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
    const moved = drag.current?.moved === true;
    drag.current = undefined;
    if (moved) suppressClick.current = true;
  };
  const suppressClick = useRef(false);

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
      setMoved(fit());
    }
  };

  const select = (id: string) => {
    if (suppressClick.current) {
      suppressClick.current = false;
      return;
    }
    onSelect(id);
  };

  const stateCovered = (id: string) => (coverage ? coverage.states.has(id) : undefined);
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
        <button type="button" onClick={() => setMoved(fit())}>
          Ajustar a la pantalla
        </button>
        <button type="button" onClick={() => setMoved({ x: MARGIN, y: MARGIN, k: 1 })}>
          Tamaño real
        </button>
        <span className="muted zoom">{Math.round(view.k * 100)} %</span>
      </div>
      <div
        ref={viewport}
        className="diagram-viewport"
        role="region"
        aria-label="Diagrama de estados: arrastra para moverlo; flechas, + y - con el teclado"
        tabIndex={0}
        onKeyDown={onKeyDown}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerUp}
      >
        <svg
          className="diagram-svg"
          width="100%"
          height="100%"
          role="group"
          aria-label={`Diagrama de ${scene.machineId}`}
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
          </defs>
          <g transform={`translate(${view.x} ${view.y}) scale(${view.k})`}>
            {scene.states.map((s) => {
              const isActive = active.has(s.id);
              const covered = stateCovered(s.id);
              const { x, y, width, height } = s.box;
              return (
                <g
                  key={s.id}
                  className={`state kind-${s.kind}${s.state.region ? ' region' : ''}${s.state.children.length > 0 ? ' has-children' : ''}`}
                  data-state-id={s.id}
                  data-active={isActive ? 'true' : undefined}
                  data-covered={covered === false ? 'false' : undefined}
                  data-selected={selected === s.id ? 'true' : undefined}
                  role="button"
                  tabIndex={0}
                  aria-pressed={selected === s.id}
                  aria-label={stateLabel(s, isActive, covered)}
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
                  <text className="title" x={s.title.x} y={s.title.y}>
                    {s.kind === 'parallel' ? `${s.title.text} ‖` : s.title.text}
                  </text>
                  {s.lines.map((line, i) => (
                    <text key={i} className="line" x={line.x} y={line.y}>
                      {line.text}
                    </text>
                  ))}
                  {covered === false ? (
                    <text className="uncovered-mark" x={x + width - 6} y={y + 15} textAnchor="end">
                      sin cubrir
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
              return (
                <g
                  key={e.id}
                  className={`edge kind-${e.kind}${taken ? ' taken' : ''}${onPath ? ' on-path' : ''}${covered === false ? ' uncovered' : ''}`}
                  data-transition={key}
                  aria-hidden="true"
                >
                  <path d={e.d} markerEnd={`url(#arrow-${taken ? 'taken' : e.kind})`} />
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
                        <text key={i} x={line.x} y={line.y}>
                          {line.text}
                        </text>
                      ))}
                    </>
                  ) : null}
                </g>
              );
            })}
          </g>
        </svg>
      </div>
    </div>
  );
}
