/** A scene as a standalone SVG document (the static diagrams in docs/flows/). */
import type { Scene, SceneEdge, SceneGhost, SceneState, SceneText } from './scene';
import { LINE_STYLES, type LineStyle } from './layout-input';
import { MONO_FONT, SANS_FONT } from './text';

export const DIAGRAM_FONT = SANS_FONT;

/**
 * Colours by edge kind (a delay amber, the rest slate) and red for an edge that leads to a failure
 * state, whatever its kind: an answer can lead to a failure and an error can lead elsewhere. The
 * explorer's stylesheet uses the same ones.
 */
export const EDGE_COLORS: Record<SceneEdge['kind'], string> = {
  event: '#334155',
  after: '#92400e',
  done: '#334155',
  error: '#334155',
  always: '#475569',
  finished: '#334155',
  initial: '#0f172a',
};
export const FAILURE_COLOR = '#b91c1c';

/** The arrow marker of an edge: by kind, or the failure one. */
export function edgeMarker(e: Pick<SceneEdge, 'kind' | 'transition'>): SceneEdge['kind'] | 'failure' {
  return e.transition?.failure ? 'failure' : e.kind;
}

/** Colour and weight of each kind of line. */
export const LINE_COLORS: Record<LineStyle, string> = {
  title: '#0f172a',
  meaning: '#0f172a',
  note: '#1e293b',
  id: '#475569',
  detail: '#475569',
  mark: '#0f172a',
};

function esc(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** A line of text: identifiers in their own tspan, marked as English. */
export function textSvg(line: SceneText, fill?: string): string {
  const { size, mono } = LINE_STYLES[line.style];
  const attrs = [
    `x="${line.x}"`,
    `y="${line.y}"`,
    `font-size="${size}"`,
    mono ? `font-family="${esc(MONO_FONT)}"` : '',
    line.style === 'title' || line.style === 'mark' ? 'font-weight="bold"' : '',
    `fill="${fill ?? LINE_COLORS[line.style]}"`,
  ].filter(Boolean);
  const body = line.segs
    .map((s) => (s.en ? `<tspan lang="en">${esc(s.text)}</tspan>` : esc(s.text)))
    .join('');
  return `<text ${attrs.join(' ')}>${body}</text>`;
}

function stateSvg(s: SceneState): string {
  const { x, y, width, height } = s.box;
  const dashed = s.state.region ? ' stroke-dasharray="6 4"' : '';
  const fill = s.hidden !== undefined ? '#eef2ff' : s.state.children.length > 0 ? '#f8fafc' : '#ffffff';
  const parts = [
    `<rect x="${x}" y="${y}" width="${width}" height="${height}" rx="8" fill="${fill}" stroke="#334155" stroke-width="1.5"${dashed}/>`,
  ];
  if (s.kind === 'final') {
    parts.push(
      `<rect x="${x + 3}" y="${y + 3}" width="${width - 6}" height="${height - 6}" rx="6" fill="none" stroke="#334155"/>`,
    );
  }
  if (s.divider !== undefined) {
    parts.push(`<line x1="${x}" y1="${s.divider}" x2="${x + width}" y2="${s.divider}" stroke="#cbd5e1"/>`);
  }
  for (const line of s.lines) parts.push(textSvg(line));
  return `<g data-state-id="${esc(s.id)}">${parts.join('')}</g>`;
}

function ghostSvg(g: SceneGhost): string {
  const { x, y, width, height } = g.box;
  return [
    `<g data-ghost-of="${esc(g.target)}">`,
    `<rect x="${x}" y="${y}" width="${width}" height="${height}" rx="6" fill="#f8fafc" stroke="#64748b" stroke-dasharray="3 3"/>`,
    ...g.lines.map((l) => textSvg(l)),
    '</g>',
  ].join('');
}

function edgeSvg(e: SceneEdge): string {
  const color = e.transition?.failure ? FAILURE_COLOR : EDGE_COLORS[e.kind];
  const dash =
    e.kind === 'after' ? ' stroke-dasharray="5 3"' : e.kind === 'always' ? ' stroke-dasharray="2 3"' : '';
  const parts = [
    `<path d="${e.d}" fill="none" stroke="${color}" stroke-width="1.4"${dash} marker-end="url(#arrow-${edgeMarker(e)})"/>`,
  ];
  if (e.label) {
    const { x, y, width, height } = e.label.box;
    parts.push(
      `<rect x="${x}" y="${y}" width="${width}" height="${height}" rx="3" fill="#ffffff" stroke="${color}" stroke-width="0.6"/>`,
    );
    for (const line of e.label.lines) parts.push(textSvg(line, line.style === 'note' ? color : undefined));
  }
  return `<g data-transition="${esc(e.id)}">${parts.join('')}</g>`;
}

export function arrowMarkers(): { kind: SceneEdge['kind'] | 'failure'; color: string }[] {
  return [
    ...(Object.keys(EDGE_COLORS) as SceneEdge['kind'][]).map((kind) => ({
      kind,
      color: EDGE_COLORS[kind],
    })),
    { kind: 'failure' as const, color: FAILURE_COLOR },
  ];
}

export function renderSvg(scene: Scene, title: string): string {
  const w = Math.ceil(scene.width);
  const h = Math.ceil(scene.height);
  const markers = arrowMarkers()
    .map(
      ({ kind, color }) =>
        `<marker id="arrow-${kind}" viewBox="0 0 10 10" refX="9" refY="5" markerUnits="userSpaceOnUse" markerWidth="10" markerHeight="10" orient="auto-start-reverse"><path d="M0 0L10 5L0 10z" fill="${color}"/></marker>`,
    )
    .join('\n');
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" lang="es" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}" role="img" aria-labelledby="title" font-family="${esc(DIAGRAM_FONT)}" font-size="12" fill="#0f172a">`,
    `<title id="title">${esc(title)}</title>`,
    `<defs>\n${markers}\n</defs>`,
    `<rect width="${w}" height="${h}" fill="#ffffff"/>`,
    ...scene.states.map(stateSvg),
    ...scene.markers.map((m) => `<circle cx="${m.cx}" cy="${m.cy}" r="${m.r / 1.5}" fill="#0f172a"/>`),
    ...scene.edges.map(edgeSvg),
    ...scene.ghosts.map(ghostSvg),
    '</svg>',
    '',
  ].join('\n');
}
