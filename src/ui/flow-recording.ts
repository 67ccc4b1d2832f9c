import type { InspectionEvent } from 'xstate';

/**
 * The `inspect` option of every flow actor the site starts (issue #40), and the whole of the
 * visit recorder that is in a page's first JavaScript: it keeps the flows' steps in memory until
 * the recorder (./flow-recorder.ts) loads once the page is idle, then hands them over. A browser
 * that asks not to be tracked (Global Privacy Control, Do Not Track) records nothing.
 */

type Sink = (event: InspectionEvent) => void;

/** Steps kept before the recorder loads: a page's first seconds, not an unbounded log. */
const WAITING_LIMIT = 2000;

let waiting: InspectionEvent[] | null = [];
let sink: Sink | undefined;

/** Whether this browser lets the site count its visit (no Global Privacy Control, no Do Not Track). */
export function allowsVisitCounts(nav: Navigator = navigator): boolean {
  const signals = nav as Navigator & { globalPrivacyControl?: boolean };
  return signals.globalPrivacyControl !== true && nav.doNotTrack !== '1';
}

export function inspectFlow(event: InspectionEvent): void {
  // Prerendering runs the flows too: nothing of it is a visit.
  if (typeof window === 'undefined' || event.actorRef.sessionId !== event.rootId) return;
  // The recorder counts states and transitions: received events and actions add nothing to them.
  if (event.type === '@xstate.event' || event.type === '@xstate.action') return;
  if (sink) sink(event);
  else if (waiting && waiting.length < WAITING_LIMIT) waiting.push(event);
}

/** The recorder takes over: what waited first, then every step as it happens. */
export function attachFlowRecorder(next: Sink): void {
  const earlier = waiting ?? [];
  waiting = null;
  sink = next;
  for (const event of earlier) next(event);
}

/** Nothing is kept any more (the browser asked not to be tracked). */
export function stopRecordingFlows(): void {
  waiting = null;
  sink = undefined;
}
