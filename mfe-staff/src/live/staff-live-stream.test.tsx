import { FakeEventSource, forgetLiveStreamsForTests, installFakeEventSource } from '@samgyup/shared/testing';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { DashboardPage } from '../dashboard/dashboard-page';
import { RefillQueuePage } from '../refills/refill-queue-page';
import { StaffReservationsPage } from '../reservations/staff-reservations-page';
import { staffSessionStore } from '../session/staff-session';
import { forgetListPositionsForTests } from './staff-live';
import { fakeApi, renderStaffPage, reply, setUpApiForTests, signInStaff } from '../test/staff-test-kit';

let removeFakeEventSource: () => void;
beforeEach(() => {
  // Each test's console is a new page: no stream to resume from, no list read.
  forgetLiveStreamsForTests();
  forgetListPositionsForTests();
  setUpApiForTests();
  removeFakeEventSource = installFakeEventSource();
  signInStaff('staff');
});
afterEach(() => {
  removeFakeEventSource();
  staffSessionStore.signOut();
});

/** A console API whose list answers say where the stream stood (`live_event_id`), counting list reads. */
function consoleApi(listPath: string, answer: () => Response) {
  const reads: string[] = [];
  fakeApi({
    'POST /api/staff/live/ticket': () => reply(200, { ticket: 'ticket-1' }),
    [`GET ${listPath}`]: (url) => {
      reads.push(url.search);
      return answer();
    },
    'GET /api/staff/dashboard': () => new Promise<Response>(() => undefined),
  });
  return reads;
}

const opened = () => FakeEventSource.opened.map((source) => source.url);

describe("the console's live stream on a screen that follows it", () => {
  it.each([
    ['/staff/reservations', '/api/staff/reservations', StaffReservationsPage, 'No reservations match'],
    ['/staff/refills', '/api/staff/refill-requests', RefillQueuePage, 'No refill requests waiting'],
  ] as const)('%s: opens after where its list was read, and the list is read once', async (address, listPath, Page, empty) => {
    const reads = consoleApi(listPath, () => reply(200, { success: true, data: [], live_event_id: '120' }));
    renderStaffPage(address, address, Page);
    expect(await screen.findByText(new RegExp(empty))).toBeInTheDocument();
    await waitFor(() => expect(opened()).toEqual(['http://api.test/api/staff/live?ticket=ticket-1&last_event_id=120']));
    FakeEventSource.opened[0].send({ kind: 'ready', resumed: true }, '120');
    await act(async () => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(reads).toHaveLength(1);
  });

  it('waits for the read that replaced one the screen gave up on (its filter changed), and opens after that one', async () => {
    let reads = 0;
    fakeApi({
      'POST /api/staff/live/ticket': () => reply(200, { ticket: 'ticket-1' }),
      'GET /api/staff/reservations': (_url, init) => {
        reads += 1;
        // The read that replaced it answers after a moment: the stream must not open meanwhile.
        if (reads > 1) return new Promise<Response>((resolve) => setTimeout(() => resolve(reply(200, { success: true, data: [], live_event_id: '150' })), 100));
        return new Promise<Response>((_resolve, reject) => init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))));
      },
    });
    const router = renderStaffPage('/staff/reservations', '/staff/reservations', StaffReservationsPage);
    await waitFor(() => expect(reads).toBe(1));
    await act(() => router.navigate('/staff/reservations?view=all'));
    expect(await screen.findByText(/No reservations/)).toBeInTheDocument();
    await waitFor(() => expect(opened()).toEqual(['http://api.test/api/staff/live?ticket=ticket-1&last_event_id=150']));
  });

  it('opens without a position when the list could not be read, and the screen then reads it again', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    let fail = true;
    const reads = consoleApi('/api/staff/refill-requests', () =>
      fail ? reply(500, { success: false, message: 'Internal Server Error' }) : reply(200, { success: true, data: [] }),
    );
    renderStaffPage('/staff/refills', '/staff/refills', RefillQueuePage);
    await waitFor(() => expect(opened()).toEqual(['http://api.test/api/staff/live?ticket=ticket-1']));
    fail = false;
    FakeEventSource.opened[0].send({ kind: 'ready', resumed: false }, '130');
    await waitFor(() => expect(reads).toHaveLength(2));
    expect(await screen.findByText(/No refill requests waiting/)).toBeInTheDocument();
  });

  it('an answer from an API that gives no position: the stream opens as before and asks for the list again', async () => {
    const reads = consoleApi('/api/staff/refill-requests', () => reply(200, { success: true, data: [] }));
    renderStaffPage('/staff/refills', '/staff/refills', RefillQueuePage);
    await waitFor(() => expect(opened()).toEqual(['http://api.test/api/staff/live?ticket=ticket-1']));
    FakeEventSource.opened[0].send({ kind: 'ready', resumed: false }, '140');
    await waitFor(() => expect(reads).toHaveLength(2));
  });
});

