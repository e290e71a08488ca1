import { act, render, screen } from '@testing-library/react';
import { resetRuntimeConfigForTests, setRuntimeConfig } from '../config/runtime-config';
import { FakeEventSource, installFakeEventSource } from '../testing/fake-event-source';
import { LIVE_RETRY_AFTER_POLLING_MS, useLiveStream, type LiveMessage } from './use-live-stream';

function Probe({
  name,
  onEvent,
  onResync,
  enabled,
  after,
}: {
  name: string;
  onEvent: (message: LiveMessage) => void;
  onResync: () => void;
  enabled?: boolean;
  after?: string | null;
}) {
  const mode = useLiveStream({ name, enabled, after, address: async () => ({ path: '/api/tables/ABCDEF/live' }), onEvent, onResync });
  return <p>{mode}</p>;
}

let removeFakeEventSource: () => void;
const settle = () => act(async () => void (await jest.advanceTimersByTimeAsync(0)));

beforeEach(() => {
  resetRuntimeConfigForTests();
  setRuntimeConfig({ apiBaseUrl: 'http://api.test' });
  removeFakeEventSource = installFakeEventSource();
  jest.useFakeTimers();
});
afterEach(() => {
  removeFakeEventSource();
  jest.useRealTimers();
});

describe('useLiveStream', () => {
  it('is live once the stream is ready, hands events on, and resumes after the last id when the stream ends', async () => {
    const onEvent = jest.fn();
    const onResync = jest.fn();
    render(<Probe name="a" onEvent={onEvent} onResync={onResync} />);
    await settle();
    const [first] = FakeEventSource.opened;
    expect(first.url).toBe('http://api.test/api/tables/ABCDEF/live');
    first.send({ kind: 'ready', resumed: false });
    expect(screen.getByText('live')).toBeInTheDocument();
    expect(onResync).toHaveBeenCalledTimes(1);
    first.send({ kind: 'refill.status', id: 4, status: 'completed' }, '41');
    expect(onEvent).toHaveBeenCalledWith({ kind: 'refill.status', id: 4, status: 'completed' });

    first.fail();
    expect(first.closed).toBe(true);
    await act(async () => void (await jest.advanceTimersByTimeAsync(1000)));
    const second = FakeEventSource.opened[1];
    expect(second.url).toBe('http://api.test/api/tables/ABCDEF/live?last_event_id=41');
    second.send({ kind: 'ready', resumed: true });
    expect(onResync).toHaveBeenCalledTimes(1);
  });

  it("resumes from the id `ready` came with when no event came after it (the next console screen's stream)", async () => {
    const { unmount } = render(<Probe name="quiet" onEvent={jest.fn()} onResync={jest.fn()} />);
    await settle();
    FakeEventSource.opened[0].send({ kind: 'ready', resumed: false }, '57');
    unmount();
    // Longer than a stream is kept for the next page: it has closed.
    await act(async () => void (await jest.advanceTimersByTimeAsync(3_000)));
    expect(FakeEventSource.opened[0].closed).toBe(true);
    render(<Probe name="quiet" onEvent={jest.fn()} onResync={jest.fn()} />);
    await settle();
    expect(FakeEventSource.opened[1].url).toBe('http://api.test/api/tables/ABCDEF/live?last_event_id=57');
  });

  it("starts after where the page's list was read, so it resumes and the list is not read again; a stream's own last id comes first", async () => {
    const onResync = jest.fn();
    const { unmount } = render(<Probe name="listed" after="90" onEvent={jest.fn()} onResync={onResync} />);
    await settle();
    expect(FakeEventSource.opened[0].url).toBe('http://api.test/api/tables/ABCDEF/live?last_event_id=90');
    FakeEventSource.opened[0].send({ kind: 'ready', resumed: true }, '90');
    FakeEventSource.opened[0].send({ kind: 'refill.created', id: 7 }, '93');
    expect(onResync).not.toHaveBeenCalled();
    unmount();
    await act(async () => void (await jest.advanceTimersByTimeAsync(3_000)));
    // The next screen's list was read at 95; the stream resumes from its own last event, 93, missing nothing between.
    render(<Probe name="listed" after="95" onEvent={jest.fn()} onResync={onResync} />);
    await settle();
    expect(FakeEventSource.opened[1].url).toBe('http://api.test/api/tables/ABCDEF/live?last_event_id=93');
  });

  it('hands its open stream to the next page with a stream of the same name, with what came in between: no new connection, no second read', async () => {
    const first = { onEvent: jest.fn(), onResync: jest.fn() };
    const { unmount } = render(<Probe name="console" {...first} />);
    await settle();
    FakeEventSource.opened[0].send({ kind: 'ready', resumed: false }, '10');
    expect(first.onResync).toHaveBeenCalledTimes(1);
    unmount();
    // Between the two pages: kept for the next one.
    FakeEventSource.opened[0].send({ kind: 'refill.created', id: 3 }, '11');
    expect(first.onEvent).not.toHaveBeenCalled();

    const next = { onEvent: jest.fn(), onResync: jest.fn() };
    render(<Probe name="console" {...next} />);
    await settle();
    expect(FakeEventSource.opened).toHaveLength(1);
    expect(FakeEventSource.opened[0].closed).toBe(false);
    expect(screen.getByText('live')).toBeInTheDocument();
    expect(next.onEvent).toHaveBeenCalledWith({ kind: 'refill.created', id: 3 });
    FakeEventSource.opened[0].send({ kind: 'refill.status', id: 3, status: 'completed' }, '12');
    expect(next.onEvent).toHaveBeenLastCalledWith({ kind: 'refill.status', id: 3, status: 'completed' });
    expect(next.onResync).not.toHaveBeenCalled();
  });

  it('closes a kept stream nobody took; the next stream resumes before what it held', async () => {
    const { unmount } = render(<Probe name="left" onEvent={jest.fn()} onResync={jest.fn()} />);
    await settle();
    FakeEventSource.opened[0].send({ kind: 'ready', resumed: false }, '20');
    unmount();
    FakeEventSource.opened[0].send({ kind: 'refill.created', id: 5 }, '21');
    await act(async () => void (await jest.advanceTimersByTimeAsync(3_000)));
    expect(FakeEventSource.opened[0].closed).toBe(true);
    const onEvent = jest.fn();
    render(<Probe name="left" onEvent={onEvent} onResync={jest.fn()} />);
    await settle();
    expect(FakeEventSource.opened[1].url).toBe('http://api.test/api/tables/ABCDEF/live?last_event_id=20');
  });

  it('leaves where it started for the next stream when it closes before `ready`, so what came meanwhile is replayed', async () => {
    const { unmount } = render(<Probe name="hasty" after="300" onEvent={jest.fn()} onResync={jest.fn()} />);
    await settle();
    unmount();
    // The next screen's list was read later, at 305: the stream resumes from 300, missing nothing since the first list.
    render(<Probe name="hasty" after="305" onEvent={jest.fn()} onResync={jest.fn()} />);
    await settle();
    expect(FakeEventSource.opened[1].url).toBe('http://api.test/api/tables/ABCDEF/live?last_event_id=300');
  });

  it('does not keep a stream that never became ready', async () => {
    const { unmount } = render(<Probe name="unready" onEvent={jest.fn()} onResync={jest.fn()} />);
    await settle();
    unmount();
    expect(FakeEventSource.opened[0].closed).toBe(true);
  });

  it('polls after three failed streams in a row and tries a stream again a minute later', async () => {
    render(<Probe name="b" onEvent={jest.fn()} onResync={jest.fn()} />);
    await settle();
    for (let attempt = 0; attempt < 3; attempt += 1) {
      FakeEventSource.opened.at(-1)!.fail();
      await act(async () => void (await jest.advanceTimersByTimeAsync(3000)));
    }
    expect(screen.getByText('polling')).toBeInTheDocument();
    const streams = FakeEventSource.opened.length;
    await act(async () => void (await jest.advanceTimersByTimeAsync(LIVE_RETRY_AFTER_POLLING_MS)));
    expect(FakeEventSource.opened.length).toBe(streams + 1);
    FakeEventSource.opened.at(-1)!.send({ kind: 'ready', resumed: false });
    expect(screen.getByText('live')).toBeInTheDocument();
  });

  it('opens no stream until there is something to follow', async () => {
    const { rerender } = render(<Probe name="d" enabled={false} onEvent={jest.fn()} onResync={jest.fn()} />);
    await settle();
    expect(FakeEventSource.opened).toHaveLength(0);
    rerender(<Probe name="d" enabled onEvent={jest.fn()} onResync={jest.fn()} />);
    await settle();
    expect(FakeEventSource.opened).toHaveLength(1);
  });

  it('polls from the start where the browser has no EventSource', () => {
    delete (globalThis as { EventSource?: unknown }).EventSource;
    render(<Probe name="c" onEvent={jest.fn()} onResync={jest.fn()} />);
    expect(screen.getByText('polling')).toBeInTheDocument();
  });
});
