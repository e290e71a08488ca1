import { readString, setRuntimeConfig, writeString } from '@samgyup/shared';
import { forgetRecentAnswersForTests, resetRuntimeConfigForTests } from '@samgyup/shared/testing';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { defaultRestaurantSettings } from '@samgyup/shared/settings';
import { RefillRequestPage } from './refill-request-page';
import { refillStorageKeys, refillTimerStorage } from '../storage/refill-storage';

const reply = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });

interface FakeApi {
  timer?: { remainingSec: number; durationSec: number } | 'down';
  soldOut?: string[];
  submit?: () => Response | Promise<Response>;
}

function fakeApi({ timer = 'down', submit, soldOut = [] }: FakeApi) {
  global.fetch = jest.fn(async (url: string, init?: RequestInit) => {
    if (url.endsWith('/api/restaurant-settings')) {
      return reply(200, { success: true, data: { ...defaultRestaurantSettings, sold_out_refill_items: soldOut, closed_dates: [], payment_qr_path: null } });
    }
    if (url.includes('/timer')) {
      if (timer === 'down') throw new TypeError('Failed to fetch');
      return reply(200, timer);
    }
    if (url.endsWith('/api/refill-requests') && init?.method === 'POST') {
      return submit ? submit() : reply(201, { success: true, message: 'Refill request submitted', id: 31 });
    }
    if (url.includes('/status')) return reply(200, { success: true });
    throw new Error(`unexpected call ${url}`);
  }) as unknown as typeof fetch;
}

