import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { setup, type AnyStateMachine, type AnyStateNode } from 'xstate';
import { machineGraph } from '@tienda/flow-identity';
import {
  checkNotes,
  countsSentence,
  generateFlowDocs,
  generateFlowSvgs,
  renderMermaid,
  renderStatelyFile,
  withSeconds,
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
    expect(wizard).toContain('state "leadWizard (en paralelo)" as leadWizard {');
    expect(wizard).toMatch(/\n\s+--\n/);
    expect(wizard).toContain(
      'leadWizard_steps_contact --> leadWizard_steps_situation : (desde creating) createLead responde [hasCreatedLead] / assignLead',
    );
    expect(wizard).toContain('step.next [canOfferTrial] (hacia trial)');
    // The bot-check fallback is on the chart: after the failed checks the create goes ahead.
    expect(wizard).toContain(
      'leadWizard_steps_contact_submitting --> leadWizard_steps_contact_creating : inmediata [isBotCheckExhausted]',
    );
    expect(wizard).toContain('getBotToken falla / countBotCheckFailure, logLeadError (hacia botCheck)');
    expect(wizard).toContain('leadWizard_sync_updating_attempt_sending : al entrar / markChangesSent');
    expect(wizard).toContain('leadWizard_steps_contact_creating : llama a createLead');
    expect(wizard).toContain('leadWizard_steps_contact_creating : etiquetas busy');
    expect(generated.get('welcome.md')).toContain(
      'tras redirectDelay (2 s) [shouldSkipRedirect] (hacia staying)',
    );
    expect(generated.get('referral-banner.md')).toContain('| `hideDelay` | 12 s |');
    expect(generated.get('referral-banner.md')).toContain('| `showDelay` | 0,5 s |');
    expect(generated.get('country-prices.md')).toContain(
      'fetchRate falla / logRateError (hacia rateUnavailable)',
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
    // One description per flow, from the catalogue (built from the constants); on the page
    // with its durations in seconds.
    for (const flow of flows) {
      expect(generated.get(`${flow.slug}.md`)).toContain(withSeconds(flow.description));
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

/**
 * Product owners read the pages, and they read Spanish: the headings, table headers and the
 * generator's own sentences carry no English word; identifiers of the code only in backticks.
 */
const ENGLISH_LABELS = new Set(
  [
    'machine',
    'diagram',
    'state',
    'states',
    'event',
    'events',
    'guard',
    'guards',
    'action',
    'actions',
    'actor',
    'actors',
    'delay',
    'delays',
    'transition',
    'transitions',
    'target',
    'source',
    'initial',
    'final',
    'type',
    'tags',
    'entry',
    'exit',
    'invokes',
    'invoked',
    'description',
    'meaning',
    'value',
    'handled',
    'used',
    'flow',
    'flows',
    'open',
    'none',
    'id',
  ].map((w) => w.toLowerCase()),
);

/** Words of the old English pages and of common English prose (Spanish homographs left out). */
const ENGLISH_PROSE = new Set([
  ...ENGLISH_LABELS,
  'the',
  'and',
  'of',
  'with',
  'from',
  'to',
  'in',
  'on',
  'is',
  'are',
  'see',
  'above',
  'below',
  'each',
  'every',
  'when',
  'choose',
  'paste',
  'simulate',
  'generated',
  'edit',
  'hand',
  'by',
  'file',
  'run',
  'after',
  'computed',
  'parallel',
  'atomic',
  'compound',
  'root',
  'invoke',
  'always',
  'done',
  'error',
  'inside',
  'outer',
  'inner',
  'labels',
  'read',
]);
// 'final' is Spanish too: it is a label word, not a prose one.
ENGLISH_PROSE.delete('final');

/** Stately's own button, named as Stately shows it. */
const THIRD_PARTY_LABELS = ['**Import from code**'];

/** The words of a line outside identifiers, link targets, paths and the third-party labels. */
function words(line: string): string[] {
  let text = line;
  for (const label of THIRD_PARTY_LABELS) text = text.split(label).join(' ');
  text = text
    .replace(/`[^`]*`/g, ' ')
    .replace(/\]\([^)]*\)/g, '] ')
    .replace(/https?:\/\/\S+/g, ' ')
    .replace(/[\w.<>-]*\/[\w./<>-]*/g, ' ')
    .replace(/[\w.-]+\.(?:ai|md|js|ts|svg)\b/g, ' ');
  return text.match(/\p{L}+/gu) ?? [];
}

interface PageParts {
  headings: string[];
  tableHeaders: string[];
  bodyRows: string[][];
  prose: string[];
}

/** A generated page split in what the generator writes around the catalogue's texts. */
function partsOf(page: string, catalogueTexts: readonly string[]): PageParts {
  const lines = page.split('\n');
  const parts: PageParts = { headings: [], tableHeaders: [], bodyRows: [], prose: [] };
  let inCode = false;
  lines.forEach((line, i) => {
    if (line.startsWith('```')) {
      inCode = !inCode;
      return;
    }
    if (inCode || line.trim() === '' || /^\| (?:--- \| )*--- \|$/.test(line)) return;
    if (line.startsWith('#')) parts.headings.push(line);
    else if (line.startsWith('|') && /^\| (?:--- \| )*--- \|$/.test(lines[i + 1] ?? ''))
      parts.tableHeaders.push(line);
    else if (line.startsWith('|'))
      parts.bodyRows.push(
        line
          .slice(2, -2)
          .split(/(?<!\\) \| /)
          .map((c) => c.trim()),
      );
    else if (!catalogueTexts.includes(line)) parts.prose.push(line);
  });
  return parts;
}

