import type { FlowEntry } from './flow-notes';
import { exportsOf, findFlowParts, isMachine } from './flow-parts';

/**
 * The flow catalogue: every flow machine of the site. Each flow declares its entry next to its
 * machine, in src/flows/<flow>/<flow>.flow.ts: its place in the list (`order`), title, description
 * (built from the constants it names, so a number can never go stale) and one line per named
 * event, guard, action, actor and delay, in plain Spanish. Nothing lists the flows: every
 * `*.flow.ts` of a flow folder is found (./flow-parts.ts says how, under Vite and under Node).
 * `npm run docs:flows` turns it into docs/flows/; the flow explorer (/flujos/) shows it.
 */

export type { FlowEntry };

function isFlowEntry(value: unknown): value is FlowEntry {
  if (typeof value !== 'object' || value === null) return false;
  const entry = value as Partial<FlowEntry>;
  return typeof entry.slug === 'string' && typeof entry.order === 'number' && isMachine(entry.machine);
}

const found = await findFlowParts('entry', () => import.meta.glob('./*/*.flow.ts', { eager: true }));

/** Every flow machine of the site, by their `order`: the order of the docs index and the explorer. */
export const flows: readonly FlowEntry[] = exportsOf(found, isFlowEntry)
  .map((part) => part.value)
  .sort((a, b) => a.order - b.order);
