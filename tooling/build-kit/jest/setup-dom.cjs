require('@testing-library/jest-dom');
const { configure } = require('@testing-library/dom');

// findBy… and waitFor give up after this long (1 s by default): a page's render
// after its stubbed fetch answers can take longer on a busy machine.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
});
