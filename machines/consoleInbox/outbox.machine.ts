/**
 * The console's mail outbox (/admin/mail). Two regions:
 * - `list`: `loading` → `ready` | `failed` (retry); a status filter loads the first page again; `list.more` the next
 *   keyset page; `list.refresh` reloads (delivery states change as the dispatcher works).
 * - `detail`: `none`, `loading` → `ready` | `failed`; `ready.idle` → `resending` → the copy is opened (its row
 *   first in the list). A second press while resending is ignored.
 */
import { assertEvent, assign, setup } from 'xstate';
import type { MailStatus, OutboxDetail, OutboxRow } from '../../contract/consoleEnquiries.ts';
import { outboxActors } from './inbox.actors.ts';

export interface OutboxContext {
  status: MailStatus | null;
  rows: OutboxRow[];
  next: string | null;
  listError: string | null;
  moreError: string | null;
  selected: number | null;
  mail: OutboxDetail | null;
  detailError: string | null;
  actionError: string | null;
  notice: string | null;
}

export type OutboxEvent =
  | { type: 'filter.change'; status: MailStatus | null }
  | { type: 'list.retry' }
  | { type: 'list.refresh' }
  | { type: 'list.more' }
  | { type: 'mail.open'; id: number }
  | { type: 'mail.dismiss' }
  | { type: 'detail.retry' }
  | { type: 'mail.resend' };

const messageOf = (error: unknown) => (error instanceof Error && error.message ? error.message : 'Something went wrong. Please try again.');

const asRow = (mail: OutboxDetail): OutboxRow => ({
  id: mail.id,
  kind: mail.kind,
  to: mail.to,
  subject: mail.subject,
  status: mail.status,
  attempts: mail.attempts,
  error: mail.error,
  created_at: mail.created_at,
  sent_at: mail.sent_at,
  attachments: mail.attachments,
  resend_of: mail.resend_of,
});

export const outboxMachine = setup({
  types: { context: {} as OutboxContext, events: {} as OutboxEvent },
  actors: outboxActors,
  actions: {
    select: assign(({ event }) => {
      assertEvent(event, 'mail.open');
      return { selected: event.id, mail: null, detailError: null, actionError: null, notice: null };
    }),
  },
  guards: { hasMore: ({ context }) => context.next !== null },
}).createMachine({
  id: 'consoleOutbox',
  type: 'parallel',
  context: { status: null, rows: [], next: null, listError: null, moreError: null, selected: null, mail: null, detailError: null, actionError: null, notice: null },
  states: {
    list: {
      initial: 'loading',
      on: {
        'filter.change': { target: '.loading', actions: assign(({ event }) => ({ status: event.status })) },
        'list.refresh': '.loading',
      },
      states: {
        loading: {
          entry: assign({ listError: null, moreError: null }),
          invoke: {
            src: 'loadMails',
            input: ({ context }) => ({ status: context.status, after: null }),
            onDone: { target: 'ready', actions: assign(({ event }) => ({ rows: event.output.mails, next: event.output.next })) },
            onError: { target: 'failed', actions: assign(({ event }) => ({ listError: messageOf(event.error), rows: [], next: null })) },
          },
        },
        ready: { on: { 'list.more': { guard: 'hasMore', target: 'loadingMore' } } },
        loadingMore: {
          entry: assign({ moreError: null }),
          invoke: {
            src: 'loadMails',
            input: ({ context }) => ({ status: context.status, after: context.next }),
            onDone: { target: 'ready', actions: assign(({ context, event }) => ({ rows: [...context.rows, ...event.output.mails], next: event.output.next })) },
            onError: { target: 'ready', actions: assign(({ event }) => ({ moreError: messageOf(event.error) })) },
          },
        },
        failed: { on: { 'list.retry': 'loading' } },
      },
    },
    detail: {
      initial: 'none',
      on: {
        'mail.open': { target: '.loading', actions: 'select' },
        'mail.dismiss': { target: '.none', actions: assign({ selected: null, mail: null, detailError: null, actionError: null, notice: null }) },
      },
      states: {
        none: {},
        loading: {
          invoke: {
            src: 'loadMail',
            input: ({ context }) => ({ id: context.selected! }),
            onDone: { target: 'ready', actions: assign(({ event }) => ({ mail: event.output.mail })) },
            onError: { target: 'failed', actions: assign(({ event }) => ({ detailError: messageOf(event.error) })) },
          },
        },
        failed: { on: { 'detail.retry': 'loading' } },
        ready: {
          initial: 'idle',
          states: {
            idle: { on: { 'mail.resend': { target: 'resending', actions: assign({ actionError: null, notice: null }) } } },
            resending: {
              invoke: {
                src: 'resend',
                input: ({ context }) => ({ id: context.selected! }),
                onDone: {
                  target: 'idle',
                  actions: assign(({ context, event }) => ({
                    selected: event.output.mail.id,
                    mail: event.output.mail,
                    rows: context.status === null || context.status === 'queued' ? [asRow(event.output.mail), ...context.rows] : context.rows,
                    notice: `Queued again as mail #${event.output.mail.id}`,
                  })),
                },
                onError: { target: 'idle', actions: assign(({ event }) => ({ actionError: messageOf(event.error) })) },
              },
            },
          },
        },
      },
    },
  },
});

export type OutboxMachine = typeof outboxMachine;
