import { applyTableEvent, STATUS_LABELS, type TableRefill } from './refill-status-list';

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
