import { getInstance, loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { browserReports } from '../release-health/browser-reports';
import { failedFileOf, RemotePage, startLoadingRemotePageAt } from './remote-page';

jest.mock('@module-federation/enhanced/runtime', () => ({
  getInstance: jest.fn(),
  loadRemote: jest.fn(),
  registerRemotes: jest.fn(),
}));

const remote = { name: 'mfe_test', label: 'Menus', manifest: 'http://x/mf-manifest.json', routes: ['/page'] };
const loadRemoteMock = loadRemote as jest.Mock;

/** The runtime's list of registered remotes, and the cleanup it offers for one. */
function fakeRuntime() {
  const remotes: { name: string; entry: string }[] = [];
  const removeRemote = jest.fn((entry: { name: string }) =>
    remotes.splice(
      remotes.findIndex((candidate) => candidate.name === entry.name),
      1,
    ),
  );
  (registerRemotes as jest.Mock).mockImplementation((added: { name: string; entry: string }[]) => remotes.push(...added));
  (getInstance as jest.Mock).mockReturnValue({ options: { remotes }, remoteHandler: { removeRemote } });
  return { removeRemote };
}

describe('RemotePage', () => {
  beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));

  it('shows loading, then the remote page', async () => {
    loadRemoteMock.mockResolvedValue({ pages: { '/page': () => <h1>Remote content</h1> } });
    render(<RemotePage remote={{ ...remote, name: 'mfe_ok' }} pattern="/page" />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading Menus…');
    expect(await screen.findByRole('heading', { name: 'Remote content' })).toBeInTheDocument();
    expect(loadRemoteMock).toHaveBeenCalledWith('mfe_ok/pages');
  });

  it('tries a failed load once more before saying anything', async () => {
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    loadRemoteMock.mockRejectedValueOnce(new Error('ScriptNetworkError: timed out')).mockResolvedValue({ pages: { '/page': () => <h1>Second try</h1> } });
    render(<RemotePage remote={{ ...remote, name: 'mfe_flaky' }} pattern="/page" />);
    expect(await screen.findByRole('heading', { name: 'Second try' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('goes on trying while each try fails at another file, as when the part was down as the page loaded', async () => {
    // Chromium answers the first use of each file whose preload hint failed with that failure: here the entry, then the page's stylesheet.
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const entryError = new Error(
      '[ Federation Runtime ]: Failed to load script resources. #RUNTIME-008\nargs: {"remoteName":"mfe_poisoned","resourceUrl":"http://x/remoteEntry.js"}',
    );
    const cssError = Object.assign(new Error('Loading CSS chunk 947 failed.'), { name: 'ChunkLoadError', request: 'http://x/style.css' });
    const preload = jest.fn().mockRejectedValueOnce(cssError).mockResolvedValue(undefined);
    const Page = Object.assign(() => <h1>Third try</h1>, { preload });
    loadRemoteMock
      .mockReset()
      .mockRejectedValueOnce(entryError)
      .mockResolvedValue({ pages: { '/page': Page } });
    const runtime = fakeRuntime();
    const load = jest.spyOn(browserReports, 'load');
    render(<RemotePage remote={{ ...remote, name: 'mfe_poisoned', version: '0.2.0-abc' }} pattern="/page" />);
    expect(await screen.findByRole('heading', { name: 'Third try' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(loadRemoteMock).toHaveBeenCalledTimes(3);
    expect(runtime.removeRemote).toHaveBeenCalledTimes(2);
    // Release health counts the page's chunk that failed on the way (the runtime plugin counts the entry).
    expect(load).toHaveBeenCalledWith({ part: 'mfe_poisoned', version: '0.2.0-abc' }, 'chunk');
    expect(load).toHaveBeenCalledTimes(1);
    load.mockRestore();
  });

  it('stops when the same file fails twice, and when a remote keeps failing anew', async () => {
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const chunkError = () => Object.assign(new Error('Loading chunk 129 failed.'), { name: 'ChunkLoadError', request: 'http://x/129.js' });
    const preload = jest.fn(() => Promise.reject(chunkError()));
    loadRemoteMock.mockReset().mockResolvedValue({ pages: { '/page': Object.assign(() => <h1>Never shown</h1>, { preload }) } });
    render(<RemotePage remote={{ ...remote, name: 'mfe_twice' }} pattern="/page" />);
    expect(await screen.findByRole('heading', { name: 'This page could not be loaded' })).toBeInTheDocument();
    expect(preload).toHaveBeenCalledTimes(2);

    let file = 0;
    loadRemoteMock
      .mockReset()
      .mockImplementation(() => Promise.reject(Object.assign(new Error('Loading chunk failed.'), { name: 'ChunkLoadError', request: `http://x/${(file += 1)}.js` })));
    render(<RemotePage remote={{ ...remote, name: 'mfe_anew' }} pattern="/page" />);
    await waitFor(() => expect(screen.getAllByRole('heading', { name: 'This page could not be loaded' })).toHaveLength(2));
    expect(loadRemoteMock).toHaveBeenCalledTimes(4);
  });

  it('shows a clear message when the remote cannot be loaded, and Retry loads it again', async () => {
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    loadRemoteMock
      .mockRejectedValueOnce(new Error('ScriptExternalLoadError'))
      .mockRejectedValueOnce(new Error('ScriptExternalLoadError'))
      .mockResolvedValue({ pages: { '/page': () => <h1>Back again</h1> } });
    const runtime = fakeRuntime();
    render(<RemotePage remote={remote} pattern="/page" />);
    expect(await screen.findByRole('heading', { name: 'This page could not be loaded' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('The Menus part of our site is not answering right now.');

    // Each try starts from scratch: the runtime forgets the failed entry and registers it anew, without a warning.
    expect(runtime.removeRemote).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(runtime.removeRemote).toHaveBeenCalledTimes(2);
    expect(registerRemotes).toHaveBeenLastCalledWith([{ name: 'mfe_test', entry: 'http://x/mf-manifest.json' }], undefined);
    expect(await screen.findByRole('heading', { name: 'Back again' })).toBeInTheDocument();
  });

  it("asks again for the release's stylesheets the page links before it tries again, so the page is not drawn unstyled", async () => {
    // The first screen linked the part's stylesheet while the part was down; another part's stays as it is.
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    document.head.innerHTML = '<link rel="stylesheet" href="http://x/style.css"><link rel="stylesheet" href="http://y/style.css">';
    const old = document.head.querySelector('link[href="http://x/style.css"]');
    // The browser's answers for the copies: the first meets the failed preload hint, the second loads.
    const outcomes = ['error', 'load'];
    const answer = new MutationObserver((changes) => {
      for (const change of changes)
        for (const node of Array.from(change.addedNodes)) if (node instanceof HTMLLinkElement) node.dispatchEvent(new Event(outcomes.shift() ?? 'load'));
    });
    answer.observe(document.head, { childList: true });
    fakeRuntime();
    loadRemoteMock
      .mockReset()
      .mockRejectedValueOnce(new Error('ScriptExternalLoadError'))
      .mockResolvedValue({ pages: { '/page': () => <h1>Styled again</h1> } });
    render(<RemotePage remote={{ ...remote, name: 'mfe_unstyled' }} pattern="/page" />);
    expect(await screen.findByRole('heading', { name: 'Styled again' })).toBeInTheDocument();
    answer.disconnect();
    const links = [...document.head.querySelectorAll('link')];
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['http://x/style.css', 'http://y/style.css']);
    expect(links[0]).not.toBe(old);
    expect(outcomes).toEqual([]);
    document.head.innerHTML = '';
  });

  it('contains a remote page that throws while rendering', async () => {
    function Broken(): never {
      throw new Error('bug in remote');
    }
    loadRemoteMock.mockResolvedValue({ pages: { '/page': Broken } });
    const view = jest.spyOn(browserReports, 'view');
    const error = jest.spyOn(browserReports, 'error');
    render(<RemotePage remote={{ ...remote, name: 'mfe_broken', version: '0.3.0-abc' }} pattern="/page" />);
    expect(await screen.findByRole('button', { name: 'Retry' })).toBeInTheDocument();
    // The page view and the error are reported under the remote's released version.
    expect(view).toHaveBeenCalledWith({ part: 'mfe_broken', version: '0.3.0-abc', route: '/page' });
    expect(error).toHaveBeenCalledWith({ part: 'mfe_broken', version: '0.3.0-abc' });
  });

  it('treats a remote without the requested page as a failure', async () => {
    loadRemoteMock.mockResolvedValue({ pages: {} });
    render(<RemotePage remote={{ ...remote, name: 'mfe_missing' }} pattern="/page" />);
    expect(await screen.findByRole('heading', { name: 'This page could not be loaded' })).toBeInTheDocument();
  });
});

describe('RemotePage with a remote that splits its own pages', () => {
  it('renders a page the remote loads lazily', async () => {
    const { lazy } = await import('react');
    const LazyPage = lazy(async () => ({ default: () => <h1>Lazy remote page</h1> }));
    loadRemoteMock.mockResolvedValue({ pages: { '/page': LazyPage } });
    render(<RemotePage remote={{ ...remote, name: 'mfe_lazy' }} pattern="/page" />);
    expect(await screen.findByRole('heading', { name: 'Lazy remote page' })).toBeInTheDocument();
  });
});

describe('RemotePage with a page in a chunk of its own (lazyPage)', () => {
  it("has the page's chunk in before it draws the page, so the page never suspends behind a fallback", async () => {
    let chunkLoaded!: () => void;
    const preload = jest.fn(() => new Promise<void>((resolve) => (chunkLoaded = resolve)));
    const Page = Object.assign(() => <h1>Chunked remote page</h1>, { preload });
    loadRemoteMock.mockResolvedValue({ pages: { '/page': Page } });
    render(<RemotePage remote={{ ...remote, name: 'mfe_chunked' }} pattern="/page" />);
    await waitFor(() => expect(preload).toHaveBeenCalledTimes(1));
    expect(screen.getByRole('status')).toHaveTextContent('Loading Menus…');
    expect(screen.queryByRole('heading', { name: 'Chunked remote page' })).toBeNull();
    chunkLoaded();
    expect(await screen.findByRole('heading', { name: 'Chunked remote page' })).toBeInTheDocument();
  });

  it("says the part could not be loaded when the page's chunk does not load", async () => {
    const Page = Object.assign(() => <h1>Never shown</h1>, { preload: () => Promise.reject(Object.assign(new Error('Loading chunk 129 failed'), { name: 'ChunkLoadError' })) });
    loadRemoteMock.mockResolvedValue({ pages: { '/page': Page } });
    render(<RemotePage remote={{ ...remote, name: 'mfe_chunk_failed' }} pattern="/page" />);
    expect(await screen.findByRole('heading', { name: 'This page could not be loaded' })).toBeInTheDocument();
  });

  it('starts loading the page at the address the app starts at before anything is drawn, and draws it from that one load', async () => {
    let resolve: (module: unknown) => void = () => undefined;
    loadRemoteMock.mockReset().mockReturnValue(new Promise((done) => (resolve = done)));
    const early = { ...remote, name: 'mfe_early', routes: ['/early/:id'] };
    startLoadingRemotePageAt('/early/7', Promise.resolve([early]));
    await waitFor(() => expect(loadRemoteMock).toHaveBeenCalledWith('mfe_early/pages'));

    render(<RemotePage remote={early} pattern="/early/:id" />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading Menus…');
    resolve({ pages: { '/early/:id': () => <h1>Early page</h1> } });
    expect(await screen.findByRole('heading', { name: 'Early page' })).toBeInTheDocument();
    expect(loadRemoteMock).toHaveBeenCalledTimes(1);
  });

  it('loads nothing early at an address no remote serves', async () => {
    loadRemoteMock.mockReset();
    startLoadingRemotePageAt('/login', Promise.resolve([{ ...remote, name: 'mfe_other', routes: ['/page'] }]));
    await new Promise((done) => setTimeout(done, 0));
    expect(loadRemoteMock).not.toHaveBeenCalled();
  });
});

describe('failedFileOf', () => {
  it("names the file a load failed at, from webpack's and the federation runtime's errors", () => {
    expect(failedFileOf(Object.assign(new Error('Loading CSS chunk 1 failed.'), { request: 'http://x/style.css' }))).toBe('http://x/style.css');
    expect(failedFileOf(new Error('Failed to get manifest. #RUNTIME-003\nargs: {"manifestUrl":"http://x/mf-manifest.json","moduleName":"m"}'))).toBe('http://x/mf-manifest.json');
    expect(failedFileOf(new Error('#RUNTIME-008\nargs: {"remoteName":"m","resourceUrl":"http://x/remoteEntry.js"}'))).toBe('http://x/remoteEntry.js');
    expect(failedFileOf(new Error('ScriptExternalLoadError'))).toBe('ScriptExternalLoadError');
  });
});