describe("the console's live stream on a screen that does not follow it", () => {
  it('opens at once: the dashboard does not wait for its figures', async () => {
    consoleApi('/api/staff/refill-requests', () => reply(200, { success: true, data: [] }));
    renderStaffPage('/staff', '/staff', DashboardPage);
    await waitFor(() => expect(opened()).toEqual(['http://api.test/api/staff/live?ticket=ticket-1']));
  });
});

describe("the console's live stream across tabs", () => {
  it('stays open from one screen to the next: a tab change asks for no new ticket and opens no new connection', async () => {
    let tickets = 0;
    let reservationReads = 0;
    fakeApi({
      'POST /api/staff/live/ticket': () => {
        tickets += 1;
        return reply(200, { ticket: 'ticket-1' });
      },
      'GET /api/staff/refill-requests': () => reply(200, { success: true, data: [], live_event_id: '120' }),
      'GET /api/staff/reservations': () => {
        reservationReads += 1;
        return reply(200, { success: true, data: [], live_event_id: '121' });
      },
    });
    const router = createMemoryRouter(
      [
        { path: '/staff/refills', element: <RefillQueuePage /> },
        { path: '/staff/reservations', element: <StaffReservationsPage /> },
      ],
      { initialEntries: ['/staff/refills'] },
    );
    render(<RouterProvider router={router} />);
    await waitFor(() => expect(opened()).toEqual(['http://api.test/api/staff/live?ticket=ticket-1&last_event_id=120']));
    FakeEventSource.opened[0].send({ kind: 'ready', resumed: true }, '120');

    await userEvent.click(screen.getByRole('link', { name: 'Reservations' }));
    expect(await screen.findByText(/No reservations/)).toBeInTheDocument();
    // What the stream brings reaches the screen now shown.
    FakeEventSource.opened[0].send({ kind: 'reservation.created', id: 99 }, '122');
    await waitFor(() => expect(reservationReads).toBe(2));
    expect(opened()).toHaveLength(1);
    expect(FakeEventSource.opened[0].closed).toBe(false);
    expect(tickets).toBe(1);
  });
});

describe("the console's live stream and logins", () => {
  it("is never taken over by the next staff member's login on the same tablet", async () => {
    fakeApi({
      'POST /api/staff/live/ticket': () => reply(200, { ticket: 'ticket-1' }),
      'GET /api/staff/refill-requests': () => reply(200, { success: true, data: [], live_event_id: '120' }),
    });
    const router = renderStaffPage('/staff/refills', '/staff/refills', RefillQueuePage);
    await waitFor(() => expect(opened()).toHaveLength(1));
    FakeEventSource.opened[0].send({ kind: 'ready', resumed: true }, '120');
    act(() => void staffSessionStore.signOut());
    expect(await screen.findByText('/staff/login page', { exact: false })).toBeInTheDocument();
    act(() => void staffSessionStore.signIn({ token: 'other-token', staff: { id: 8, name: 'Jo Reyes', email: 'jo@samgyup.test', role: 'staff' } }));
    await act(() => router.navigate('/staff/refills'));
    await waitFor(() => expect(opened()).toHaveLength(2));
  });
});
