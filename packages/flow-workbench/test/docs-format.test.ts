import { describe, expect, it } from 'vitest';
import { setup } from 'xstate';
import { generateFlowDocs, renderMermaid, renderStatelyFile } from '../src/generators';
import type { FlowEntry } from '../src/catalogue';
import { secondsText } from '../src/docs/spanish';
import { doorFlow } from './fixtures/catalogue';
import { checkoutMachine, greetingMachine, wizardMachine } from './fixtures/machines';

/**
 * How the docs write each construct of a machine, on the fixtures: a site's own docs test then
 * checks that each of its flows' guards, delays and services are on its page, read from the
 * machine, and no site test pins a live flow's lines.
 */

/** A flow whose delay is computed from the context, as a retry's growing wait is. */
const retryFlow: FlowEntry = {
  slug: 'retry',
  title: 'Reintento',
  description: 'Un reintento con una espera que crece.',
  source: 'test/docs-format.test.ts',
  machine: setup({
    types: {} as { context: { failures: number } },
    delays: { retryDelay: ({ context }) => 1000 * 2 ** context.failures },
  }).createMachine({
    id: 'retry',
    context: { failures: 0 },
    initial: 'waiting',
    states: { waiting: { after: { retryDelay: 'done' } }, done: {} },
  }),
  exampleInput: undefined,
  notes: {
    events: {},
    guards: {},
    actions: {},
    actors: {},
    delays: { retryDelay: 'Espera antes de reintentar.' },
  },
};

describe('docs: each construct of a machine, as the pages and the Mermaid diagram write it', () => {
  const door = generateFlowDocs([doorFlow], { intro: 'Flujos.' }).get('door.md') ?? '';

  it('parallel regions in one box, split by --, and a move into a nested state named where it goes', () => {
    const wizard = renderMermaid(wizardMachine);
    expect(wizard).toContain('stateDiagram-v2\n');
    expect(wizard).toContain('state "wizard (en paralelo)" as wizard {');
    expect(wizard).toMatch(/\n\s+--\n/);
    // Mermaid draws no arrow between nested states of different parents: the label names them.
    expect(wizard).toContain(
      'wizard_steps_contact --> wizard_steps_situation : (desde creating) createLead responde',
    );
    expect(wizard).toContain(
      'wizard_steps --> wizard_sync : (desde thanks) wizard.restart (hacia waitingForLead)',
    );
    expect(renderMermaid(greetingMachine)).toContain(
      `greeting_preparing --> greeting_ready : tras redirectDelay (${secondsText(1500)}) (hacia redirecting)`,
    );
  });

  it('a guard in brackets, actions after a slash, a delay with its value, a service that answers or fails', () => {
    const checkout = renderMermaid(checkoutMachine);
    expect(checkout).toContain('checkout_validating --> checkout_loading : inmediata [hasItems]');
    expect(checkout).toContain('checkout_loading --> checkout_showing : loadSdk responde');
    expect(checkout).toContain('checkout_loading --> checkout_failed : loadSdk falla / logError');
    expect(checkout).toContain(
      `checkout_loading --> checkout_failed : tras loadTimeout (${secondsText(20000)}) / logError`,
    );
    expect(checkout).toContain('checkout_loading : llama a loadSdk');
    expect(door).toContain('door_checking : etiquetas busy');
    expect(door).toContain('| `open [codeIsRight]` | `closed` | `checking` |');
    expect(door).toContain(
      `| Se cierra sola a los 3 s. | \`closeAfter\` | ${secondsText(3000)} | \`open\` |`,
    );
  });

  it('writes a Stately file with each delay as its duration and its name in the description', () => {
    const stately = renderStatelyFile(doorFlow);
    expect(stately).toContain('after: {\n        3000: {');
    expect(stately).toContain("description: 'Espera «closeAfter», 3000 ms.'");
    // A computed delay: its value with the initial context, and that it is computed.
    expect(renderStatelyFile(retryFlow)).toContain(
      "description: 'Espera «retryDelay», calculada según el contexto (1000 ms con el contexto inicial).'",
    );
    const page = generateFlowDocs([retryFlow], { intro: 'Flujos.' }).get('retry.md') ?? '';
    expect(page).toContain(
      '| Espera antes de reintentar. | `retryDelay` | calculada según el contexto | `waiting` |',
    );
  });
});
