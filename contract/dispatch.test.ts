import { describe, expect, it } from 'vitest';
import { allowedEvents, BOOKING_STATUSES, DISPATCH_EVENTS, FINAL_STATUSES, illegalTransitionMessage, nextStatus } from './dispatch.ts';
import { dispatchRequestSchema } from './consoleBookings.ts';

describe('the dispatch transition table', () => {
  it('lets each status do exactly these events', () => {
    expect(Object.fromEntries(BOOKING_STATUSES.map((status) => [status, allowedEvents(status)]))).toEqual({
      // A phone booking held for its card payment link (issue 34): the office may only cancel it; paying confirms it.
      awaiting_payment: ['cancel'],
      confirmed: ['accept', 'cancel'],
      accepted: ['assign', 'cancel', 'no_show'],
      driver_assigned: ['assign', 'unassign', 'complete', 'cancel', 'no_show'],
      completed: [],
      cancelled: [],
      no_show: [],
    });
    for (const status of FINAL_STATUSES) for (const event of DISPATCH_EVENTS) expect(nextStatus(status, event)).toBeNull();
    expect(nextStatus('driver_assigned', 'unassign')).toBe('accepted');
  });

  it('names the status and the refused event', () => {
    expect(illegalTransitionMessage('confirmed', 'complete')).toBe('This booking is New: it cannot be completed.');
    expect(illegalTransitionMessage('no_show', 'assign')).toBe('This booking is No-show: it cannot be given a driver.');
  });

  it('reads each event with its own fields only', () => {
    expect(dispatchRequestSchema.safeParse({ event: 'cancel', reason: 'payment_problem' }).data).toEqual({ event: 'cancel', reason: 'payment_problem', note: '' });
    expect(dispatchRequestSchema.safeParse({ event: 'accept', driver_id: 1 }).success).toBe(false);
    expect(dispatchRequestSchema.safeParse({ event: 'assign', driver_id: 1 }).success).toBe(false);
    expect(dispatchRequestSchema.safeParse({ event: 'cancel', reason: 'payment_problem', refund_pence: -1 }).success).toBe(false);
  });
});
