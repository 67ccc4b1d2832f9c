/**
 * What the explorer's 'Visitantes reales' says of one flow, as text for a terminal: its visits
 * and completion, and the funnel in words, from the same functions the panel uses.
 */
import type { AnyStateMachine } from 'xstate';
import { describeMachine } from '../../graph/describe';
import { completionOf, completionText, flowSteps, funnelSentences, type FlowCountsEntry } from './counts';

export function visitsSummary(
  machine: AnyStateMachine,
  counts: Pick<FlowCountsEntry, 'estados' | 'transiciones'>,
): string[] {
  const graph = describeMachine(machine);
  const steps = flowSteps(graph);
  return [completionText(completionOf(graph, steps, counts)), ...funnelSentences(steps, counts)];
}
