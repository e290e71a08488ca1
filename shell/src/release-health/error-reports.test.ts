import { createBrowserReporter } from './browser-reports';
import { filesOfError, partOfError, watchUncaughtErrors, type PartFiles } from './error-reports';

const parts: PartFiles[] = [
  { part: 'shell', version: null, base: 'https://samgyup.test/' },
  { part: 'mfe_menus', version: '0.2.0-abc', base: 'https://samgyup.test/releases/mfe_menus/0.2.0-abc/' },
  { part: 'mfe_reviews', version: '0.1.4-def', base: 'https://reviews.samgyup.test/0.1.4-def/' },
];

function thrownFrom(file: string) {
  const error = new Error('boom');
  error.stack = `Error: boom\n    at render (${file}:1:200)\n    at https://samgyup.test/main.1234abcd.js:2:30`;
  return error;
}

describe('which part an error came from', () => {
  it('is the part whose files come first in its stack, a remote under the shell’s origin included', () => {
    expect(partOfError(filesOfError(thrownFrom('https://samgyup.test/releases/mfe_menus/0.2.0-abc/412.js')), parts)).toEqual({ part: 'mfe_menus', version: '0.2.0-abc' });
    expect(partOfError(filesOfError(thrownFrom('https://reviews.samgyup.test/0.1.4-def/9.js')), parts)).toEqual({ part: 'mfe_reviews', version: '0.1.4-def' });
    expect(partOfError(filesOfError(new Error('x'), 'https://samgyup.test/main.1234abcd.js'), parts)).toEqual({ part: 'shell', version: null });
    expect(partOfError(filesOfError('not an error', 'chrome-extension://abc/content.js'), parts)).toBeNull();
  });
});

describe('uncaught errors and rejections', () => {
  function watched() {
    const reporter = createBrowserReporter({ send: () => undefined });
    const error = jest.spyOn(reporter, 'error');
    const target = new EventTarget();
    watchUncaughtErrors(reporter, () => parts, target as unknown as Window);
    return { reporter, error, target };
  }

  it('counts each against the part whose files raised it, and nothing of a browser extension', () => {
    const { error, target } = watched();
    target.dispatchEvent(new ErrorEvent('error', { error: thrownFrom('https://reviews.samgyup.test/0.1.4-def/9.js'), message: 'boom' }));
    target.dispatchEvent(Object.assign(new Event('unhandledrejection'), { reason: thrownFrom('https://samgyup.test/releases/mfe_menus/0.2.0-abc/412.js') }));
    target.dispatchEvent(new ErrorEvent('error', { filename: 'chrome-extension://abc/content.js', message: 'x' }));
    expect(error.mock.calls).toEqual([[{ part: 'mfe_reviews', version: '0.1.4-def' }], [{ part: 'mfe_menus', version: '0.2.0-abc' }]]);
  });

  it('counts an error the browser hides (another origin’s script) against the remote whose page is on show, never against the shell', () => {
    const { reporter, error, target } = watched();
    reporter.view({ part: 'shell', version: null, route: '/' });
    target.dispatchEvent(new ErrorEvent('error', { message: 'Script error.' }));
    reporter.view({ part: 'mfe_reviews', version: '0.1.4-def', route: '/feedback' });
    target.dispatchEvent(new ErrorEvent('error', { message: 'Script error.' }));
    expect(error.mock.calls).toEqual([[{ part: 'mfe_reviews', version: '0.1.4-def', route: '/feedback' }]]);
  });
});
