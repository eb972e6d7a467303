import { Alert, Button, Card, Divider, Group, Loader, Stack, Text, Textarea, Title } from '@mantine/core';
import { useSelector } from '@xstate/react';
import type { EnquiryDetail as Detail } from '../../../../contract/consoleEnquiries.ts';
import { londonDateTime, shortDay } from '../format.ts';
import { ToneBadge } from '../StatusBadge.tsx';
import type { InboxActor } from './EnquiriesPage.tsx';
import { KIND_LABELS, STATUS_COLOURS } from './EnquiryList.tsx';
import { newReplyKey } from '../../../app/console/inboxLogic.ts';
import { LoadFailed } from './LoadStates.tsx';
import { QuotePanel } from './QuotePanel.tsx';
import { poundsText } from '../../../../contract/money.ts';

function Fields({ enquiry }: { enquiry: Detail }) {
  const { fields } = enquiry;
  const rows: [string, string][] =
    fields.kind === 'quote'
      ? [
          ['Pickup', fields.pickup_address],
          ['Drop-off', fields.dropoff_address],
          ['When', `${shortDay(fields.pickup_date)} ${fields.pickup_date.slice(0, 4)} at ${fields.pickup_time}`],
          ['Passengers', String(fields.passengers)],
          ['Luggage', String(fields.luggages)],
          ['Additional information', fields.additional_info],
        ]
      : [
          ['Query reason', fields.query_reason],
          ['Booking number', fields.booking_number],
          ['Message', fields.comments],
        ];
  return (
    <dl style={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: '4px 12px', margin: 0 }}>
      {[['E-mail', enquiry.email] as [string, string], ['Telephone', enquiry.phone] as [string, string], ...rows].map(([label, value]) => (
        <div key={label} style={{ display: 'contents' }}>
          <Text component="dt" size="sm" c="dimmed">
            {label}
          </Text>
          <Text component="dd" size="sm" m={0} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {value || '—'}
          </Text>
        </div>
      ))}
    </dl>
  );
}

export function EnquiryDetail({ actor }: { actor: InboxActor }) {
  const stage = useSelector(actor, (state) =>
    state.matches({ detail: 'none' }) ? 'none' : state.matches({ detail: 'loading' }) ? 'loading' : state.matches({ detail: 'failed' }) ? 'failed' : 'ready',
  );
  const replying = useSelector(actor, (state) => state.matches({ detail: { ready: 'replying' } }));
  const changing = useSelector(actor, (state) => state.matches({ detail: { ready: 'changingStatus' } }) || state.matches({ detail: { ready: 'reopening' } }));
  const { enquiry, detailError, draft, actionError, notice } = useSelector(actor, (state) => state.context);

  if (stage === 'none')
    return (
      <Text c="dimmed" size="sm">
        Choose an enquiry to read and answer it.
      </Text>
    );
  if (stage === 'loading') return <Loader size="sm" role="progressbar" aria-label="Loading the enquiry" />;
  if (stage === 'failed' || !enquiry) return <LoadFailed title="The enquiry could not be loaded" message={detailError} onRetry={() => actor.send({ type: 'detail.retry' })} />;

  const closed = enquiry.status === 'closed';
  return (
    <Stack gap="sm" data-testid="enquiry-detail">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <div>
          <Title order={2} size="h4">
            {enquiry.name || enquiry.email || 'Visitor'} · {KIND_LABELS[enquiry.kind]} #{enquiry.id}
          </Title>
          <Text size="xs" c="dimmed">
            Received {londonDateTime(enquiry.received_at)}
          </Text>
        </div>
        <Group gap="xs" wrap="nowrap">
          <ToneBadge variant="outline" color={STATUS_COLOURS[enquiry.status]} miw="max-content" data-testid="enquiry-status">
            {enquiry.status}
          </ToneBadge>
          <Button size="xs" variant="default" onClick={() => actor.send({ type: 'enquiry.dismiss' })}>
            Back to list
          </Button>
        </Group>
      </Group>
      <Fields enquiry={enquiry} />
      <Text size="sm" role="status" aria-live="polite" c="teal.9" data-testid="inbox-notice">
        {notice ?? ''}
      </Text>
      {actionError && (
        <Alert color="red" role="alert" data-testid="inbox-error">
          {actionError}
        </Alert>
      )}
      {enquiry.replies.length > 0 && (
        <Stack gap="xs">
          <Title order={3} size="h5">
            Replies
          </Title>
          {enquiry.replies.map((reply) => (
            <Card key={reply.id} withBorder padding="xs" data-testid="enquiry-reply">
              <Text size="xs" c="dimmed">
                {reply.author}, {londonDateTime(reply.at)} · mail #{reply.mail_id} {reply.mail_status}
              </Text>
              <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                {reply.text}
              </Text>
              {reply.offer && (
                <Text size="sm" fw={600}>
                  Quoted: {reply.offer.vehicle_type} ({reply.offer.company_name}) {poundsText(Math.round(reply.offer.price * 100))}, bookable until {londonDateTime(reply.offer.expires_at)}
                </Text>
              )}
            </Card>
          ))}
        </Stack>
      )}
      <Divider />
      {closed ? (
        <Group>
          <Text size="sm" c="dimmed">
            Closed {enquiry.status_changed_at ? londonDateTime(enquiry.status_changed_at) : ''}.
          </Text>
          <Button size="xs" variant="default" loading={changing} onClick={() => actor.send({ type: 'status.reopen' })}>
            Reopen
          </Button>
        </Group>
      ) : (
        <>
          {enquiry.email ? (
            <form
              onSubmit={(event) => {
                event.preventDefault();
                actor.send({ type: 'reply.send', key: newReplyKey() });
              }}
            >
              <Textarea
                label={`Reply by e-mail to ${enquiry.email}`}
                autosize
                minRows={4}
                maxLength={10000}
                value={draft}
                onChange={(event) => actor.send({ type: 'draft.change', text: event.currentTarget.value })}
              />
              <Group mt="xs" gap="xs">
                <Button type="submit" size="sm" loading={replying} disabled={draft.trim() === ''}>
                  Send reply
                </Button>
                <Button size="sm" variant="default" loading={changing} onClick={() => actor.send({ type: 'status.close' })}>
                  Close enquiry
                </Button>
              </Group>
            </form>
          ) : (
            <Group>
              <Text size="sm" c="dimmed">
                No e-mail address: call them back on {enquiry.phone || 'the number they gave'}.
              </Text>
              <Button size="xs" variant="default" loading={changing} onClick={() => actor.send({ type: 'status.close' })}>
                Close enquiry
              </Button>
            </Group>
          )}
          {enquiry.kind === 'quote' && enquiry.email && <QuotePanel actor={actor} />}
        </>
      )}
    </Stack>
  );
}
