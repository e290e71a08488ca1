import { fakeApi, FakeEventSource, forgetLiveStreamsForTests, installFakeEventSource, reply, setUpApiForTests } from '@samgyup/shared/testing';
import { render, screen, waitFor, within } from '@testing-library/react';
import { applyTableEvent, RefillStatusList, STATUS_LABELS, type TableRefill } from './refill-status-list';

const sent: TableRefill = { id: 7, status: 'pending', request_type: 'Rice (1)', created_at: '2026-11-25T10:00:00.000Z' };

describe("the table's refill statuses", () => {
  it('shows a new request first and follows its moves: received, in progress, served', () => {
    const newer = { kind: 'refill.created', id: 8, status: 'pending', request_type: 'General Refill', created_at: '2026-11-25T10:05:00.000Z' };
    let list = applyTableEvent([sent], newer);
    expect(applyTableEvent(list, newer)).toBe(list);
    expect(list.map((refill) => refill.id)).toEqual([8, 7]);
    list = applyTableEvent(list, { kind: 'refill.status', id: 7, status: 'in_progress' });
    expect(STATUS_LABELS[list[1].status]).toBe('In progress');
    list = applyTableEvent(list, { kind: 'refill.status', id: 7, status: 'completed' });
    expect(list.map((refill) => STATUS_LABELS[refill.status])).toEqual(['Received', 'Served']);
  });
});

describe("the table's refill list on the diner's phone", () => {
  let removeFakeEventSource: () => void;
  beforeEach(() => {
    setUpApiForTests();
    forgetLiveStreamsForTests();
    removeFakeEventSource = installFakeEventSource();
  });
  afterEach(() => removeFakeEventSource());

  it('opens its stream after where the list was read, follows the moves, and reads the list once', async () => {
    let reads = 0;
    fakeApi({
      'GET /api/tables/K7M2QD/refill-requests': () => {
        reads += 1;
        return reply(200, { success: true, data: [sent], live_event_id: '77' });
      },
    });
    render(<RefillStatusList tableCode="K7M2QD" />);
    const item = await screen.findByText('Rice (1)');
    await waitFor(() => expect(FakeEventSource.opened.map((source) => source.url)).toEqual(['http://api.test/api/tables/K7M2QD/live?last_event_id=77']));
    FakeEventSource.opened[0].send({ kind: 'ready', resumed: true }, '77');
    FakeEventSource.opened[0].send({ kind: 'refill.status', id: 7, status: 'completed' }, '78');
    expect(within(item.closest('li')!).getByText('Served')).toBeInTheDocument();
    expect(reads).toBe(1);
  });
});
