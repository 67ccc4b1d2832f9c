/**
 * How each of the site's flows opens in the explorer: the wizard on its steps, readable at 12 px
 * on a 1366×768 screen; every other flow fitted at 10 px or more, folded as far as it takes.
 */
import { describe, expect, it } from 'vitest';
import catalogue from '../../../workbench/catalogue';
import {
  READABLE_TEXT_PX,
  STEPS_TEXT_PX,
  buildView,
  collapsible,
  defaultView,
  describeMachine,
  fittedText,
  flowLayouter,
  stepsOf,
  type FlowGraph,
} from '@tienda/flow-workbench/generators';

const layout = flowLayouter();
const graphOf = (slug: string): FlowGraph => {
  const flow = catalogue.flows.find((f) => f.slug === slug);
  if (!flow) throw new Error(slug);
  return describeMachine(flow.machine);
};
const opening = (graph: FlowGraph) => defaultView(graph, (options) => layout(graph, options));

describe("the wizard's steps", () => {
  const graph = graphOf('lead-wizard');

  it('are the five screens of its steps region, the two with states inside folded', () => {
    expect(stepsOf(graph)).toEqual({
      region: 'leadWizard.steps',
      steps: ['contact', 'situation', 'category', 'sector', 'thanks'].map((s) => `leadWizard.steps.${s}`),
      folds: ['leadWizard.steps.contact', 'leadWizard.steps.thanks'],
    });
  });

  it("are all 'Solo los pasos' draws: no region beside them, no arrow into one", () => {
    const steps = stepsOf(graph)!;
    const view = buildView(graph, { steps: true, collapsed: steps.folds });
    expect(view.nodes.map((n) => n.id)).toEqual(['leadWizard', 'leadWizard.steps', ...steps.steps]);
    expect(view.ghosts).toEqual([]);
    const drawn = new Set(view.nodes.map((n) => n.id));
    expect(view.edges.every((e) => drawn.has(e.source) && drawn.has(e.target))).toBe(true);
    // The ways between the steps are all there: forward, back and the restart.
    const between = view.edges.filter((e) => e.source !== e.target).map((e) => `${e.source} → ${e.target}`);
    expect(between).toEqual(
      expect.arrayContaining([
        'leadWizard.steps.contact → leadWizard.steps.situation',
        'leadWizard.steps.situation → leadWizard.steps.category',
        'leadWizard.steps.category → leadWizard.steps.situation',
        'leadWizard.steps.sector → leadWizard.steps.thanks',
        'leadWizard.steps.thanks → leadWizard.steps.contact',
      ]),
    );
    // A step unfolded shows its states, still without the regions beside.
    const unfolded = buildView(graph, { steps: true, collapsed: ['leadWizard.steps.thanks'] });
    expect(unfolded.nodes.some((n) => n.id === 'leadWizard.steps.contact.editing')).toBe(true);
    expect(unfolded.nodes.some((n) => n.id.startsWith('leadWizard.sync'))).toBe(false);
  });

  it('open the wizard, fitted to a 1366×768 screen with every text at 12 px or more', async () => {
    const view = await opening(graph);
    expect(view).toEqual({ steps: true, collapsed: stepsOf(graph)!.folds });
    const geometry = await layout(graph, view);
    expect(fittedText(buildView(graph, view), geometry)).toBeGreaterThanOrEqual(STEPS_TEXT_PX);
  });
});

describe('a flow without steps', () => {
  it('is no flow with steps, even with tags that name its screens', () => {
    expect(stepsOf(graphOf('payment'))).toBeUndefined();
  });

  it.each(catalogue.flows.filter((f) => f.slug !== 'lead-wizard').map((f) => f.slug))(
    '%s opens fitted with text at 10 px or more, or with everything it can fold folded',
    async (slug) => {
      const graph = graphOf(slug);
      const view = await opening(graph);
      expect(view.steps).toBe(false);
      const geometry = await layout(graph, view);
      const text = fittedText(buildView(graph, view), geometry);
      if (text >= READABLE_TEXT_PX) {
        // Folded only as far as it took: one state fewer folded would not read.
        for (const id of view.collapsed) {
          const fewer = view.collapsed.filter((c) => c !== id);
          const without = await layout(graph, { collapsed: fewer });
          expect(fittedText(buildView(graph, { collapsed: fewer }), without)).toBeLessThan(READABLE_TEXT_PX);
        }
      } else {
        const drawn = buildView(graph, view);
        const open = collapsible(graph).filter(
          (s) => drawn.nodes.some((n) => n.id === s.id) && !drawn.collapsed.includes(s.id),
        );
        expect(open.map((s) => s.id)).toEqual([]);
      }
    },
  );
});

describe('arrows that say the same', () => {
  it('into the same state are labelled once (the newsletter sent from any of its states)', () => {
    const view = buildView(graphOf('newsletter'));
    const labels = view.edges.filter((e) => e.label).map((e) => `${e.target}\n${e.transition.description}`);
    expect(new Set(labels).size).toBe(labels.length);
    // Every arrow is still drawn.
    const unlabelled = view.edges.filter((e) => !e.label && e.transition.targets.length === 1);
    expect(unlabelled.length).toBeGreaterThan(0);
    for (const e of unlabelled) expect(labels).toContain(`${e.target}\n${e.transition.description}`);
  });

  it('out of a folded box into the same box are one arrow that says each way (the folded payment)', () => {
    const graph = graphOf('payment');
    const view = buildView(graph, { collapsed: ['payment.checkout'] });
    const fromCheckout = view.edges.filter(
      (e) => e.source === 'payment.checkout' && e.target === 'payment.failed',
    );
    expect(fromCheckout.length).toBe(3);
    const labelled = fromCheckout.filter((e) => e.label);
    expect(labelled).toHaveLength(1);
    const said = labelled[0]!.label!.map((l) => l.segs.map((s) => s.text).join('')).join(' ');
    for (const e of fromCheckout) {
      // Each sentence, wrapped over lines, is in the one label.
      const words = e.transition.description.split(/\s+/);
      expect(said.split(/\s+/).join(' ')).toContain(words.join(' '));
    }
    // Unfolded, each way has its own label again.
    const open = buildView(graph, {});
    const toFailed = open.edges.filter(
      (e) => e.target === 'payment.failed' && e.source.startsWith('payment.checkout'),
    );
    expect(toFailed.every((e) => e.label)).toBe(true);
  });
});
