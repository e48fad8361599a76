// One lint setup for the whole repository.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import regexp from 'eslint-plugin-regexp';
import prettier from 'eslint-config-prettier';
import globals from 'globals';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import { directoryBoundaries, serverBoundaries } from './eslint.boundaries.js';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'coverage/**',
      '**/test-results/**',
      '**/playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      eqeqeq: ['error', 'smart'],
      'no-console': ['error', { allow: ['warn', 'error', 'info'] }],
    },
  },
  {
    files: ['**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // A regular expression that backtracks super-linearly lets one request hold the event loop (issue 12: a
    // path of slashes stalled every page). Tests match our own output and may keep simpler patterns.
    files: ['**/*.ts', '**/*.tsx'],
    ignores: ['**/*.test.ts', '**/*.test.tsx', '**/test/**', 'e2e/**'],
    plugins: { regexp },
    rules: {
      'regexp/no-super-linear-backtracking': 'error',
      'regexp/no-super-linear-move': 'error',
    },
  },
  {
    files: [
      'bench/**',
      '**/*.test.ts',
      '**/test/**',
      'e2e/**',
      'server/src/db/cli.ts',
      'server/src/main.ts',
    ],
    rules: { 'no-console': 'off' },
  },
  {
    // The server's shape (issue 13, docs/decisions/015): a resource's folder is its own; the rest of the server
    // reaches it only through its index.ts; lib/ and db/ know no resource; nothing imports web/ but app.ts;
    // and no module imports itself round a cycle. Tests may reach inside what they test.
    files: ['server/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    plugins: { 'import-x': importX },
    settings: {
      // TypeScript sources: without these the cycle check parses no .ts file and silently finds nothing.
      'import-x/extensions': ['.ts', '.mts', '.mjs', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.mts'] },
      'import-x/resolver-next': [
        createNodeResolver({ extensions: ['.ts', '.mts', '.mjs', '.js'] }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: serverBoundaries() }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: ['directory/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: directoryBoundaries() }],
      // A lazily loaded chunk may import from the module that loads it (code splitting, not a cycle at load).
      'import-x/no-cycle': [
        'error',
        { ignoreExternal: true, allowUnsafeDynamicCyclicDependency: true },
      ],
    },
  },
  prettier,
);
