import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX from 'eslint-plugin-import-x';
import globals from 'globals';

/**
 * Layers, never the reverse (docs/architecture.md): pages -> flows -> ui -> seo, services;
 * seo -> boot, content, config, domain; services -> boot, config, domain; config and content ->
 * domain; domain imports nothing. A machine (src/flows/<flow>/*.machine.ts) imports neither React, nor a service (types
 * only), nor the flow's views: its wiring provides its effects. server/ takes only src/domain
 * from src/. The flow workbench (packages/flow-workbench) imports nothing of the site: the site
 * hands it its catalogue (workbench/catalogue.ts), and the site's scripts, tests and catalogue use
 * it only through its public API (`@tienda/flow-workbench`, `/kit`, `/generators`, `/vite`), never
 * a file of it by path; src/ and server/ never import it. Both name a flow's states, transitions
 * and version with @tienda/flow-identity, which imports neither. Each zone lists, for the files in
 * `target`, the folders they may not import.
 */
const zone = (target, forbidden, message) =>
  forbidden.map((from) => ({ target, from, message: `${target} ${message}` }));

const ABOVE_SERVICES = ['./src/flows', './src/pages', './src/ui', './src/app.tsx'];
const WORKBENCH = './packages/flow-workbench';
/** The names of a flow's parts (@tienda/flow-identity): shared by the workbench and the pages. */
const IDENTITY = './packages/flow-identity';
/**
 * A flow folder's test-only parts (docs/testing.md): the machine's samples, its browser table and
 * its model test. They sit beside the machine but are tools around the site: they may import the
 * tests' support and the workbench's public API, and nothing of the site may import them (they
 * would end up in a page's bundle).
 */
const FLOW_TEST_PARTS = ['samples.ts', 'browser.ts', 'model.test.ts'].map((end) => `src/flows/*/*.${end}`);
const NODE_ONLY_DIFF = ['compare.ts', 'trees.ts', 'print-snapshot.ts'].map(
  (f) => `${WORKBENCH}/src/diff/${f}`,
);
/** The workbench by its package name: the site (src/, server/) never imports it. */
const WORKBENCH_PACKAGE = {
  group: ['@tienda/flow-workbench', '@tienda/flow-workbench/*'],
  message: 'The site never imports the flow workbench: the workbench reads the site.',
};

const LAYER_ZONES = [
  ...zone(
    './src/domain',
    ['./src/config', './src/content', './src/services', './src/seo', ...ABOVE_SERVICES],
    'is pure data and rules: it imports nothing else from src/.',
  ),
  ...zone(
    './src/config',
    ['./src/content', './src/services', './src/seo', ...ABOVE_SERVICES],
    'may import only src/domain.',
  ),
  ...zone(
    './src/content',
    ['./src/config', './src/services', './src/seo', ...ABOVE_SERVICES],
    'is copy as data: it may import only src/domain.',
  ),
  ...zone(
    './src/services',
    ['./src/content', './src/seo', ...ABOVE_SERVICES],
    'do I/O only: they may import src/domain and src/config.',
  ),
  ...zone(
    './src/ui',
    ['./src/flows', './src/pages', './src/app.tsx'],
    'is shared by flows and pages: it never imports them.',
  ),
  ...zone('./src/flows', ['./src/pages', './src/app.tsx'], 'never imports a page: pages compose flows.'),
  ...zone(
    './src/seo',
    ['./src/services', ...ABOVE_SERVICES],
    'builds what search engines read from config and content: it may import src/config, src/content and src/domain.',
  ),
  ...zone(
    './server',
    [
      './src/config',
      './src/content',
      './src/services',
      './src/seo',
      ...ABOVE_SERVICES,
      './src/entry-client.tsx',
      './src/entry-server.tsx',
      './src/boot',
    ],
    'may import only src/domain from src/.',
  ),
  ...zone(
    WORKBENCH,
    [
      './src',
      './server',
      './scripts',
      './tests',
      './bench',
      './workbench',
      './vite.config.ts',
      './playwright.config.ts',
    ],
    'is the flow workbench: it never imports the site, which hands it its catalogue.',
  ),
  ...zone(
    IDENTITY,
    [
      './src',
      './server',
      './scripts',
      './tests',
      './bench',
      './workbench',
      WORKBENCH,
      './vite.config.ts',
      './playwright.config.ts',
    ],
    "names a flow's parts for the workbench and the site's visit recorder alike: it imports neither.",
  ),
  ...zone(
    `${WORKBENCH}/src/explorer`,
    [`${WORKBENCH}/src/vite`, ...NODE_ONLY_DIFF],
    "is the explorer's page: it never imports what runs only in node (the build, git).",
  ),
  ...['./scripts', './tests', './bench', './workbench'].flatMap((target) =>
    zone(
      target,
      [WORKBENCH],
      'uses the flow workbench through its public API (@tienda/flow-workbench, /kit, /generators, /vite), never a file of it.',
    ),
  ),
  ...zone(
    './src',
    ['./server', './scripts', './tests', './workbench', WORKBENCH],
    'never imports the tools around it.',
  ),
  ...zone(
    './src',
    FLOW_TEST_PARTS.map((part) => `./${part}`),
    "never imports a flow's samples, browser table or model test: they are the tests', not a page's.",
  ),
];

