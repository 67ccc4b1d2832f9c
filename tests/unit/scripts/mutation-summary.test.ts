import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { format } from 'prettier';
import {
  codeParts,
  machineIdsIn,
  partKey,
  scoreOf,
  stalePlan,
  scoreTable,
  summarize,
  targetAt,
  type MutationReport,
} from '../../../scripts/mutation-summary';

const MACHINE = [
  "import { setup } from 'xstate';",
  "import { isValidEmail } from '../../domain/email';",
  'export const limit = 3;',
  'export function tooMany(n: number) {',
  '  return n > limit;',
  '}',
  'export const m = setup({',
  '  guards: { canGo: ({ context }) => context.n < limit },',
  '  actions: { bump: () => undefined },',
  '  delays: { wait: 1000 },',
  '}).createMachine({',
  "  id: 'demo',",
  "  initial: 'a',",
  '  states: {',
  '    a: {',
  "      on: { go: { target: 'b', guard: 'canGo' } },",
  "      after: { wait: { target: 'b' } },",
  '    },',
  '    b: {',
  "      initial: 'c',",
  "      states: { c: { tags: ['x'], always: { target: 'd' } }, d: {} },",
  "      invoke: { src: 'save', onError: { target: 'c' } },",
  '    },',
  '  },',
  '});',
].join('\n');

/** The 1-based line and column of the first occurrence of `text` on the line containing `near`. */
function at(near: string, text: string): [number, number] {
  const lines = MACHINE.split('\n');
  const index = lines.findIndex((l) => l.includes(near));
  return [index + 1, (lines[index] ?? '').indexOf(text) + 1];
}

describe('where a mutant changes the flow', () => {
  it('names the guard, action or delay of setup() a mutant is in', () => {
    expect(targetAt(MACHINE, ...at('canGo:', '<'))).toEqual({ kind: 'guard', name: 'canGo' });
    expect(targetAt(MACHINE, ...at('bump:', 'undefined'))).toEqual({ kind: 'action', name: 'bump' });
    expect(targetAt(MACHINE, ...at('wait: 1000', '1000'))).toEqual({ kind: 'delay', name: 'wait' });
  });

  it("names the state and the event of the transition a mutant is in, nested states and the invoke's answers included", () => {
    expect(targetAt(MACHINE, ...at("guard: 'canGo'", "'canGo'"))).toEqual({
      kind: 'state',
      path: ['a'],
      event: 'go',
    });
    expect(targetAt(MACHINE, ...at('after: { wait', "'b'"))).toEqual({
      kind: 'state',
      path: ['a'],
      event: 'after:wait',
    });
    expect(targetAt(MACHINE, ...at('always:', "'d'"))).toEqual({
      kind: 'state',
      path: ['b', 'c'],
      event: 'always',
    });
    expect(targetAt(MACHINE, ...at('always:', "['x']"))).toEqual({ kind: 'state', path: ['b', 'c'] });
    expect(targetAt(MACHINE, ...at('onError', "'c'"))).toEqual({
      kind: 'state',
      path: ['b'],
      event: 'onError',
    });
    expect(targetAt(MACHINE, ...at("initial: 'a'", "'a'"))).toEqual({ kind: 'state', path: [] });
  });

  it("names the module's rule a mutant outside the machine is in", () => {
    expect(targetAt(MACHINE, ...at('return n > limit', '>'))).toEqual({ kind: 'rule', name: 'tooMany' });
    expect(targetAt(MACHINE, ...at('export const limit', '3'))).toEqual({ kind: 'rule', name: 'limit' });
  });

  it('finds the machine ids a module defines', () => {
    expect(machineIdsIn(MACHINE)).toEqual(['demo']);
    const real = readFileSync('src/flows/notification/notification.machine.ts', 'utf8');
    expect(machineIdsIn(real)).toEqual(['notification']);
  });
});

describe('where a mutant changes the flow, with every guard form of XState v5', () => {
  const GUARDS = [
    "import { and, not, or, setup, stateIn } from 'xstate';",
    'export const m = setup({',
    '  guards: {',
    "    canEnter: and(['hasTicket', not('isBanned')]),",
    "    isDoorOpen: stateIn({ door: 'open' }),",
    '    isOldEnough: ({ context }, params: { min: number }) => context.age >= params.min,',
    '  },',
    '}).createMachine({',
    "  id: 'gate',",
    "  initial: 'outside',",
    '  states: {',
    '    outside: {',
    '      on: {',
    "        enter: { guard: and(['hasTicket', stateIn({ door: 'open' })]), target: 'inside' },",
    "        vip: { guard: or(['isMember', { type: 'isOldEnough', params: { min: 18 } }]), target: 'inside' },",
    '      },',
    '    },',
    '    inside: {},',
    '  },',
    '});',
  ].join('\n');
  const near = (line: string, text: string): [number, number] => {
    const lines = GUARDS.split('\n');
    const index = lines.findIndex((l) => l.includes(line));
    return [index + 1, (lines[index] ?? '').indexOf(text) + 1];
  };

  it('names the guard of setup() a mutant inside its and(), not() or stateIn() is in', () => {
    expect(targetAt(GUARDS, ...near('canEnter:', "'isBanned'"))).toEqual({ kind: 'guard', name: 'canEnter' });
    expect(targetAt(GUARDS, ...near('isDoorOpen:', "'open'"))).toEqual({ kind: 'guard', name: 'isDoorOpen' });
    expect(targetAt(GUARDS, ...near('isOldEnough:', '>='))).toEqual({ kind: 'guard', name: 'isOldEnough' });
  });

  it('names the transition whose and(), or(), stateIn() or params a mutant changes', () => {
    expect(targetAt(GUARDS, ...near('enter:', "'open'"))).toEqual({
      kind: 'state',
      path: ['outside'],
      event: 'enter',
    });
    expect(targetAt(GUARDS, ...near('vip:', '18'))).toEqual({
      kind: 'state',
      path: ['outside'],
      event: 'vip',
    });
  });
});