function renderPage(entry = '/refill-request') {
  const router = createMemoryRouter(
    [
      { path: '/refill-request', element: <RefillRequestPage /> },
      { path: '/refilling', element: <p>Table code page</p> },
      { path: '/refill-request-submitted', element: <p>Sent page</p> },
      { path: '/timesup', element: <p>Times up page</p> },
    ],
    { initialEntries: [entry] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

function seatAt(code = 'K7M2QD', id = '7') {
  writeString(refillStorageKeys.refillTableCode, code);
  writeString(refillStorageKeys.refillTableNumber, id === '0' ? null : '4');
  writeString(refillStorageKeys.refillTableId, id);
}

/** Moves the fake clock on by `ms`, and lets React finish what that sets off. */
async function advance(ms: number) {
  await act(async () => {
    await jest.advanceTimersByTimeAsync(ms);
  });
}

const calls = () => (global.fetch as jest.Mock).mock.calls as [string, RequestInit | undefined][];

beforeEach(() => {
  resetRuntimeConfigForTests();
  // Each test's fake API is a new server: the settings an earlier one answered are not reused.
  forgetRecentAnswersForTests();
  setRuntimeConfig({ apiBaseUrl: 'http://api.test' });
  localStorage.clear();
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

describe('/refill-request', () => {
  it('goes to /refilling when there is no table code', async () => {
    fakeApi({});
    const router = renderPage();
    expect(await screen.findByText('Table code page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/refilling');
  });

  it('shows the table, the countdown from the server clock, the status and every item of the first version', async () => {
    seatAt();
    fakeApi({ timer: { remainingSec: 125, durationSec: 5400 } });
    renderPage();
    expect(await screen.findByText('00:02:05')).toHaveAttribute('role', 'timer');
    expect(screen.getByText('K7M2QD')).toBeInTheDocument();
    expect(screen.getByText('4')).toBeInTheDocument();
    expect(screen.getByText('On-going')).toBeInTheDocument();
    for (const item of [
      'Siomai',
      'Hotdog',
      'Cucumber',
      'Bean Sprouts',
      'Kimchi',
      'Fishcake',
      'Eggroll',
      'Baby Potatoes',
      'Pork',
      'Beef',
      'Chicken',
      'Premium Pork',
      'Premium Chicken',
      'Rice',
      'Lettuce',
      'Cheese',
      'Drinks',
    ]) {
      expect(screen.getByRole('group', { name: item })).toBeInTheDocument();
    }
  });

  it('starts from the minutes parameter when the server cannot say', async () => {
    seatAt();
    fakeApi({ timer: 'down' });
    renderPage('/refill-request?minutes=30');
    expect(await screen.findByRole('timer')).toHaveTextContent('00:30:00');
  });

  it('never lets a quantity go below 0', async () => {
    seatAt();
    fakeApi({});
    renderPage();
    const pork = screen.getByRole('group', { name: 'Pork' });
    expect(within(pork).getByRole('button', { name: 'One less Pork' })).toBeDisabled();
    await userEvent.click(within(pork).getByRole('button', { name: 'One more Pork' }));
    expect(within(pork).getByRole('status', { name: 'Pork quantity' })).toHaveTextContent('1');
    await userEvent.click(within(pork).getByRole('button', { name: 'One less Pork' }));
    expect(within(pork).getByRole('status', { name: 'Pork quantity' })).toHaveTextContent('0');
  });

  it('shows an item the restaurant marked sold out as such, and it cannot be asked for', async () => {
    seatAt();
    fakeApi({ soldOut: ['Cheese'] });
    renderPage();
    const cheese = await screen.findByRole('group', { name: 'Cheese, sold out' });
    expect(within(cheese).getByText('Sold out')).toBeInTheDocument();
    expect(within(cheese).getByRole('button', { name: 'One more Cheese' })).toBeDisabled();
    expect(within(screen.getByRole('group', { name: 'Rice' })).getByRole('button', { name: 'One more Rice' })).toBeEnabled();
  });

  it('sends the chosen items, keeps the returned id and shows the confirmation', async () => {
    seatAt();
    fakeApi({});
    const router = renderPage();
    const pork = screen.getByRole('group', { name: 'Pork' });
    await userEvent.click(within(pork).getByRole('button', { name: 'One more Pork' }));
    await userEvent.click(within(pork).getByRole('button', { name: 'One more Pork' }));
    await userEvent.click(screen.getByRole('button', { name: 'One more Kimchi' }));
    expect(screen.getByText('Kimchi (1), Pork (2)')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Sent page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/refill-request-submitted');
    const [, init] = calls().find(([url, request]) => url.endsWith('/api/refill-requests') && request?.method === 'POST')!;
    expect(JSON.parse(String(init?.body))).toEqual({
      table_code: 'K7M2QD',
      customer_id: null,
      request_type: 'Kimchi (1), Pork (2)',
      notes: 'side: Kimchi x1; meat: Pork x2; food: none',
    });
    expect(readString(refillStorageKeys.currentRefillId)).toBe('31');
  });

  it("sends 'General Refill' when nothing is picked", async () => {
    seatAt();
    fakeApi({});
    renderPage();
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await screen.findByText('Sent page');
    const [, init] = calls().find(([url, request]) => url.endsWith('/api/refill-requests') && request?.method === 'POST')!;
    expect(JSON.parse(String(init?.body)).request_type).toBe('General Refill');
  });

  it("shows the server's message, or the first version's fallback, and keeps the picked items", async () => {
    seatAt();
    let answer = reply(409, { success: false, message: 'Your dining time is over. Please ask our staff for help.' });
    fakeApi({ submit: () => answer });
    renderPage();
    await userEvent.click(screen.getByRole('button', { name: 'One more Rice' }));
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Your dining time is over. Please ask our staff for help.');
    expect(screen.getByRole('status', { name: 'Rice quantity' })).toHaveTextContent('1');
    answer = reply(500, {});
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Failed to submit refill request. Please try again.')).toBeInTheDocument();
  });

  it('says to check the connection when the request cannot be sent', async () => {
    seatAt();
    fakeApi({ submit: () => Promise.reject(new TypeError('Failed to fetch')) });
    renderPage();
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Unable to submit refill request. Please check your connection and try again.');
  });

  it('keeps a request made offline on the phone and sends it once, with its key, when the connection returns', async () => {
    seatAt();
    let online = false;
    fakeApi({ submit: () => (online ? reply(201, { success: true, message: 'Refill request submitted', id: 44 }) : Promise.reject(new TypeError('Failed to fetch'))) });
    const router = renderPage();
    await userEvent.click(screen.getByRole('button', { name: 'One more Rice' }));
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Unable to submit refill request. Please check your connection and try again.');
    expect(screen.getByText(/Waiting for the connection: your request is saved on this phone/)).toBeInTheDocument();
    expect(screen.getByRole('listitem')).toHaveTextContent('Rice (1)');

    online = true;
    await act(async () => {
      window.dispatchEvent(new Event('online'));
    });
    expect(await screen.findByText('Sent page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/refill-request-submitted');
    expect(readString(refillStorageKeys.currentRefillId)).toBe('44');
    const posts = calls().filter(([url, request]) => url.endsWith('/api/refill-requests') && request?.method === 'POST');
    const keys = posts.map(([, init]) => new Headers(init?.headers).get('Idempotency-Key'));
    expect(keys.length).toBeGreaterThanOrEqual(2);
    expect(new Set(keys).size).toBe(1);
    expect(keys[0]).toMatch(/^refill-[A-Za-z0-9-]{8,}$/);
    expect(readString(refillStorageKeys.refillOutbox)).toBeNull();
  });

  it('sends what an earlier visit left on the phone, and drops one the server turns down, saying why', async () => {
    seatAt();
    writeString(
      refillStorageKeys.refillOutbox,
      JSON.stringify([{ key: 'refill-left-from-before', tableCode: 'K7M2QD', requestType: 'Pork (2)', notes: 'n', customerId: null, signedIn: false, queuedAt: 1 }]),
    );
    fakeApi({ submit: () => reply(409, { success: false, message: 'Your dining time is up, so refills can no longer be requested.' }) });
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('Your dining time is up, so refills can no longer be requested.');
    expect(readString(refillStorageKeys.refillOutbox)).toBeNull();
    expect(screen.queryByText(/Waiting for the connection/)).toBeNull();
  });

  it('alerts and goes to /refilling when the table code vanished before Submit', async () => {
    seatAt();
    fakeApi({});
    const alert = jest.spyOn(window, 'alert').mockImplementation(() => undefined);
    const router = renderPage();
    localStorage.removeItem(refillStorageKeys.refillTableCode);
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(alert).toHaveBeenCalledWith('Please enter your table code first.');
    expect(router.state.location.pathname).toBe('/refilling');
  });

  it('tells the diner when the table code could not be confirmed (offline mode)', async () => {
    seatAt('AB12CD', '0');
    fakeApi({});
    renderPage();
    expect(await screen.findByText(/your table code is not confirmed/)).toBeInTheDocument();
    expect(screen.getByText('Not confirmed')).toBeInTheDocument();
  });

  it('at 0 shows Completed, marks the current request completed, clears the timer, then goes to /timesup after 1 s', async () => {
    jest.useFakeTimers({ now: 1_800_000_000_000 });
    seatAt();
    writeString(refillStorageKeys.currentRefillId, '31');
    fakeApi({ timer: { remainingSec: 3, durationSec: 5400 } });
    const router = renderPage();
    await advance(0);
    expect(screen.getByRole('timer')).toHaveTextContent('00:00:03');
    expect(screen.getByRole('timer')).toHaveClass('refill-timer--pulse');
    await advance(3000);
    expect(screen.getByText('Completed')).toBeInTheDocument();
    expect(screen.getByRole('timer')).toHaveTextContent('00:00:00');
    const patch = calls().find(([url]) => url.includes('/status'));
    expect(patch?.[0]).toBe('http://api.test/api/refill-requests/31/status');
    expect(JSON.parse(String(patch?.[1]?.body))).toEqual({ status: 'completed', table_code: 'K7M2QD' });
    expect(refillTimerStorage.readDeadline('K7M2QD')).toBeNull();
    expect(router.state.location.pathname).toBe('/refill-request');
    await advance(1000);
    expect(router.state.location.pathname).toBe('/timesup');
  });

  it('shows Completed, not a fresh timer, when the diner comes back after the server says the time is up', async () => {
    jest.useFakeTimers({ now: 1_800_000_000_000 });
    seatAt();
    // The stored timer was cleared when time ran out; the first version's start rule would begin a new one.
    refillTimerStorage.clear('K7M2QD');
    fakeApi({ timer: { remainingSec: 0, durationSec: 5400 } });
    const router = renderPage();
    await advance(0);
    expect(screen.getByRole('timer')).toHaveTextContent('00:00:00');
    expect(screen.getByText('Completed')).toBeInTheDocument();
    expect(screen.queryByText('On-going')).not.toBeInTheDocument();
    expect(refillTimerStorage.readDeadline('K7M2QD')).toBeNull();
    await advance(1000);
    expect(router.state.location.pathname).toBe('/timesup');
  });

  it('catches up with the deadline when the page comes back from the background', async () => {
    jest.useFakeTimers({ now: 1_800_000_000_000 });
    seatAt();
    fakeApi({ timer: { remainingSec: 600, durationSec: 5400 } });
    renderPage();
    await advance(0);
    expect(screen.getByRole('timer')).toHaveTextContent('00:10:00');
    // The phone sleeps: the clock moves on, but no interval fires.
    jest.setSystemTime(1_800_000_000_000 + 240_000);
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    expect(screen.getByRole('timer')).toHaveTextContent('00:06:00');
  });
});
