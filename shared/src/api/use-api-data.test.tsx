import { act, render, screen } from '@testing-library/react';
import { useApiData } from './use-api-data';

function Probe({ name, load }: { name: string; load: (signal: AbortSignal) => Promise<string> }) {
  const { state, retry } = useApiData(name, load);
  return (
    <div>
      <p>{state.status === 'ready' ? `data: ${state.data}` : state.status}</p>
      <button onClick={retry}>retry</button>
    </div>
  );
}

describe('useApiData', () => {
  beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
  afterEach(() => jest.restoreAllMocks());

  it('shows loading, then the data', async () => {
    render(<Probe name="a" load={() => Promise.resolve('hello')} />);
    expect(screen.getByText('loading')).toBeInTheDocument();
    expect(await screen.findByText('data: hello')).toBeInTheDocument();
  });

  it('shows the error, and loads again on retry', async () => {
    const load = jest.fn().mockRejectedValueOnce(new Error('down')).mockResolvedValueOnce('back');
    render(<Probe name="b" load={load} />);
    expect(await screen.findByText('error')).toBeInTheDocument();
    await act(async () => screen.getByRole('button', { name: 'retry' }).click());
    expect(await screen.findByText('data: back')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('aborts the request when the key changes and ignores its late answer', async () => {
    let firstSignal: AbortSignal | undefined;
    let resolveFirst: (value: string) => void = () => undefined;
    const first = (signal: AbortSignal) => {
      firstSignal = signal;
      return new Promise<string>((resolve) => (resolveFirst = resolve));
    };
    const { rerender } = render(<Probe name="first" load={first} />);
    rerender(<Probe name="second" load={() => Promise.resolve('second')} />);
    expect(await screen.findByText('data: second')).toBeInTheDocument();
    expect(firstSignal?.aborted).toBe(true);
    await act(async () => resolveFirst('late'));
    expect(screen.getByText('data: second')).toBeInTheDocument();
  });
});
