import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  MUTATION_GOAL,
  SUMMARY_FILE,
  equivalentOf,
  filesFlowsRead,
  mutatedFiles,
  readSummary,
  staleLine,
  stalePlans,
} from '../../../scripts/mutation-summary';
import { EQUIVALENT_MUTANTS } from '../../mutation/equivalent';
import { PENDING_MUTATION } from '../../mutation/pending';

/**
 * The mutation run's summary (tests/mutation/summary.json) holds the strength of the flows' tests;
 * it is only true of the code it was made from. The run takes minutes per machine, so `npm test`
 * does not run it: it checks that the summary is of the code as it is now, and still meets the goal.
 */
const mutated = mutatedFiles();
const summary = readSummary();
const RUN_STALE = 'npm run test:mutation -- --stale';
const UPDATE = 'npm run flows:update';

describe('mutation summary', () => {
  it('mutates every module a flow reads, or says why not yet (tests/mutation/pending.ts)', () => {
    const read = filesFlowsRead();
    expect(read).toEqual(expect.arrayContaining(['src/flows/registration/lead-wizard.machine.ts']));
    expect(read.filter((file) => !mutated.includes(file) && PENDING_MUTATION[file] === undefined)).toEqual(
      [],
    );
    // A module no flow reads any more leaves the list.
    expect(Object.keys(PENDING_MUTATION).filter((file) => !read.includes(file))).toEqual([]);
  });

  it('exists, covers every file the mutation run mutates, and is of their code as it is now', () => {
    expect(summary, `${SUMMARY_FILE} is missing: run \`npm run test:mutation\``).toBeDefined();
    expect(
      stalePlans(mutated, summary).map(staleLine),
      `changed or never mutated since the last run: \`${RUN_STALE}\` (or \`${UPDATE}\`, which also writes the docs and the registry of versions) mutates these again, then commit ${SUMMARY_FILE}`,
    ).toEqual([]);
  });

  it(`keeps at least ${MUTATION_GOAL} % of the mutants of every machine killed`, () => {
    const below = Object.entries(summary?.files ?? {})
      .filter(
        ([file, f]) => mutated.includes(file) && file.endsWith('.machine.ts') && f.score < MUTATION_GOAL,
      )
      .map(([file, f]) => `${file}: ${f.score} %`);
    expect(below).toEqual([]);
  });

  it('leaves no surviving mutant without a test that kills it or the reason no test can (tests/mutation/equivalent.ts)', () => {
    const unexplained = Object.entries(summary?.files ?? {}).flatMap(([file, f]) =>
      f.survivors
        .filter((s) => s.equivalent === undefined)
        .map(
          (s) => `${file}:${s.line} ${s.mutator} ${s.original.slice(0, 60)} -> ${s.replacement.slice(0, 30)}`,
        ),
    );
    expect(unexplained).toEqual([]);
  });

  it('gives each survivor the reason the list of equivalent mutants gives it today (an entry edited without a run)', () => {
    const differ = Object.entries(summary?.files ?? {}).flatMap(([file, f]) => {
      const lines = readFileSync(file, 'utf8').split('\n');
      return f.survivors
        .filter(
          (s) =>
            equivalentOf(file, { ...s, line: lines[s.line - 1] ?? '' }, EQUIVALENT_MUTANTS)?.reason !==
            s.equivalent,
        )
        .map((s) => `${file}:${s.line} ${s.mutator} ${s.original.slice(0, 60)}`);
    });
    expect(differ, 'run `npm run test:mutation -- --summary-only` after a mutation run').toEqual([]);
  });
});
