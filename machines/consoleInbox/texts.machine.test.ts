import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { MailStatus, TextRow, TextsPage } from '../../contract/consoleEnquiries.ts';
import { textsMachine } from './index.ts';

const row = (id: number, status: MailStatus = 'sent', error: string | null = null): TextRow => ({
  id,
  kind: 'booking_confirmed',
  to: '+447700900123',
  booking_number: 'CF-ABC123',
  body: 'Westway Cars: booking CF-ABC123 is confirmed',
  status,
  attempts: 1,
  error,
  created_at: '2031-06-21T12:00:00.000Z',
  sent_at: status === 'sent' ? '2031-06-21T12:00:01.000Z' : null,
  transport: 'twilio',
});

describe('texts machine (the console message log)', () => {
  it('loads the first page, the next page by its cursor, again for a delivery state; a failure offers a retry', async () => {
    const calls: { status: MailStatus | null; after: string | null }[] = [];
    let failNext = false;
    const actor = createActor(
      textsMachine.provide({
        actors: {
          loadTexts: fromPromise(async ({ input }): Promise<TextsPage> => {
            calls.push(input);
            if (failNext) {
              failNext = false;
              throw new Error('The console could not be reached');
            }
            if (input.status === 'failed') return { success: true, texts: [row(3, 'failed', "Twilio 400 error 21211: The 'To' number is not valid.")], next: null };
            return input.after === null ? { success: true, texts: [row(9), row(8)], next: '8' } : { success: true, texts: [row(7)], next: null };
          }),
        },
      }),
    ).start();
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context.rows.map((text) => text.id)).toEqual([9, 8]);
    actor.send({ type: 'texts.more' });
    await waitFor(actor, (s) => s.matches('ready') && s.context.next === null);
    expect(actor.getSnapshot().context.rows.map((text) => text.id)).toEqual([9, 8, 7]);
    actor.send({ type: 'texts.more' }); // nothing more: ignored
    actor.send({ type: 'texts.filter', status: 'failed' });
    await waitFor(actor, (s) => s.matches('ready') && s.context.status === 'failed');
    expect(actor.getSnapshot().context.rows).toEqual([row(3, 'failed', "Twilio 400 error 21211: The 'To' number is not valid.")]);
    failNext = true;
    actor.send({ type: 'texts.refresh' });
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().context).toMatchObject({ error: 'The console could not be reached', rows: [] });
    actor.send({ type: 'texts.retry' });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(calls).toEqual([
      { status: null, after: null },
      { status: null, after: '8' },
      { status: 'failed', after: null },
      { status: 'failed', after: null },
      { status: 'failed', after: null },
    ]);
  });
});
