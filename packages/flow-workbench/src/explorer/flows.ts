import catalogue from 'virtual:flow-catalogue';
import versions from 'virtual:flow-versions';
import { flowName, flowPage, modelOf, type FlowEntry } from '../catalogue';
import { withSeconds } from '../words';

export type { FlowEntry };
export { flowName, flowPage };

export const flows = catalogue.flows;

/** What the flow does, as a product owner reads it: durations in seconds, no code marks. */
export function flowDescription(entry: FlowEntry): string {
  return withSeconds(entry.description).replace(/`/g, '');
}

/** The flow's version of this build: what every result shown is checked against. */
export function versionOf(entry: FlowEntry): string {
  return versions[entry.machine.id] ?? '';
}

export function findFlow(slug: string): FlowEntry | undefined {
  return flows.find((f) => f.slug === slug);
}

/** The model of a flow's machine in the site's catalogue, or undefined when it has none yet. */
export function modelFor(entry: FlowEntry) {
  return modelOf(catalogue, entry.machine);
}

export const realAnswers = catalogue.realAnswers ?? {};

/** Where the real visitors' counts come from, or undefined when the site gives none. */
export const visitsSource = catalogue.visits;
