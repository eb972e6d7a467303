/**
 * The console's mail outbox (machines/consoleInbox, outboxMachine on /admin/mail): the list by delivery state with keyset
 * "Show more" and a refresh, a mail opened, closed and resent (the copy opened in its place), each call failing.
 */
import { expect } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import type { OutboxDetail, OutboxPage, OutboxRow } from '../../../contract/consoleEnquiries.ts';
import { outboxMachine, type OutboxContext } from '../../../machines/consoleInbox/index.ts';
import { machineInvokes } from '../graph.ts';
import type { MachineModel } from '../types.ts';
import { httpError, outcome, variant } from './helpers.ts';

const m = outboxMachine;
const ctx = (s: AnyMachineSnapshot) => s.context as OutboxContext;
const last = (invocations: Record<string, unknown[]>, name: string) => (invocations[name] ?? []).at(-1);

export const SENT_ID = 41;
export const OLDER_ID = 40;
export const COPY_ID = 42;
export const OUTBOX_FAILED = 'Service unavailable';

export const mailRow = (id: number, status: OutboxRow['status'] = 'sent', resendOf: number | null = null): OutboxRow => ({
  id,
  kind: 'booking_confirmation',
  to: 'outbox.model@example.test',
  subject: `Booking CF-OUTBOX confirmed — Westway Cars (#${id})`,
  status,
  attempts: status === 'queued' ? 0 : 1,
  error: null,
  created_at: '2026-11-26T09:00:00.000Z',
  sent_at: status === 'sent' ? '2026-11-26T09:00:05.000Z' : null,
  attachments: [],
  resend_of: resendOf,
});
export const mailDetail = (id: number, status: OutboxRow['status'] = 'sent', resendOf: number | null = null): OutboxDetail => ({
  ...mailRow(id, status, resendOf),
  from: '"Westway Cars" <bookings@westwaycars.test>',
  reply_to: null,
  text: 'Your booking CF-OUTBOX is confirmed.',
  transport: 'outbox',
  message_id: null,
  resends: [],
});
export const outboxPage = (rows: OutboxRow[], next: string | null): OutboxPage => ({ success: true, mails: rows, next });

function listOutcome(state: 'loading' | 'loadingMore', kind: 'done' | 'error') {
  const invoke = machineInvokes(m).find((i) => i.src === 'loadMails' && i.id.endsWith(`.list.${state}`));
  if (!invoke) throw new Error(`outbox: no loadMails invoke in list.${state}`);
  return `xstate.${kind}.actor.${invoke.id}`;
}
const FAILED = httpError(503, OUTBOX_FAILED);

