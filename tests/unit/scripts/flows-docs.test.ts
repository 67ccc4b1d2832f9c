import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { setup, type AnyStateMachine, type AnyStateNode } from 'xstate';
import {
  checkNotes,
  generateFlowDocs,
  generateFlowSvgs,
  renderMermaid,
  renderStatelyFile,
} from '@tienda/flow-workbench/generators';
import {
  DOCS_OPTIONS,
  FLOWS_DIR,
  STALE_MESSAGE,
  flowEntryFile,
  siteFlowDocs,
} from '../../../scripts/flows-docs';
import { flows, type FlowEntry } from '../../../src/flows/catalogue';

const siteDocsOf = (entries: readonly FlowEntry[]) => generateFlowDocs(entries, DOCS_OPTIONS);

/** Every state with its type, and every transition with its guard and targets. */
function machineShape(machine: AnyStateMachine): string[] {
  const out: string[] = [];
  const walk = (node: AnyStateNode) => {
    out.push(`${node.id} ${node.type} [${node.tags.join(',')}]`);
    for (const [event, defs] of node.transitions) {
      for (const t of defs) {
        const guard =
          typeof t.guard === 'string' ? t.guard : (t.guard as { type?: string } | undefined)?.type;
        out.push(`  ${event} [${guard ?? ''}] -> ${(t.target ?? []).map((n) => n.id).join(',')}`);
      }
    }
    for (const t of node.always ?? []) out.push(`  always -> ${(t.target ?? []).map((n) => n.id).join(',')}`);
    Object.values(node.states).forEach(walk);
  };
  walk(machine.root);
  return out;
}

