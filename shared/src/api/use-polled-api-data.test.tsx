import { act, render, screen } from '@testing-library/react';
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
});
