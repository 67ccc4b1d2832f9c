/** A scene as a standalone SVG document (the static diagrams in docs/flows/). */
import type { Scene, SceneEdge, SceneState } from './scene';

export const DIAGRAM_FONT = "ui-monospace, SFMono-Regular, Menlo, Consolas, 'DejaVu Sans Mono', monospace";

/** Colours by edge kind; the explorer's stylesheet uses the same ones. */
export const EDGE_COLORS: Record<SceneEdge['kind'], string> = {
  event: '#334155',
  after: '#92400e',
  done: '#166534',
  error: '#b91c1c',
  always: '#475569',
  finished: '#334155',
  initial: '#0f172a',
};

function esc(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function stateSvg(s: SceneState): string {
  const { x, y, width, height } = s.box;
  const dashed = s.state.region ? ' stroke-dasharray="6 4"' : '';
  const fill = s.state.children.length > 0 ? '#f8fafc' : '#ffffff';
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
  const title = s.kind === 'parallel' ? `${s.title.text} ‖` : s.title.text;
  parts.push(
    `<text x="${s.title.x}" y="${s.title.y}" font-weight="bold" font-size="13">${esc(title)}</text>`,
  );
  for (const line of s.lines)
    parts.push(`<text x="${line.x}" y="${line.y}" fill="#475569">${esc(line.text)}</text>`);
  return `<g data-state-id="${esc(s.id)}">${parts.join('')}</g>`;
}

function edgeSvg(e: SceneEdge): string {
  const color = EDGE_COLORS[e.kind];
  const dash =
    e.kind === 'after' ? ' stroke-dasharray="5 3"' : e.kind === 'always' ? ' stroke-dasharray="2 3"' : '';
  const parts = [
    `<path d="${e.d}" fill="none" stroke="${color}" stroke-width="1.4"${dash} marker-end="url(#arrow-${e.kind})"/>`,
  ];
  if (e.label) {
    const { x, y, width, height } = e.label.box;
    parts.push(
      `<rect x="${x}" y="${y}" width="${width}" height="${height}" rx="3" fill="#ffffff" fill-opacity="0.92"/>`,
    );
    for (const line of e.label.lines)
      parts.push(`<text x="${line.x}" y="${line.y}" fill="${color}">${esc(line.text)}</text>`);
  }
  return `<g data-transition="${esc(e.id)}">${parts.join('')}</g>`;
}

export function arrowMarkers(): { kind: SceneEdge['kind']; color: string }[] {
  return (Object.keys(EDGE_COLORS) as SceneEdge['kind'][]).map((kind) => ({
    kind,
    color: EDGE_COLORS[kind],
  }));
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
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}" role="img" aria-labelledby="title" font-family="${esc(DIAGRAM_FONT)}" font-size="12" fill="#0f172a">`,
    `<title id="title">${esc(title)}</title>`,
    `<defs>\n${markers}\n</defs>`,
    `<rect width="${w}" height="${h}" fill="#ffffff"/>`,
    ...scene.states.map(stateSvg),
    ...scene.markers.map((m) => `<circle cx="${m.cx}" cy="${m.cy}" r="${m.r / 1.5}" fill="#0f172a"/>`),
    ...scene.edges.map(edgeSvg),
    '</svg>',
    '',
  ].join('\n');
}