describe("the run's summary", () => {
  const mutant = (id: string, status: string, line: number, column: number, endColumn: number) => ({
    id,
    mutatorName: 'EqualityOperator',
    replacement: '<=',
    status,
    location: { start: { line, column }, end: { line, column: endColumn } },
  });
  const [line, column] = at('canGo:', '<');
  const report: MutationReport = {
    files: {
      'src/flows/demo/demo.machine.ts': {
        source: MACHINE,
        mutants: [
          mutant('1', 'Killed', line, column, column + 1),
          mutant('2', 'Timeout', line, column, column + 1),
          mutant('3', 'Survived', line, column, column + 1),
          mutant('4', 'CompileError', line, column, column + 1),
        ],
      },
      'src/domain/email.ts': {
        source: 'export const isValidEmail = (s: string) => s.length > 0;\n',
        mutants: [],
      },
    },
  };

  it('counts a timeout as killed, leaves invalid mutants out of the score, and keeps each survivor with where it is and what it changed', () => {
    const summary = summarize(report, undefined, {
      machineSources: { 'src/flows/demo/demo.machine.ts': MACHINE },
      equivalents: [],
      date: '2026-12-02T00:00:00.000Z',
    });
    const file = summary.files['src/flows/demo/demo.machine.ts'];
    expect(file).toMatchObject({ machines: ['demo'], killed: 2, survived: 1, invalid: 1, score: 66.6 });
    expect(file?.survivors).toEqual([
      {
        id: '3',
        line,
        column,
        mutator: 'EqualityOperator',
        original: '<',
        replacement: '<=',
        status: 'Survived',
        target: { kind: 'guard', name: 'canGo' },
        part: 'guard:canGo',
      },
    ]);
    // A domain module belongs to the machines whose files import it.
    expect(summary.files['src/domain/email.ts']?.machines).toEqual(['demo']);
  });

  it('writes the reason of a listed equivalent mutant beside it, matched by its code, not its line', () => {
    const summary = summarize(report, undefined, {
      machineSources: {},
      equivalents: [
        {
          file: 'src/flows/demo/demo.machine.ts',
          mutator: 'EqualityOperator',
          original: '<',
          reason: 'n nunca llega al límite',
        },
      ],
    });
    expect(summary.files['src/flows/demo/demo.machine.ts']?.survivors[0]?.equivalent).toBe(
      'n nunca llega al límite',
    );
  });

  it('excuses a mutant by its source line only where the entry names one: a `<` elsewhere is not', () => {
    const summarizeWith = (line: RegExp) =>
      summarize(report, undefined, {
        machineSources: {},
        equivalents: [
          { file: 'src/flows/demo/demo.machine.ts', original: '<', line, reason: 'n nunca llega al límite' },
        ],
      }).files['src/flows/demo/demo.machine.ts']?.survivors[0]?.equivalent;
    expect(summarizeWith(/canGo:/)).toBe('n nunca llega al límite');
    expect(summarizeWith(/otraRegla:/)).toBeUndefined();
  });

  it('replaces only the files a limited run mutated', () => {
    const previous = summarize(report, undefined, { machineSources: {} });
    const other = { ...previous.files['src/domain/email.ts']!, score: 12.5 };
    const merged = summarize(
      { files: { 'src/flows/demo/demo.machine.ts': report.files['src/flows/demo/demo.machine.ts']! } },
      { ...previous, files: { ...previous.files, 'src/domain/other.ts': other } },
      { machineSources: {} },
    );
    expect(Object.keys(merged.files)).toEqual([
      'src/domain/email.ts',
      'src/domain/other.ts',
      'src/flows/demo/demo.machine.ts',
    ]);
    expect(merged.files['src/domain/other.ts']?.score).toBe(12.5);
  });

  it('prints a line per file and marks the files below the goal', () => {
    const table = scoreTable(summarize(report, undefined, { machineSources: {} }));
    expect(table).toMatch(/66\.6 %.*src\/flows\/demo\/demo\.machine\.ts {2}< 90 %/);
    expect(table).toMatch(/100\.0 %.*src\/domain\/email\.ts$/m);
    expect(scoreOf({ killed: 0, survived: 0, noCoverage: 0 })).toBe(100);
  });
});

