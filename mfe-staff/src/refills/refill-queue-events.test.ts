import { applyRefillEvent, type QueuedRefill } from './refill-queue-page';

const waiting: QueuedRefill = { id: 1, table_number: 3, request_type: 'Pork (2)', notes: '', items: [{ name: 'Pork', quantity: 2 }], status: 'pending', age_sec: 0 };

describe('applyRefillEvent', () => {
  it('adds a new request once, moves one in progress, and drops one served or cancelled', () => {
    const created = { kind: 'refill.created', ...waiting, id: 2, table_number: 5 };
    const queue = applyRefillEvent(applyRefillEvent([waiting], created), created);
    expect(queue.map((refill) => refill.id)).toEqual([1, 2]);
    expect(applyRefillEvent(queue, { kind: 'refill.status', id: 2, status: 'in_progress' })[1].status).toBe('in_progress');
    expect(applyRefillEvent(queue, { kind: 'refill.status', id: 1, status: 'completed' }).map((refill) => refill.id)).toEqual([2]);
    expect(applyRefillEvent(queue, { kind: 'refill.status', id: 2, status: 'cancelled' }).map((refill) => refill.id)).toEqual([1]);
    expect(applyRefillEvent(queue, { kind: 'reservation.created', id: 1 })).toBe(queue);
  });
});
