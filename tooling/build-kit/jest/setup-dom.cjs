// @ts-expect-error -- its types add jest's matchers globally and export nothing; requiring it registers them.
require('@testing-library/jest-dom');
const { configure } = require('@testing-library/dom');

// findBy… and waitFor give up after this long (1 s by default): a page's render
// after its stubbed fetch answers can take longer on a busy machine.
configure({ asyncUtilTimeout: 5_000 });
// A page test types and clicks through React in jsdom, all on the CPU: on a busy two-core
// machine one takes several times its usual second, past jest's 5 s default. (Set here,
// since `jest --projects`, as npm test runs them, ignores a project's own testTimeout.)
jest.setTimeout(30_000);

afterEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
});