describe('docs/flows', () => {
  const generated = siteFlowDocs();
  /** The explorer's diagrams (docs/flows/<slug>.svg), written by the same command. */
  let svgs = new Map<string, string>();
  beforeAll(async () => {
    svgs = await generateFlowSvgs(flows);
  }, 60_000);

  it('has a page and a Stately import file per machine, and an index', () => {
    expect([...generated.keys()].sort()).toEqual(
      ['README.md', ...flows.flatMap((f) => [`${f.slug}.md`, `${f.slug}.stately.js`])].sort(),
    );
  });

  it('is up to date with the machines', () => {
    const dir = path.resolve(FLOWS_DIR);
    const onDisk = readdirSync(dir).sort();
    const all = new Map([...generated, ...svgs]);
    expect(onDisk, STALE_MESSAGE).toEqual([...all.keys()].sort());
    for (const [name, content] of all) {
      expect(readFileSync(path.join(dir, name), 'utf8'), `${name}: ${STALE_MESSAGE}`).toBe(content);
    }
  });

  it('links each page to its SVG diagram, which draws every state of the machine', () => {
    for (const flow of flows) {
      expect(generated.get(`${flow.slug}.md`)).toContain(`](./${flow.slug}.svg)`);
      const svg = svgs.get(`${flow.slug}.svg`) ?? '';
      expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
      for (const id of machineShape(flow.machine)
        .filter((l) => !l.startsWith(' '))
        .map((l) => l.split(' ')[0]))
        expect(svg).toContain(`data-state-id="${id}"`);
    }
    // Meaning first: the diagram says what each transition means.
    expect(svgs.get('welcome.svg')).toContain('>Pasado el tiempo de preparación, la<');
  });

  it('is deterministic', () => {
    expect(siteFlowDocs()).toEqual(generated);
  });

  it('draws nested and parallel states, guards, delays with their value and invoke outcomes', () => {
    const wizard = generated.get('lead-wizard.md') ?? '';
    expect(wizard).toContain('```mermaid\nstateDiagram-v2\n');
    expect(wizard).toContain('state "leadWizard (parallel)" as leadWizard {');
    expect(wizard).toMatch(/\n\s+--\n/);
    expect(wizard).toContain(
      'leadWizard_steps_contact --> leadWizard_steps_situation : (from creating) done createLead [hasCreatedLead] / assignLead',
    );
    expect(wizard).toContain('step.next [canOfferTrial] (to trial)');
    // The bot-check fallback is on the chart: after the failed checks the create goes ahead.
    expect(wizard).toContain(
      'leadWizard_steps_contact_submitting --> leadWizard_steps_contact_creating : always [isBotCheckExhausted]',
    );
    expect(wizard).toContain('error getBotToken / countBotCheckFailure, logLeadError (to botCheck)');
    expect(generated.get('welcome.md')).toContain(
      'after redirectDelay (2000 ms) [shouldSkipRedirect] (to staying)',
    );
    expect(generated.get('referral-banner.md')).toContain('| `hideDelay` | 12000 ms |');
    expect(generated.get('country-prices.md')).toContain(
      'error fetchRate / logRateError (to rateUnavailable)',
    );
  });

  it('writes Stately files as a createMachine call with implementations named by string', () => {
    for (const flow of flows) {
      const file = generated.get(`${flow.slug}.stately.js`) ?? '';
      expect(file).toContain(
        "import { createMachine } from 'xstate';\n\nexport const machine = createMachine({\n",
      );
      expect(file).not.toMatch(/=>|function/);
      expect(file).not.toContain('@xstate-layout');
      // No transition with several targets: Stately's importer keeps only one.
      expect(file).not.toMatch(/target: \[/);
    }
    // Delays by their duration, their name in the description.
    const welcome = generated.get('welcome.stately.js') ?? '';
    expect(welcome).toContain('after: {\n        2000: [');
    expect(welcome).toContain(
      "description: 'Espera «redirectDelay», 2000 ms. Pasado el tiempo de preparación",
    );
    expect(generated.get('lead-wizard.stately.js')).toContain(
      'Espera «updateRetryDelay», calculada según el contexto (1000 ms con el contexto inicial).',
    );
    // One description per flow, from the catalogue (built from the constants).
    for (const flow of flows) {
      expect(generated.get(`${flow.slug}.md`)).toContain(flow.description);
      expect(generated.get(`${flow.slug}.stately.js`)).toContain(
        `description: '${flow.description.replace(/'/g, "\\'")}'`,
      );
    }
  });

  it('fails when a named implementation has no note, or a note names nothing', () => {
    const machine = setup({ guards: { isReady: () => true } }).createMachine({
      id: 'tiny',
      initial: 'a',
      states: { a: { on: { go: { guard: 'isReady', target: 'b' } } }, b: {} },
    });
    const entry: FlowEntry = {
      slug: 'tiny',
      title: 'Tiny',
      description: 'A tiny flow.',
      source: 'x.ts',
      machine,
      exampleInput: undefined,
      notes: { events: { go: 'Go.', stop: 'Stop.' }, guards: {}, actions: {}, actors: {}, delays: {} },
    };
    expect(() => checkNotes(entry)).toThrow(/remove notes\.events\.stop \(events note stop names nothing\)/);
    expect(() => checkNotes(entry)).toThrow(/add notes\.guards\.isReady \(guards isReady has no note\)/);
    // The site names the file that holds a flow's notes.
    const wizard = flows.find((f) => f.slug === 'lead-wizard');
    if (!wizard) throw new Error('lead-wizard');
    expect(flowEntryFile(wizard)).toBe('src/flows/registration/registration.flow.ts');
    const { isContactComplete: _dropped, ...guards } = wizard.notes.guards;
    expect(() => siteDocsOf([{ ...wizard, notes: { ...wizard.notes, guards } }])).toThrow(
      'lead-wizard: in src/flows/registration/registration.flow.ts, add notes.guards.isContactComplete',
    );
    expect(renderMermaid(machine)).toBe(
      'stateDiagram-v2\n  [*] --> tiny_a\n  state "a" as tiny_a\n  state "b" as tiny_b\n  tiny_a --> tiny_b : go [isReady]\n',
    );
    expect(
      renderStatelyFile({ ...entry, notes: { ...entry.notes, guards: { isReady: 'Ready.' } } }),
    ).toContain("guard: 'isReady'");
  });
});
