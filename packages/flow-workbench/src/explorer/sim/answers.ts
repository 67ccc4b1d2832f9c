/**
 * Invoked actors whose answer the explorer computes with the site's own code from the call's
 * input (the catalogue's realAnswers), instead of offering fixed samples that may not match what
 * was typed: a check the site runs on what the visitor typed refuses a wrong value in the
 * simulation with the very message the page shows.
 */
import type { RealAnswer, RealAnswers } from '../../catalogue';

export type { RealAnswer };

export function realAnswerFor(answers: RealAnswers, machineId: string, src: string): RealAnswer | undefined {
  return answers[machineId]?.[src];
}
