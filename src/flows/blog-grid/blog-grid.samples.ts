/**
 * The blog grid's model runs (the site's four posts, and five where a category needs two pages) and
 * sample events. The model tests, the browser model paths and the flow explorer take them from here
 * (one list of events for every state; the model keeps those a state accepts).
 */
import type { EventObject } from 'xstate';
import { blogGridMachine, type BlogGridInput } from './blog-grid.machine';
import type { MachineModel } from '@tienda/flow-workbench/kit';

const ev = (type: string, extra: Record<string, unknown> = {}) => ({ type, ...extra }) as EventObject;

/** The site's four posts by category, and a longer list where a category needs two pages. */
export const BLOG_GRID_RUNS = [
  {
    label: 'los cuatro artículos del sitio',
    input: {
      posts: [
        { slug: 'w', category: 'WhatsApp' },
        { slug: 'v', category: 'Ventas' },
        { slug: 'h', category: 'Instagram' },
        { slug: 'p', category: 'Instagram' },
      ],
    },
  },
  {
    label: 'cinco artículos, Instagram en dos páginas',
    input: {
      posts: [
        { slug: 'a', category: 'Instagram' },
        { slug: 'b', category: 'Ventas' },
        { slug: 'c', category: 'Instagram' },
        { slug: 'd', category: 'Instagram' },
        { slug: 'e', category: 'Ventas' },
      ],
    },
  },
] as const satisfies readonly { label: string; input: BlogGridInput }[];
const blogGridEvents = [
  ev('posts.more'),
  ...[null, 'Instagram', 'Ventas', 'Cocina'].map((category) => ev('category.select', { category })),
];
export const blogGridModel: MachineModel = {
  machine: blogGridMachine,
  runs: BLOG_GRID_RUNS.map((run) => ({ ...run, events: () => blogGridEvents })),
  samples: () => blogGridEvents,
};