function englishIn(lines: readonly string[], list: ReadonlySet<string>): string[] {
  return lines.flatMap((line) =>
    words(line)
      .filter((w) => list.has(w.toLowerCase()))
      .map((w) => `${w} (${line.slice(0, 60)})`),
  );
}

describe('docs/flows in Spanish', () => {
  const generated = siteFlowDocs();
  const pages = [...generated].filter(([name]) => name.endsWith('.md'));
  const catalogueTexts = flows.flatMap((f) => [f.description, withSeconds(f.description)]);

  it('the check finds an English heading, table header or sentence', () => {
    const old = partsOf(
      '# Flows\n\n## States\n\n| State | Type | Description |\n| --- | --- | --- |\n| `a` | atomic, initial | (see above) |\n\nMachine: `x` in the file.\n',
      [],
    );
    expect(englishIn(old.headings, ENGLISH_LABELS).map((w) => w.split(' ')[0])).toEqual(['Flows', 'States']);
    expect(englishIn(old.tableHeaders, ENGLISH_LABELS).map((w) => w.split(' ')[0])).toEqual([
      'State',
      'Type',
      'Description',
    ]);
    expect(englishIn(old.prose, ENGLISH_PROSE).map((w) => w.split(' ')[0])).toEqual([
      'Machine',
      'in',
      'the',
      'file',
    ]);
    expect(
      englishIn(
        old.bodyRows.map((r) => r.join(' ')),
        ENGLISH_PROSE,
      ).map((w) => w.split(' ')[0]),
    ).toEqual(['atomic', 'initial', 'see', 'above']);
    // Identifiers and the names of links are not prose.
    expect(words('En el código: `contact.submit` en [stately.ai/viz](https://stately.ai/viz).')).toEqual([
      'En',
      'el',
      'código',
      'en',
    ]);
  });

  for (const [name, page] of pages) {
    it(`${name}: headings, table headers and the generator's sentences are Spanish`, () => {
      const parts = partsOf(page, catalogueTexts);
      expect(parts.headings.length).toBeGreaterThan(0);
      expect(englishIn(parts.headings, ENGLISH_LABELS), 'English headings').toEqual([]);
      expect(englishIn(parts.tableHeaders, ENGLISH_LABELS), 'English table headers').toEqual([]);
      expect(englishIn(parts.prose, ENGLISH_PROSE), 'English sentences').toEqual([]);
      // The generator's own words in the rows (the kind of a state, a computed delay).
      const generatorWords = new Set([
        'atomic',
        'compound',
        'parallel',
        'initial',
        'computed',
        'root',
        'see',
        'above',
      ]);
      expect(
        englishIn(
          parts.bodyRows.map((r) => r.join(' ')),
          generatorWords,
        ),
        'English words in the rows',
      ).toEqual([]);
      expect(page, 'the old "(root)" row').not.toContain('(root)');
    });

    it(`${name}: durations in seconds, no event data written as code`, () => {
      expect(page.match(/\b\d+(?:[.,]\d+)? ?ms\b/g) ?? [], 'a duration in ms').toEqual([]);
      expect(page.match(/`\{[^`}]*\}`/g) ?? [], 'an event payload as the code writes it').toEqual([]);
    });
  }

  it('gives every row its meaning first, the identifier after it in the column En el código', () => {
    for (const [name, page] of pages) {
      if (name === 'README.md') continue;
      const { tableHeaders, bodyRows } = partsOf(page, catalogueTexts);
      for (const header of tableHeaders)
        expect(header, `${name}: ${header}`).toMatch(/^\| [^|]+ \| (En el código|Desde) \|/);
      for (const row of bodyRows)
        expect(row[0], `${name}: a row without its meaning (add a description or a note)`).not.toMatch(
          /^`[^`]*`$/,
        );
    }
  });

  it('says how many states a flow has, counted as QA counts them (the root included)', () => {
    const index = generated.get('README.md') ?? '';
    expect(index).toContain('con el estado raíz (la máquina entera)');
    for (const flow of flows) {
      const qa = machineGraph(flow.machine);
      const sentence = countsSentence(flow.machine);
      expect(sentence).toContain(`${qa.states.length} estados, contando el estado raíz`);
      expect(sentence).toContain(`y ${qa.transitions.length} transiciones`);
      expect(generated.get(`${flow.slug}.md`)).toContain(sentence);
      expect(index).toContain(
        `| \`${flow.machine.id}\` | [\`${flow.slug}.stately.js\`](./${flow.slug}.stately.js) | ${qa.states.length} | ${qa.transitions.length} |`,
      );
    }
  });

  it('names event data by the meanings of its fields in the notes, the fields as identifiers', () => {
    const wizard = generated.get('lead-wizard.md') ?? '';
    expect(wizard).toContain(
      "| El visitante pulsa 'Registrar otro negocio' en el agradecimiento; el nuevo prospecto se guarda con una clave nueva. | `wizard.restart` | La clave nueva del nuevo prospecto (`idempotencyKey`) | `steps.thanks` |",
    );
    expect(wizard).toContain(
      '| `contact.change` | El dato que cambia (`field`): nombre del negocio (`nombreEmpresa`), nombre (`nombre`), apellido (`apellido`), país (`pais`), WhatsApp (`whatsapp`), e-mail (`email`); el valor nuevo, que para el país es su código (`value`) |',
    );
    expect(wizard).toContain('se reintenta tras 1, 2, 4, 8, 16 y 30 s (y luego cada 30 s)');
  });
});
