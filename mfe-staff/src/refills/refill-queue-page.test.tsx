import { rememberApiAnswers } from '@samgyup/shared';
import { act, screen, within } from '@testing-library/react';
import { staffSessionStore } from '../session/staff-session';
import { authOf, fakeApi, renderStaffPage, reply, setUpApiForTests, signInStaff, expectDrawnForTheScript, drawForSignedInTablet } from '../test/staff-test-kit';
import { RefillQueuePage, type QueuedRefill } from './refill-queue-page';

let queue: QueuedRefill[];
let patches: { id: string; body: unknown; auth: string }[];
beforeEach(() => {
  jest.useFakeTimers();
  setUpApiForTests();
  signInStaff();
  patches = [];
  queue = [
    {
      id: 1,
      table_number: 4,
      request_type: 'Kimchi (1), Pork (2)',
      notes: '',
      items: [
        { name: 'Kimchi', quantity: 1 },
        { name: 'Pork', quantity: 2 },
      ],
      status: 'pending',
      age_sec: 200,
    },
  ];
  fakeApi({
    'GET /api/staff/refill-requests': () => reply(200, { data: queue }),
    'PATCH /api/refill-requests/1/status': (_url, init) => {
      patches.push({ id: '1', body: JSON.parse(String(init.body)), auth: authOf(init) });
      queue = [];
      return reply(200, { success: true });
    },
  });
});
afterEach(() => {
  staffSessionStore.signOut();
  jest.useRealTimers();
});

const settle = () =>
  act(async () => {
    await jest.advanceTimersByTimeAsync(0);
  });

describe('/staff/refills', () => {
  it('shows waiting requests with table, items and age, and picks up new ones without a reload', async () => {
    renderStaffPage('/staff/refills', '/staff/refills', RefillQueuePage);
    await settle();
    const request = screen.getByRole('listitem', { name: 'Table 4: Kimchi (1), Pork (2)' });
    expect(within(request).getByText('3 minutes ago')).toBeInTheDocument();
    expect(within(request).getByText('Pork')).toBeInTheDocument();
    expect(screen.getByText('1 waiting')).toBeInTheDocument();

    queue = [...queue, { id: 2, table_number: 7, request_type: 'General Refill', notes: '', items: [], status: 'pending', age_sec: 5 }];
    await act(async () => {
      await jest.advanceTimersByTimeAsync(5000);
    });
    expect(screen.getByText('2 waiting')).toBeInTheDocument();
    expect(screen.getByRole('listitem', { name: 'Table 7: General Refill' })).toHaveTextContent('just now');
  });

  it('marks a request completed with the staff token', async () => {
    renderStaffPage('/staff/refills', '/staff/refills', RefillQueuePage);
    await settle();
    await act(async () => {
      screen.getByRole('button', { name: 'Completed' }).click();
      await jest.advanceTimersByTimeAsync(0);
    });
    expect(patches).toEqual([{ id: '1', body: { status: 'completed' }, auth: 'Bearer staff-token' }]);
    expect(screen.getByText('No refill requests waiting.')).toBeInTheDocument();
  });
});

describe('/staff/refills drawn on the site’s server for a signed-in tablet (docs/adr/0006-signed-in-first-screens.md)', () => {
  it('is the queue with each request, its buttons shown disabled until the script runs', () => {
    const html = drawForSignedInTablet('/staff/refills', RefillQueuePage, { '/api/staff/refill-requests': { data: queue } });
    expect(html).toContain('aria-label="Table 4: Kimchi (1), Pork (2)"');
    expect(html).toMatch(/1(<!-- -->)? waiting/);
    expect(html).not.toContain('Loading refill requests…');
    expectDrawnForTheScript(html, 4);
  });

  it('starts in the browser from the queue it was drawn with, usable at once, then reads it again', async () => {
    rememberApiAnswers({ '/api/staff/refill-requests': { data: [{ ...queue[0], id: 9, table_number: 2, request_type: 'Rice (1)' }] } });
    renderStaffPage('/staff/refills', '/staff/refills', RefillQueuePage);
    expect(screen.getByRole('listitem', { name: 'Table 2: Rice (1)' })).toBeInTheDocument();
    expect(within(screen.getByRole('listitem', { name: 'Table 2: Rice (1)' })).getByRole('button', { name: 'Completed' })).toBeEnabled();
    await settle();
    expect(screen.getByRole('listitem', { name: 'Table 4: Kimchi (1), Pork (2)' })).toBeInTheDocument();
    expect(screen.queryByRole('listitem', { name: 'Table 2: Rice (1)' })).toBeNull();
  });
});
