/** Layouts outside a page (scripts and tests): elkjs's bundled build, one engine for every call. */
import ELK from 'elkjs/lib/elk.bundled.js';
import type { FlowGraph } from './describe';
import { layoutGraph, type Geometry } from './layout';
import type { ViewOptions } from './layout-input';

export function flowLayouter(): (graph: FlowGraph, options?: ViewOptions) => Promise<Geometry> {
  const elk = new ELK();
  return (graph, options) => layoutGraph(elk, graph, options);
}
