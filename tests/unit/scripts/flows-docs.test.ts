import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { setup, type AnyStateMachine, type AnyStateNode } from 'xstate';
import { nominalDelay } from '@tienda/flow-workbench/kit';
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

/** Every transition's description in the machine. */
function transitionDescriptions(machine: AnyStateMachine): string[] {
  const out: string[] = [];
  const walk = (node: AnyStateNode) => {
    for (const defs of node.transitions.values())
      for (const t of defs) if (t.description) out.push(t.description);
    for (const t of node.always ?? []) if (t.description) out.push(t.description);
    Object.values(node.states).forEach(walk);
  };
  walk(machine.root);
  return out;
}

/** The words an SVG shows, its lines joined by a space. */
const svgText = (svg: string) =>
  svg
    .replace(/<[^>]+>/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;|&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');

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
    // Meaning first: the diagram says what each transition means, in the machine's own words.
    for (const flow of flows) {
      const text = svgText(svgs.get(`${flow.slug}.svg`) ?? '');
      for (const description of transitionDescriptions(flow.machine))
        expect(text, `${flow.slug}: ${description}`).toContain(description.replace(/\s+/g, ' '));
    }
  });

  it('is deterministic', () => {
    expect(siteFlowDocs()).toEqual(generated);
  });

  it("writes each machine's guards, services and delays, with the values the machine has, on its page", () => {
    // How each construct is written is the generator's own test (packages/flow-workbench, on its
    // fixtures); here, that every flow's are there, read from the machine, whatever they are.
    for (const flow of flows) {
      const page = generated.get(`${flow.slug}.md`) ?? '';
      const stately = generated.get(`${flow.slug}.stately.js`) ?? '';
      const { guards = {}, actors = {}, delays = {} } = flow.machine.implementations;
      for (const name of Object.keys(guards)) expect(page, `${flow.slug}: ${name}`).toContain(`[${name}]`);
      for (const name of Object.keys(actors)) expect(page, `${flow.slug}: ${name}`).toContain(`\`${name}\``);
      for (const [name, delay] of Object.entries(delays)) {
        const ms = nominalDelay(delay);
        const duration = ms === undefined ? 'calculada' : withSeconds(`${ms} ms`);
        expect(page, `${flow.slug}: ${name}`).toContain(`tras ${name} (${duration})`);
        expect(page, `${flow.slug}: ${name}`).toContain(
          `| \`${name}\` | ${ms === undefined ? 'calculada según el contexto' : duration} |`,
        );
        expect(stately, `${flow.slug}: ${name}`).toContain(
          ms === undefined ? `Espera «${name}», calculada según el contexto` : `Espera «${name}», ${ms} ms.`,
        );
        // In Stately's file the delay is its duration: `after: { 2000: ... }`.
        if (ms !== undefined) expect(stately).toMatch(new RegExp(`\\n\\s+${ms}: [[{]\\n`));
      }
    }
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
      order: 1,
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
    let fieldsSeen = 0;
    for (const flow of flows) {
      const page = generated.get(`${flow.slug}.md`) ?? '';
      for (const [event, fields] of Object.entries(flow.notes.fields ?? {})) {
        const row = page.split('\n').find((line) => line.includes(`| \`${event}\` |`) && line.includes('(`'));
        expect(row, `${flow.slug}: the row of ${event}`).toBeDefined();
        for (const [field, note] of Object.entries(fields ?? {})) {
          fieldsSeen++;
          const meaning = typeof note === 'string' ? note : note.meaning;
          expect(row?.toLowerCase(), `${flow.slug}: ${event}.${field}`).toContain(
            `${meaning.toLowerCase()} (\`${field.toLowerCase()}\`)`,
          );
          // Its known values by their meanings, or how many there are when they are many.
          const values = Object.entries(typeof note === 'string' ? {} : (note.values ?? {}));
          if (row?.includes(`uno de ${values.length} valores conocidos`)) continue;
          for (const [value, word] of values)
            expect(row, `${flow.slug}: ${event}.${field} = ${value}`).toContain(`${word} (\`${value}\`)`);
        }
      }
    }
    expect(fieldsSeen).toBeGreaterThan(0);
  });
});
