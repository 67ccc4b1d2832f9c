/**
 * Mutation testing of the flows (issue #41): every machine under src/flows/ and the modules its
 * behaviour reads, each mutant run against the tests of vitest.mutation.config.ts. The score per
 * file is printed at the end; the report goes to reports/mutation/ (git-ignored). Incremental: a
 * run reuses the results of the last one for code and tests that did not change.
 */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.mutation.config.ts' },
  // The machines; `npm run test:mutation` passes the full list itself: every machine and every
  // module their behaviour reads (scripts/mutation-summary.ts, mutatedFiles), none kept by hand.
  mutate: ['src/flows/*/*.machine.ts'],
  coverageAnalysis: 'perTest',
  incremental: true,
  incrementalFile: 'reports/mutation/stryker-incremental.json',
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: 'reports/mutation/index.html' },
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  clearTextReporter: { allowColor: false, logTests: false, reportTests: false, reportMutants: false },
  concurrency: 2,
  timeoutMS: 20000,
  thresholds: { high: 90, low: 80, break: null },
  tempDirName: 'reports/mutation/.tmp',
  cleanTempDir: 'always',
};
