/**
 * The flow explorer's diagram of every machine as a static SVG, docs/flows/<slug>.svg, linked from
 * each flow page: the same description, elkjs layout and drawing as the explorer at /flujos/, so
 * the diagram on the repository's web view is the explorer's. Written by writeFlowDocs
 * (./generate.ts); a staleness test regenerates it in memory.
 */
import ELK from 'elkjs/lib/elk.bundled.js';
import type { FlowEntry } from '../catalogue';
import { describeMachine } from '../graph/describe';
import { layoutView } from '../graph/layout';
import { buildView } from '../graph/layout-input';
import { buildScene } from '../graph/scene';
import { renderSvg } from '../graph/svg';

export function svgFileName(entry: FlowEntry): string {
  return `${entry.slug}.svg`;
}

/** Every diagram, by file name inside docs/flows. */
export async function generateFlowSvgs(entries: readonly FlowEntry[]): Promise<Map<string, string>> {
  const elk = new ELK();
  const files = new Map<string, string>();
  for (const entry of entries) {
    const view = buildView(describeMachine(entry.machine));
    const scene = buildScene(view, await layoutView(elk, view));
    files.set(svgFileName(entry), renderSvg(scene, `${entry.title}: ${entry.machine.id}`));
  }
  return files;
}
