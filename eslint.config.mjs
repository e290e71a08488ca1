// One linter for the whole repository, with a small rule set that catches real
// defects: unused code, promises nobody awaits, React hooks misuse, and imports
// across the boundaries of the composition (ARCHITECTURE.md). Style is
// Prettier's business (.prettierrc.json), so no formatting rule lives here.
import { REMOTE_FOLDERS } from '@samgyup/dev-site';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const TS_FILES = ['**/*.ts', '**/*.tsx'];
const JS_FILES = ['**/*.js', '**/*.cjs', '**/*.mjs'];
const TEST_CODE = ['**/*.test.ts', '**/*.test.tsx', '**/test/**', '**/testing/**'];
const PARTS = ['shell', ...REMOTE_FOLDERS];

const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Imports of a workspace's code: by package name or by a relative path into its folder. */
const importsOf = (folders, message) => ({
  regex: `^@samgyup/(${folders.map(escape).join('|')})(/|$)|(^|/)(${folders.map(escape).join('|')})(/|$)`,
  message,
});

const ROUTER = {
  regex: '^react-router(-dom)?(/|$)',
  message: 'Take router links and hooks from @samgyup/shared: the shell owns the one router context on the page.',
};

/** no-restricted-imports for the files of `folder` (later entries of the same rule replace earlier ones, so each folder gets its whole list). */
const boundaries = (files, patterns, ignores = []) => ({
  files,
  ignores,
  rules: { 'no-restricted-imports': ['error', { patterns }] },
});

const partBoundaries = PARTS.flatMap((part) => {
  const others = PARTS.filter((other) => other !== part);
  const rule =
    part === 'shell'
      ? importsOf(REMOTE_FOLDERS, 'The shell never imports a remote: it loads remotes at run time from /remotes.json.')
      : importsOf(others, 'A remote imports neither the shell nor another remote: parts talk through the URL, the session store and browser storage in @samgyup/shared.');
  const code = [`${part}/**/*.ts`, `${part}/**/*.tsx`];
  // Only the shell bundles the router; remotes' tests may render one (MemoryRouter).
  return part === 'shell'
    ? [boundaries(code, [rule])]
    : [
        boundaries(code, [rule, ROUTER], TEST_CODE),
        boundaries(
          TEST_CODE.map((glob) => `${part}/${glob}`),
          [rule],
        ),
      ];
});

// The end-to-end tests' fixture remote keeps the remotes' rules too.
const fixtureRemote = boundaries(
  ['e2e/fixtures/seasonal-remote/**/*.ts', 'e2e/fixtures/seasonal-remote/**/*.tsx'],
  [importsOf(PARTS, 'A remote imports neither the shell nor another remote.'), ROUTER],
);

const sharedRule = importsOf(PARTS, 'The shared library knows neither the shell nor the remotes.');
const apiRule = importsOf([...PARTS, 'build-kit', 'dev-site'], 'The API imports nothing of the front end.');

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/coverage/**',
      '.data/**',
      '.releases/**',
      '.test-results/**',
      '.bench-reports/**',
      '.scratch/**',
      '**/.prerender/**',
      '**/.first-screens/**',
      'e2e/.artifacts/**',
    ],
  },
  { linterOptions: { reportUnusedDisableDirectives: 'error' } },
  {
    files: JS_FILES,
    languageOptions: { ecmaVersion: 2023, globals: { ...globals.node, ...globals.jest } },
    rules: {
      'no-unused-vars': ['error', { args: 'after-used', argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true }],
      'no-undef': 'error',
    },
  },
  {
    // Functions these files hand to a browser page (page.evaluate) or run under jsdom; the bench's reference pages run in the browser.
    files: ['tooling/bench/measure-javascript.mjs', 'tooling/bench/reference-pages/**', 'release-tools/src/compatibility-check.cjs', 'tooling/build-kit/jest/setup-dom.cjs'],
    languageOptions: { globals: globals.browser },
  },
  {
    files: TS_FILES,
    languageOptions: {
      parser: tseslint.parser,
      // Type information for no-floating-promises: each file's nearest tsconfig.json.
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    plugins: { '@typescript-eslint': tseslint.plugin, 'react-hooks': reactHooks },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { args: 'after-used', argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true }],
      '@typescript-eslint/no-floating-promises': ['error', { ignoreVoid: true }],
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  ...partBoundaries,
  fixtureRemote,
  boundaries(['shared/**/*.ts', 'shared/**/*.tsx'], [sharedRule, ROUTER], [...TEST_CODE, 'shared/src/routing/**']),
  boundaries(['shared/src/routing/**', ...TEST_CODE.map((glob) => `shared/${glob}`)], [sharedRule]),
  boundaries(['api/**/*.ts'], [apiRule]),
);
