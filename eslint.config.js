import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX from 'eslint-plugin-import-x';
import globals from 'globals';

/**
 * Layers, never the reverse (docs/architecture.md): views -> machines -> services -> domain/config,
 * views -> content/domain; server/ takes only src/domain from src/; explorer/ takes machines and
 * domain, never views. Each zone lists, for the files in `target`, the folders they may not import.
 */
const zone = (target, forbidden, message) =>
  forbidden.map((from) => ({ target, from, message: `${target} ${message}` }));

const LAYER_ZONES = [
  ...zone(
    './src/domain',
    ['./src/config', './src/content', './src/services', './src/machines', './src/views'],
    'is pure data and rules: it imports nothing else from src/.',
  ),
  ...zone(
    './src/config',
    ['./src/content', './src/services', './src/machines', './src/views'],
    'may import only src/domain.',
  ),
  ...zone(
    './src/content',
    ['./src/config', './src/services', './src/machines', './src/views'],
    'is copy as data: it may import only src/domain.',
  ),
  ...zone(
    './src/services',
    ['./src/content', './src/machines', './src/views'],
    'do I/O only: they may import src/domain and src/config.',
  ),
  ...zone(
    './src/machines',
    ['./src/content', './src/views'],
    'may import src/domain, src/config and types from src/services.',
  ),
  ...zone(
    './src/seo',
    ['./src/services', './src/machines', './src/views'],
    'builds what search engines read from config and content: it may import src/config, src/content and src/domain.',
  ),
  ...zone(
    './server',
    [
      './src/config',
      './src/content',
      './src/services',
      './src/machines',
      './src/views',
      './src/seo',
      './src/entry-client.tsx',
      './src/entry-server.tsx',
      './src/boot',
    ],
    'may import only src/domain from src/.',
  ),
  ...zone(
    './explorer',
    ['./src/views', './src/services', './src/entry-client.tsx', './src/entry-server.tsx'],
    'may import src/machines and src/domain, never the site views.',
  ),
  ...zone('./src', ['./server', './scripts', './tests', './explorer'], 'never imports the tools around it.'),
];

export default tseslint.config(
  {
    ignores: [
      'dist/',
      'node_modules/',
      'data/',
      'test-results/',
      'playwright-report/',
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
    files: ['src/machines/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['react', 'react-dom', '@xstate/react'], message: 'Machines never import React.' },
            {
              group: ['../services/*'],
              allowTypeImports: true,
              message: 'Machines name their actors; the view provides the services.',
            },
          ],
        },
      ],
      'no-restricted-globals': ['error', 'window', 'document', 'fetch', 'localStorage', 'sessionStorage'],
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
);