describe('the parts a change mutates again', () => {
  const FILE = 'src/flows/demo/demo.machine.ts';
  const mutantAt = (id: string, status: string, source: string, near: string, text: string) => {
    const lines = source.split('\n');
    const index = lines.findIndex((l) => l.includes(near));
    const column = (lines[index] ?? '').indexOf(text) + 1;
    return {
      id,
      mutatorName: 'X',
      replacement: 'y',
      status,
      location: {
        start: { line: index + 1, column },
        end: { line: index + 1, column: column + text.length },
      },
    };
  };
  const full: MutationReport = {
    files: {
      [FILE]: {
        source: MACHINE,
        mutants: [
          mutantAt('1', 'Killed', MACHINE, 'canGo:', '<'),
          mutantAt('2', 'Survived', MACHINE, 'canGo:', 'limit'),
          mutantAt('3', 'Survived', MACHINE, "guard: 'canGo'", "'canGo'"),
          mutantAt('4', 'Killed', MACHINE, 'export const limit', '3'),
        ],
      },
    },
  };
  const first = summarize(full, undefined, {
    machineSources: {},
    equivalents: [],
    date: '2026-12-01T00:00:00Z',
  });

  it('cuts a machine into the parts targetAt names, each mutant counted in its own', () => {
    const keys = codeParts(MACHINE).map((p) => p.key);
    expect(keys).toEqual(
      expect.arrayContaining(['guard:canGo', 'action:bump', 'delay:wait', 'state:', 'state:a', 'state:a|go']),
    );
    expect(keys).toEqual(
      expect.arrayContaining([
        'state:a|after:wait',
        'state:b.c|always',
        'state:b|onError',
        'rule:limit',
        'module',
      ]),
    );
    for (const mutant of full.files[FILE]!.mutants) {
      const key = partKey(targetAt(MACHINE, mutant.location.start.line, mutant.location.start.column));
      expect(keys).toContain(key);
    }
    expect(first.files[FILE]?.parts?.['guard:canGo']).toMatchObject({ killed: 1, survived: 1 });
    expect(first.files[FILE]?.parts?.['state:a|go']).toMatchObject({ killed: 0, survived: 1 });
  });

  it('asks for nothing after a reformatting, for the changed guard alone after a one-rule change, for all after a change of the machine itself', async () => {
    const entry = first.files[FILE];
    const reformatted = await format(MACHINE, { parser: 'typescript', printWidth: 40, semi: false });
    expect(stalePlan(entry, reformatted)).toEqual({ kind: 'fresh' });
    const oneRule = MACHINE.replace('context.n < limit', 'context.n <= limit');
    const plan = stalePlan(entry, oneRule);
    expect(plan.kind === 'parts' && plan.parts.map((p) => [p.key, p.start, p.end])).toEqual([
      ['guard:canGo', 8, 8],
    ]);
    const value = MACHINE.replace('limit = 3', 'limit = 4');
    const valuePlan = stalePlan(entry, value);
    expect(valuePlan.kind === 'parts' && valuePlan.parts.map((p) => p.key)).toEqual(['rule:limit']);
    expect(stalePlan(entry, MACHINE.replace("id: 'demo'", "id: 'demo2'")).kind).toBe('whole');
    expect(stalePlan(undefined, MACHINE).kind).toBe('whole');
  });

  it("merges a run of some parts: theirs replaced, the others' counts and survivors kept, moved with their lines", () => {
    // The guard changed and a line was added above the machine.
    const changed = MACHINE.replace('context.n < limit', 'context.n <= limit').replace(
      'export const m = setup({',
      'export const other = 1;\nexport const m = setup({',
    );
    const partial: MutationReport = {
      files: { [FILE]: { source: changed, mutants: [mutantAt('9', 'Killed', changed, 'canGo:', '<=')] } },
    };
    const merged = summarize(partial, first, {
      machineSources: {},
      equivalents: [],
      rerun: { [FILE]: ['guard:canGo', 'rule:other'] },
    }).files[FILE]!;
    expect(merged.parts?.['guard:canGo']).toMatchObject({ killed: 1, survived: 0 });
    expect(merged.parts?.['state:a|go']).toMatchObject({ killed: 0, survived: 1 });
    expect(merged.parts?.['rule:limit']).toMatchObject({ killed: 1 });
    expect([merged.killed, merged.survived]).toEqual([2, 1]);
    // The transition's survivor is still there, one line lower, as the file now is.
    const kept = merged.survivors.map((s) => [s.part, s.line]);
    const lineOfGuardRef = changed.split('\n').findIndex((l) => l.includes("guard: 'canGo'")) + 1;
    expect(kept).toEqual([['state:a|go', lineOfGuardRef]]);
    expect(stalePlan(merged, changed)).toEqual({ kind: 'fresh' });
  });
});