/** What a flow's test-only parts may not import: the workbench by a file's path, and the server. */
const FLOW_TEST_PART_ZONES = FLOW_TEST_PARTS.flatMap((part) => [
  ...zone(
    `./${part}`,
    [WORKBENCH],
    'uses the flow workbench through its public API (@tienda/flow-workbench, /kit, /generators, /vite), never a file of it.',
  ),
  ...zone(
    `./${part}`,
    ['./server'],
    "is a flow's test-only part: it drives the machine and the page, not the server.",
  ),
]);

const MACHINE_PATTERNS = [
  { group: ['react', 'react-dom', '@xstate/react'], message: 'Machines never import React.' },
  {
    group: ['**/services/*'],
    allowTypeImports: true,
    message: 'Machines name their actors; the wiring provides the services.',
  },
];
const MACHINE_GLOBALS = ['window', 'document', 'fetch', 'localStorage', 'sessionStorage'];

export default tseslint.config(
  {
    ignores: [
      'dist/',
      'node_modules/',
      'data/',
      'test-results/',
      'playwright-report/',
      // Git-ignored output: the mutation run's sandboxes and reports among it.
      'reports/',
      'docs/flows/*.stately.js',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      eqeqeq: ['error', 'always'],
      'no-console': ['error', { allow: ['error', 'warn', 'info'] }],
    },
  },
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      // The plain node resolver: the newer native resolver has no build for every platform on our registry.
      'import-x/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.json'] } },
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: LAYER_ZONES }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // A flow's test-only parts are the tests' (they import their support), beside the machine.
    files: FLOW_TEST_PARTS,
    rules: { 'import-x/no-restricted-paths': ['error', { zones: FLOW_TEST_PART_ZONES }] },
  },
  {
    // What the flow kit reads (the catalogue, the delays) is held to the machines' rules.
    files: ['src/flows/*.ts', 'src/flows/*/*.flow.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { patterns: [...MACHINE_PATTERNS, WORKBENCH_PACKAGE] },
      ],
      'no-restricted-globals': ['error', ...MACHINE_GLOBALS],
    },
  },
  {
    // A flow's catalogue entry has the workbench's shape: its type only, never its code.
    files: ['src/flows/flow-notes.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { patterns: [...MACHINE_PATTERNS, { ...WORKBENCH_PACKAGE, allowTypeImports: true }] },
      ],
    },
  },
  {
    // The flow kit and the flows' samples run in node, in Playwright and in the explorer's page:
    // the machines' rules.
    files: ['packages/flow-workbench/src/kit/**/*.ts', 'src/flows/*/*.samples.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', { patterns: MACHINE_PATTERNS }],
      'no-restricted-globals': ['error', ...MACHINE_GLOBALS],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'server/**/*.ts'],
    ignores: ['src/flows/*.ts', 'src/flows/*/*.flow.ts', 'src/flows/**/*.machine.ts', ...FLOW_TEST_PARTS],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', { patterns: [WORKBENCH_PACKAGE] }],
    },
  },
  {
    files: ['src/flows/**/*.machine.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            ...MACHINE_PATTERNS,
            WORKBENCH_PACKAGE,
            {
              // A machine's `.context` module is its own data without XState, for views that run
              // before the machine's code has loaded.
              group: ['./*', '!./*.machine', '!./*.context', '**/ui/*', '**/pages/*', '**/content/*'],
              message: 'A machine carries no view and no page copy: its views read it.',
            },
          ],
        },
      ],
      'no-restricted-globals': ['error', ...MACHINE_GLOBALS],
    },
  },
  {
    // Every e2e test runs under the console and network hygiene fixture.
    files: ['tests/e2e/**/*.ts'],
    ignores: ['tests/e2e/support/test.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@playwright/test',
              importNames: ['test'],
              allowTypeImports: true,
              message:
                'Import test from tests/e2e/support/test.ts: it fails a test on console errors and stray requests.',
            },
          ],
        },
      ],
    },
  },
  {
    // A test waits for what it stands for (a condition, an event, a fake clock), never for a time:
    // a fixed wait slows the loop and fails on a busy machine. One that is the point of its test
    // says why on its disable line.
    files: ['tests/**/*.ts', 'packages/*/test/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-properties': [
        'error',
        {
          property: 'waitForTimeout',
          message:
            'Wait for the condition (expect(...), expect.poll, page.waitForFunction, an event) or run a fake clock (page.clock).',
        },
      ],
    },
  },
);
