import { loadRemote } from '@module-federation/enhanced/runtime';
import { render, screen } from '@testing-library/react';
import { keepFirstScreen } from './first-screen';
import { RemotePage } from './remote-page';

jest.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: jest.fn(),
  registerRemotes: jest.fn(),
}));

const remote = { name: 'mfe_first', label: 'Reviews', manifest: 'http://x/mf-manifest.json', routes: ['/feedback'] };

function serverSent(route: string, markup: string) {
  const sent = document.createElement('main');
  sent.innerHTML = `<div class="first-screen" data-first-screen="${route}">${markup}</div>`;
  keepFirstScreen(sent);
}

describe('a first screen sent by the server', () => {
  afterEach(() => window.history.replaceState(null, '', '/'));

  it('stays up while the remote page loads, then the live page takes its place', async () => {
    window.history.replaceState(null, '', '/feedback');
    serverSent('/feedback', '<h1>Feedback</h1><p>Every grill, every refill.</p>');
    let arrive: (module: unknown) => void = () => undefined;
    (loadRemote as jest.Mock).mockReturnValue(new Promise((resolve) => (arrive = resolve)));

    const { unmount } = render(<RemotePage remote={remote} pattern="/feedback" />);
    expect(screen.getByRole('heading', { name: 'Feedback' })).toBeInTheDocument();
    expect(screen.queryByText(/Loading Reviews/)).not.toBeInTheDocument();

    arrive({ pages: { '/feedback': () => <h1>Feedback, live</h1> } });
    expect(await screen.findByRole('heading', { name: 'Feedback, live' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Feedback' })).not.toBeInTheDocument();
    unmount();

    // Once the live page was in, later loads show the loading status.
    (loadRemote as jest.Mock).mockReturnValue(new Promise(() => undefined));
    render(<RemotePage remote={{ ...remote, name: 'mfe_again' }} pattern="/feedback" />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading Reviews…');
  });

  it('is not shown on another path than the one it was sent for', () => {
    window.history.replaceState(null, '', '/feedback-form');
    serverSent('/feedback', '<h1>Feedback</h1>');
    (loadRemote as jest.Mock).mockReturnValue(new Promise(() => undefined));
    render(<RemotePage remote={{ ...remote, name: 'mfe_other' }} pattern="/feedback-form" />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading Reviews…');
    expect(screen.queryByRole('heading', { name: 'Feedback' })).not.toBeInTheDocument();
  });
});
