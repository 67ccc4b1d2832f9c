import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The cheap tests first. A mutant of a machine's definition (its states, targets and texts, built
 * once when the module loads) cannot be traced to the tests that cover it, so each one runs every
 * test of its machine, stopping at the first failure: the unit tests, which take milliseconds, then
 * the model tests, which walk every path, then the independent models and the random walks.
 */
class CheapTestsFirst extends BaseSequencer {
  override sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (file: TestSpecification) =>
      file.moduleId.includes('/tests/unit/') ? 0 : file.moduleId.endsWith('.model.test.ts') ? 1 : 2;
    return Promise.resolve(
      [...files].sort((a, b) => rank(a) - rank(b) || a.moduleId.localeCompare(b.moduleId)),
    );
  }
}

/**
 * The tests a flow's mutants are run against (`npm run test:mutation`, stryker.config.mjs): the
 * machines' unit tests, the model tests and the domain rules' tests. The API and browser suites
 * are left out: they need a server or a database, and a machine's rule is theirs to catch too.
 */
export default defineConfig({
  test: {
    include: [
      'tests/unit/flows/**/*.test.{ts,tsx}',
      'tests/model/**/*.test.ts',
      'src/flows/*/*.model.test.ts',
      'tests/unit/domain/**/*.test.ts',
    ],
    environment: 'node',
    sequence: { sequencer: CheapTestsFirst },
    testTimeout: 20000,
    hookTimeout: 30000,
  },
});