export const consoleOutboxModel: MachineModel = {
  id: 'consoleOutbox',
  title: 'mail outbox',
  machine: m,
  origins: [{ id: 'mail', label: '/admin/mail, signed in', input: undefined }],
  variants: [
    variant('filter.change:failed', { type: 'filter.change', status: 'failed' }, 'Failed'),
    variant('filter.change:all', { type: 'filter.change', status: null }, 'All'),
    variant('list.retry', { type: 'list.retry' }, 'Try again (the list)'),
    variant('list.refresh', { type: 'list.refresh' }, 'Refresh'),
    variant('list.more', { type: 'list.more' }, 'Show more'),
    variant('mail.open', { type: 'mail.open', id: SENT_ID }, 'open a sent mail'),
    variant('mail.dismiss', { type: 'mail.dismiss' }, 'Back to list'),
    variant('detail.retry', { type: 'detail.retry' }, 'Try again (the mail)'),
    variant('mail.resend', { type: 'mail.resend' }, 'Resend'),
    variant('loadMails:rows', { type: listOutcome('loading', 'done'), output: outboxPage([mailRow(SENT_ID)], 'cursor-1') }, 'the newest mails, more to come'),
    variant('loadMails:empty', { type: listOutcome('loading', 'done'), output: outboxPage([], null) }, 'no mail failed'),
    variant('loadMails:error', { type: listOutcome('loading', 'error'), error: FAILED }, 'the list does not load'),
    variant('loadMore:done', { type: listOutcome('loadingMore', 'done'), output: outboxPage([mailRow(OLDER_ID)], null) }, 'the last page'),
    variant('loadMore:error', { type: listOutcome('loadingMore', 'error'), error: FAILED }, 'the next page does not load'),
    variant('loadMail:done', { type: outcome(m, 'loadMail', 'done'), output: { success: true, mail: mailDetail(SENT_ID) } }, 'the mail is shown'),
    variant('loadMail:error', { type: outcome(m, 'loadMail', 'error'), error: FAILED }, 'the mail does not load'),
    variant('resend:done', { type: outcome(m, 'resend', 'done'), output: { success: true, mail: mailDetail(COPY_ID, 'queued', SENT_ID) } }, 'queued again as a copy'),
    variant('resend:error', { type: outcome(m, 'resend', 'error'), error: FAILED }, 'the resend fails'),
  ],
  offer: (s, v) => {
    const c = ctx(s);
    const failedOnly = c.status === 'failed';
    if (v.key === 'loadMails:rows') return !failedOnly;
    if (v.key === 'loadMails:empty') return failedOnly;
    // A mail is opened from its row; one at a time (its call answered first).
    if (v.key === 'mail.open') return c.rows.some((row) => row.id === SENT_ID) && !s.matches({ detail: 'loading' }) && !s.matches({ detail: { ready: 'resending' } });
    // The segmented control sends a change only for the other segment.
    if (v.key === 'filter.change:failed' && failedOnly) return false;
    if (v.key === 'filter.change:all' && !failedOnly) return false;
    if (v.key === 'list.refresh' || v.key.startsWith('filter.change')) return !s.matches({ list: 'loading' }) && !s.matches({ detail: 'loading' });
    // The opened mail is the sent one (the copy is queued: resent only once here).
    if (v.key === 'mail.resend') return c.selected === SENT_ID;
    return true;
  },
  abstract: (s) => {
    const c = ctx(s);
    return { status: c.status, rows: [...new Set(c.rows.map((r) => r.id))].sort(), next: c.next !== null, listError: c.listError, moreError: c.moreError, selected: c.selected, mail: c.mail?.id ?? null, detailError: c.detailError, actionError: c.actionError, notice: c.notice };
  },
  limit: 20_000,
  isGoal: () => false,
  simple: { variants: () => false, maxPaths: 0, maxLength: 0 },
  assertions: {
    'list.loading': ({ snapshot, invocations }) => expect(last(invocations, 'loadMails')).toEqual({ status: ctx(snapshot).status, after: null }),
    'list.ready': ({ snapshot }) => expect(ctx(snapshot).listError).toBeNull(),
    'list.loadingMore': ({ invocations }) => expect(last(invocations, 'loadMails')).toMatchObject({ after: 'cursor-1' }),
    'list.failed': ({ snapshot }) => expect(ctx(snapshot).listError).toBe(OUTBOX_FAILED),
    'detail.none': ({ snapshot }) => expect(ctx(snapshot).selected).toBeNull(),
    'detail.loading': ({ snapshot, invocations }) => expect(last(invocations, 'loadMail')).toEqual({ id: ctx(snapshot).selected }),
    'detail.failed': ({ snapshot }) => expect(ctx(snapshot).detailError).toBe(OUTBOX_FAILED),
    'detail.ready.idle': ({ snapshot }) => {
      const c = ctx(snapshot);
      expect(c.mail?.id).toBe(c.selected);
      if (c.notice) expect(c.notice).toBe(`Queued again as mail #${COPY_ID}`);
    },
    'detail.ready.resending': ({ invocations }) => expect(last(invocations, 'resend')).toEqual({ id: SENT_ID }),
  },
  guardChecks: [
    {
      label: 'Show more only while there is a next page',
      event: { type: 'list.more' },
      expected: (s) => (s.matches({ list: 'ready' }) ? { can: ctx(s).next !== null } : undefined),
    },
  ],
};
