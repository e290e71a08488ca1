import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RemotePage } from './remote-page';

jest.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: jest.fn(),
  registerRemotes: jest.fn(),
}));

const remote = { name: 'mfe_test', label: 'Menus', manifest: 'http://x/mf-manifest.json', routes: ['/page'] };
const loadRemoteMock = loadRemote as jest.Mock;

describe('RemotePage', () => {
  beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));

  it('shows loading, then the remote page', async () => {
    loadRemoteMock.mockResolvedValue({ pages: { '/page': () => <h1>Remote content</h1> } });
    render(<RemotePage remote={{ ...remote, name: 'mfe_ok' }} pattern="/page" />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading Menus…');
    expect(await screen.findByRole('heading', { name: 'Remote content' })).toBeInTheDocument();
    expect(loadRemoteMock).toHaveBeenCalledWith('mfe_ok/pages');
  });

  it('shows a clear message when the remote cannot be loaded, and Retry loads it again', async () => {
    loadRemoteMock
      .mockRejectedValueOnce(new Error('ScriptExternalLoadError'))
      .mockResolvedValue({ pages: { '/page': () => <h1>Back again</h1> } });
    render(<RemotePage remote={remote} pattern="/page" />);
    expect(await screen.findByRole('heading', { name: 'This page could not be loaded' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('The Menus part of our site is not answering right now.');

    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(registerRemotes).toHaveBeenCalledWith([{ name: 'mfe_test', entry: 'http://x/mf-manifest.json' }], { force: true });
    expect(await screen.findByRole('heading', { name: 'Back again' })).toBeInTheDocument();
  });

  it('contains a remote page that throws while rendering', async () => {
    function Broken(): never {
      throw new Error('bug in remote');
    }
    loadRemoteMock.mockResolvedValue({ pages: { '/page': Broken } });
    render(<RemotePage remote={{ ...remote, name: 'mfe_broken' }} pattern="/page" />);
    expect(await screen.findByRole('button', { name: 'Retry' })).toBeInTheDocument();
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
