// The house rules of the monorepo are ESLint's no-restricted-imports (eslint.config.mjs),
// checked on every file by `npm run lint`: the shell never imports a remote, remotes
// never import each other, the shared library knows neither, the API imports no front
// end, and only the shell bundles the router. This proves the rules fire.
const { execFileSync } = require('node:child_process');
const { REMOTE_FOLDERS, repoRoot } = require('@samgyup/dev-site');

// ESLint loads its (ESM) config with a dynamic import, which jest's VM refuses, so the
// probes are linted in one plain Node process. The boundaries need no type information:
// that process lints without it, so this stays fast.
const LINT_PROBES = `
const { ESLint } = require('eslint');
const path = require('node:path');
const probes = JSON.parse(process.argv[1]);
const eslint = new ESLint({
  cwd: process.cwd(),
  overrideConfig: { files: ['**/*.ts', '**/*.tsx'], languageOptions: { parserOptions: { projectService: false } }, rules: { '@typescript-eslint/no-floating-promises': 'off' } },
});
Promise.all(probes.map(async ({ file, source }) => {
  const [result] = await eslint.lintText(source, { filePath: path.join(process.cwd(), file) });
  return result.messages.filter((message) => message.ruleId === 'no-restricted-imports' || message.fatal).map((message) => message.message);
})).then((answers) => process.stdout.write(JSON.stringify(answers)));
`;

/** @type {Array<{ file: string, source: string }>} */
const probes = [];
/**
 * Registers `source` as if it were the file `file` (relative to the repository); its messages are read once all are linted.
 * @param {string} file
 * @param {string} source
 * @returns {() => string[]}
 */
function probe(file, source) {
  const index = probes.push({ file, source }) - 1;
  return () => answers[index];
}
/** @type {string[][]} */
let answers = [];
beforeAll(() => {
  answers = JSON.parse(execFileSync(process.execPath, ['-e', LINT_PROBES, JSON.stringify(probes)], { cwd: repoRoot, encoding: 'utf8', timeout: 60_000 }));
}, 60_000);

const REMOTE = /A remote imports neither the shell nor another remote/;
const ROUTER = /Take router links and hooks from @samgyup\/shared/;
const API = /The API imports nothing of the front end/;

const shellImportsRemotes = probe(
  'shell/src/app/boundary-probe.tsx',
  "import { pages } from '@samgyup/mfe-menus/src/pages';\nimport { x } from '../../../mfe-staff/src/x';\nexport { pages, x };\n",
);
const shellImportsShared = probe(
  'shell/src/app/boundary-probe.tsx',
  "import { apiRequest } from '@samgyup/shared';\nimport { Link } from 'react-router-dom';\nexport { apiRequest, Link };\n",
);
/** @type {Array<[string, () => string[], () => string[]]>} */
const remoteProbes = REMOTE_FOLDERS.map((remote) => {
  const other = REMOTE_FOLDERS.find((name) => name !== remote);
  return [
    remote,
    probe(
      `${remote}/src/boundary-probe.tsx`,
      `import { a } from '@samgyup/shell';\nimport { b } from '../../${other}/src/b';\nimport { Link } from 'react-router-dom';\nexport { a, b, Link };\n`,
    ),
    // Its tests may render a router of their own.
    probe(`${remote}/src/boundary-probe.test.tsx`, "import { MemoryRouter } from 'react-router-dom';\nexport { MemoryRouter };\n"),
  ];
});
const sharedImportsParts = probe(
  'shared/src/api/boundary-probe.ts',
  "import { a } from '@samgyup/mfe-refill';\nimport { useNavigate } from 'react-router-dom';\nexport { a, useNavigate };\n",
);
const sharedRoutingImportsRouter = probe('shared/src/routing/boundary-probe.ts', "import { useNavigate } from 'react-router-dom';\nexport { useNavigate };\n");
const apiImportsFrontEnd = probe(
  'api/src/routes/boundary-probe.ts',
  "import { a } from '@samgyup/shell';\nimport { b } from '../../../mfe-menus/src/b';\nimport { c } from '@samgyup/build-kit';\nimport { formatPesos } from '@samgyup/shared';\nexport { a, b, c, formatPesos };\n",
);

describe('import boundaries (ESLint no-restricted-imports)', () => {
  it('knows every remote', () => {
    expect(REMOTE_FOLDERS).toEqual(expect.arrayContaining(['mfe-menus', 'mfe-reviews', 'mfe-refill', 'mfe-reservation', 'mfe-staff']));
  });

  it('the shell never imports a remote, by package name or by path', () => {
    expect(shellImportsRemotes()).toEqual([expect.stringMatching(/The shell never imports a remote/), expect.stringMatching(/The shell never imports a remote/)]);
    expect(shellImportsShared()).toEqual([]);
  });

  it.each(remoteProbes)('%s imports neither the shell nor another remote, and takes the router from @samgyup/shared', (_remote, code, test) => {
    expect(code()).toEqual([expect.stringMatching(REMOTE), expect.stringMatching(REMOTE), expect.stringMatching(ROUTER)]);
    expect(test()).toEqual([]);
  });

  it('the shared library knows neither the shell nor the remotes; only its routing module imports the router', () => {
    expect(sharedImportsParts()).toEqual([expect.stringMatching(/The shared library knows neither/), expect.stringMatching(ROUTER)]);
    expect(sharedRoutingImportsRouter()).toEqual([]);
  });

  it('the API imports nothing of the front end', () => {
    expect(apiImportsFrontEnd()).toEqual([expect.stringMatching(API), expect.stringMatching(API), expect.stringMatching(API)]);
  });
});
