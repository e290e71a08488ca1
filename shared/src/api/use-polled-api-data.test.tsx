import { act, render, screen } from '@testing-library/react';
import { peekApiAnswer, rememberApiAnswers } from './api-answers';
import { usePolledApiData } from './use-polled-api-data';

function Probe({ load, interval }: { load: () => Promise<string>; interval: number | null }) {
  const { state } = usePolledApiData('probe', load, interval);
  if (state.status === 'loading') return <p>loading</p>;
  if (state.status === 'error') return <p>error</p>;
  return <p>{`${state.data}${state.refreshFailed ? ' (stale)' : ''}`}</p>;
}

afterEach(() => jest.useRealTimers());

describe('usePolledApiData', () => {
  it('loads, refreshes on the interval, and keeps the last data when a refresh fails', async () => {
    jest.useFakeTimers();
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const load = jest.fn().mockResolvedValueOnce('first').mockResolvedValueOnce('second').mockRejectedValueOnce(new Error('down'));
    render(<Probe load={load} interval={5000} />);
    expect(screen.getByText('loading')).toBeInTheDocument();
    await act(async () => {
      await jest.advanceTimersByTimeAsync(0);
    });
    expect(screen.getByText('first')).toBeInTheDocument();
    await act(async () => {
      await jest.advanceTimersByTimeAsync(5000);
    });
    expect(screen.getByText('second')).toBeInTheDocument();
    await act(async () => {
      await jest.advanceTimersByTimeAsync(5000);
    });
    expect(screen.getByText('second (stale)')).toBeInTheDocument();
  });

  it('shows an error when the first load fails', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    render(<Probe load={() => Promise.reject(new Error('down'))} interval={null} />);
    expect(await screen.findByText('error')).toBeInTheDocument();
  });

  describe('on a screen that arrived drawn with its data', () => {
    function Drawn({ load }: { load: () => Promise<string> }) {
      const { state } = usePolledApiData('drawn', load, null, { path: '/api/drawn', read: (answer) => (answer as { data: string }).data });
      if (state.status !== 'ready') return <p>{state.status}</p>;
      return <p>{`${state.data}${state.refreshFailed ? ' (stale)' : ''}`}</p>;
    }

    it('starts from it, then reads again quietly', async () => {
      rememberApiAnswers({ '/api/drawn': { data: 'drawn' } });
      const { unmount } = render(<Drawn load={() => Promise.resolve('fresh')} />);
      expect(screen.getByText('drawn')).toBeInTheDocument();
      expect(await screen.findByText('fresh')).toBeInTheDocument();
      unmount();
      expect(peekApiAnswer('/api/drawn')).toBeUndefined();
    });

    it('keeps it, saying so, when the quiet read fails', async () => {
      jest.spyOn(console, 'error').mockImplementation(() => undefined);
      rememberApiAnswers({ '/api/drawn': { data: 'drawn' } });
      render(<Drawn load={() => Promise.reject(new Error('down'))} />);
      expect(await screen.findByText('drawn (stale)')).toBeInTheDocument();
    });
  });
});
