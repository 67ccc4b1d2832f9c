import { flows, type FlowEntry } from './catalogue';

export type { FlowEntry };
export { flows };

const PAGE_IN_TITLE = /\s*\(([^)]+)\)\s*$/;

/** The flow's name: its catalogue title without the page in parentheses. */
export function flowName(entry: FlowEntry): string {
  return entry.title.replace(PAGE_IN_TITLE, '');
}

/** The page the flow drives, as the catalogue names it (`/registro`), or undefined. */
export function flowPage(entry: FlowEntry): string | undefined {
  const own = (entry as FlowEntry & { page?: unknown }).page;
  if (typeof own === 'string') return own;
  return PAGE_IN_TITLE.exec(entry.title)?.[1];
}

export function flowDescription(entry: FlowEntry): string {
  return entry.description;
}

export function findFlow(slug: string): FlowEntry | undefined {
  return flows.find((f) => f.slug === slug);
}
