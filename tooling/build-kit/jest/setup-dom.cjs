// @ts-expect-error -- its types add jest's matchers globally and export nothing; requiring it registers them.
require('@testing-library/jest-dom');

afterEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
});
