import { describe, expect, it } from 'vitest';
import type { AnyStateNode } from 'xstate';
import { leadWizardMachine } from '../../../src/flows/registration/lead-wizard.machine';
import { paymentMachine } from '../../../src/flows/payment/payment.machine';

/*
 * Views ask the machine what to show (a tag per screen) instead of keeping their own ordered
 * mapping of states. Every state a visitor can be in must name exactly one screen.
 */

const leaves = (node: AnyStateNode): AnyStateNode[] =>
  Object.keys(node.states).length === 0 ? [node] : Object.values(node.states).flatMap(leaves);

/** The tags of a state and its ancestors, as a snapshot in that state would report them. */
function tagsOf(node: AnyStateNode): string[] {
  const tags: string[] = [];
  for (let current: AnyStateNode | undefined = node; current; current = current.parent)
    tags.push(...current.tags);
  return tags;
}

describe('screens named by the machines', () => {
  it('every state of the payment page names exactly one stage', () => {
    for (const leaf of leaves(paymentMachine.root)) {
      expect(
        tagsOf(leaf).filter((tag) => tag.startsWith('stage.')),
        leaf.id,
      ).toHaveLength(1);
    }
  });

  it("every state of the wizard's steps names exactly one step, and failures only inside step 1", () => {
    const steps = childState(leadWizardMachine.root, 'steps');
    for (const leaf of leaves(steps)) {
      const tags = tagsOf(leaf);
      expect(
        tags.filter((tag) => tag.startsWith('step.')),
        leaf.id,
      ).toHaveLength(1);
      if (tags.some((tag) => tag.startsWith('failure.'))) expect(tags, leaf.id).toContain('step.contact');
    }
  });
});

function childState(node: AnyStateNode, key: string): AnyStateNode {
  const child = node.states[key];
  if (!child) throw new Error(`Falta el estado ${key}`);
  return child;
}
