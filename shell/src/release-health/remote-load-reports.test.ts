import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { createBrowserReporter } from './browser-reports';
import { isCountedLoadFailure, loadFailurePhase, remoteLoadReports } from './remote-load-reports';

const chunkError = (message: string) => Object.assign(new Error(message), { name: 'ChunkLoadError' });

describe('the phase a remote load failed in', () => {
  it('tells the manifest, the entry script, a chunk and a time limit apart', () => {
    expect(loadFailurePhase(new Error('[ Federation Runtime ]: Failed to get manifest. #RUNTIME-003'))).toBe('manifest');
    expect(loadFailurePhase(new TypeError('Failed to fetch'), true)).toBe('manifest');
    expect(loadFailurePhase(new DOMException('signal timed out', 'TimeoutError'), true)).toBe('timeout');
    expect(loadFailurePhase(new Error('Failed to load script resources. #RUNTIME-008 ScriptNetworkError: Failed to load script "http://x/remoteEntry.js"'))).toBe('entry');
    expect(loadFailurePhase(new Error('#RUNTIME-008 ScriptNetworkError: Script "http://x/remoteEntry.js" timed out.'))).toBe('timeout');
    expect(loadFailurePhase(chunkError('Loading chunk 42 failed.\n(error: http://x/42.js)'))).toBe('chunk');
    expect(loadFailurePhase(chunkError('Loading chunk 42 failed.\n(timeout: http://x/42.js)'))).toBe('timeout');
  });
});

describe('the federation runtime plugin that reports remote loads', () => {
  type Hooks = Required<Pick<ModuleFederationRuntimePlugin, 'onLoad' | 'errorLoadRemote'>>;
  function plugin() {
    const reporter = createBrowserReporter({ send: () => undefined });
    const load = jest.spyOn(reporter, 'load');
    const hooks = remoteLoadReports(reporter, (name) => (name === 'mfe_menus' ? { part: 'mfe_menus', version: '0.2.0-abc' } : null)) as unknown as Hooks;
    const remote = { name: 'mfe_menus', entry: 'http://x/mf-manifest.json' };
    const failed = (lifecycle: string, error: unknown) =>
      (hooks.errorLoadRemote as (args: unknown) => unknown)({ id: 'mfe_menus/pages', lifecycle, error, remote, from: 'runtime' });
    return { load, loaded: () => (hooks.onLoad as (args: unknown) => unknown)({ remote }), failed };
  }

  it('reports each load under the released version: ok, or failed by phase, and offers no stand-in', () => {
    const { load, loaded, failed } = plugin();
    loaded();
    expect(failed('afterResolve', new TypeError('Failed to fetch'))).toBeUndefined();
    const final = new Error('#RUNTIME-003');
    expect(failed('onLoad', final)).toBeUndefined();
    failed('onLoad', chunkError('Loading chunk 7 failed.'));
    expect(load.mock.calls).toEqual([
      [{ part: 'mfe_menus', version: '0.2.0-abc' }, 'ok'],
      [{ part: 'mfe_menus', version: '0.2.0-abc' }, 'manifest'],
      [{ part: 'mfe_menus', version: '0.2.0-abc' }, 'chunk'],
    ]);
    // The error boundary that then shows "could not be loaded" does not count it again.
    expect(isCountedLoadFailure(final)).toBe(true);
    expect(isCountedLoadFailure(new Error('a page bug'))).toBe(false);
  });
});
