import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Skeleton.css';
import '@mantine/core/styles/SegmentedControl.css';
import '@mantine/core/styles/Code.css';
import { Alert, Button, Code, Group, Loader, SegmentedControl, Stack, Table, Text, Title } from '@mantine/core';
import { useActorRef, useSelector } from '@xstate/react';
import type { MailStatus } from '../../../../contract/consoleEnquiries.ts';
import { londonDateTime } from '../format.ts';
import { usePageTitle } from '../pageTitle.ts';
import classes from '../enquiries/Inbox.module.css';
import { LoadFailed, MoreRows, RowsLoading } from '../enquiries/LoadStates.tsx';
import { ToneBadge } from '../StatusBadge.tsx';
import { outboxLogic } from '../../../app/console/outboxLogic.ts';
import { textsLogic } from '../../../app/console/textsLogic.ts';

type OutboxActor = ReturnType<typeof useActorRef<typeof outboxLogic>>;
/** Outlined, in the darkest shade of the colour: readable on white and on a highlighted row (WCAG AA). */
const STATUS_COLOURS: Record<MailStatus, string> = { queued: 'blue', sent: 'teal', failed: 'red' };

/** The delivery-state filter and refresh of a message list (the mails and the texts). */
function StateFilter(props: { label: string; refreshLabel: string; status: MailStatus | null; onStatus: (status: MailStatus | null) => void; onRefresh: () => void }) {
  return (
    <Group gap="sm">
      <SegmentedControl
        size="xs"
        aria-label={props.label}
        value={props.status ?? 'all'}
        onChange={(value) => props.onStatus(value === 'all' ? null : (value as MailStatus))}
        data={[
          { value: 'all', label: 'All' },
          { value: 'queued', label: 'Queued' },
          { value: 'sent', label: 'Sent' },
          { value: 'failed', label: 'Failed' },
        ]}
      />
      <Button size="xs" variant="default" onClick={props.onRefresh}>
        {props.refreshLabel}
      </Button>
    </Group>
  );
}

function MailList({ actor }: { actor: OutboxActor }) {
  const stage = useSelector(actor, (state) => (state.matches({ list: 'failed' }) ? 'failed' : state.matches({ list: 'loading' }) ? 'loading' : 'ready'));
  const loadingMore = useSelector(actor, (state) => state.matches({ list: 'loadingMore' }));
  const { rows, next, listError, moreError, status, selected } = useSelector(actor, (state) => state.context);
  return (
    <Stack gap="sm">
      <StateFilter
        label="Delivery state"
        refreshLabel="Refresh"
        status={status}
        onStatus={(value) => actor.send({ type: 'filter.change', status: value })}
        onRefresh={() => actor.send({ type: 'list.refresh' })}
      />
      {stage === 'failed' && <LoadFailed title="The mail could not be loaded" message={listError} onRetry={() => actor.send({ type: 'list.retry' })} />}
      {stage === 'loading' && <RowsLoading label="Loading mail" />}
      {stage === 'ready' && rows.length === 0 && (
        <Text c="dimmed" size="sm">
          No mail here.
        </Text>
      )}
      {stage === 'ready' && rows.length > 0 && (
        <Table highlightOnHover layout="fixed" verticalSpacing={6} fz="sm" data-testid="outbox-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th className={classes.wide} w="9.5rem">
                Queued
              </Table.Th>
              <Table.Th>To and subject</Table.Th>
              <Table.Th w="6rem">State</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.id} style={selected === row.id ? { boxShadow: 'inset 3px 0 0 var(--mantine-color-blue-7)' } : undefined} data-testid={`mail-row-${row.id}`}>
                <Table.Td className={classes.wide} style={{ whiteSpace: 'nowrap' }}>
                  {londonDateTime(row.created_at)}
                </Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>
                  <Button
                    variant="subtle"
                    size="compact-sm"
                    px={0}
                    h="auto"
                    ta="left"
                    styles={{ label: { whiteSpace: 'normal', overflowWrap: 'anywhere' } }}
                    aria-current={selected === row.id ? 'true' : undefined}
                    onClick={() => actor.send({ type: 'mail.open', id: row.id })}
                  >
                    {row.subject}
                  </Button>
                  <Text size="xs" c="dimmed">
                    <span className={classes.narrow}>{londonDateTime(row.created_at)} · </span>
                    {row.to} · {row.kind}
                    {row.attachments.length > 0 ? ` · ${row.attachments.join(', ')}` : ''}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <ToneBadge variant="outline" color={STATUS_COLOURS[row.status]} size="sm" miw="max-content">
                    {row.status}
                  </ToneBadge>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <MoreRows hasMore={stage === 'ready' && next !== null} loading={loadingMore} error={moreError} onMore={() => actor.send({ type: 'list.more' })} />
    </Stack>
  );
}

function MailDetail({ actor }: { actor: OutboxActor }) {
  const stage = useSelector(actor, (state) => (state.matches({ detail: 'loading' }) ? 'loading' : state.matches({ detail: 'failed' }) ? 'failed' : 'ready'));
  const resending = useSelector(actor, (state) => state.matches({ detail: { ready: 'resending' } }));
  const { mail, detailError, actionError, notice } = useSelector(actor, (state) => state.context);
  if (stage === 'loading') return <Loader size="sm" role="progressbar" aria-label="Loading the mail" />;
  if (stage === 'failed' || !mail) return <LoadFailed title="The mail could not be loaded" message={detailError} onRetry={() => actor.send({ type: 'detail.retry' })} />;
  const facts: [string, string][] = [
    ['To', mail.to],
    ['From', mail.from],
    ['Reply-To', mail.reply_to ?? ''],
    ['Kind', mail.kind],
    ['Queued', londonDateTime(mail.created_at)],
    ['Sent', mail.sent_at ? londonDateTime(mail.sent_at) : ''],
    ['Attempts', String(mail.attempts)],
    ['Attachments', mail.attachments.join(', ')],
    ['Resend of', mail.resend_of ? `mail #${mail.resend_of}` : ''],
    ['Resent as', mail.resends.map((id) => `#${id}`).join(', ')],
  ];
  return (
    <Stack gap="sm" data-testid="mail-detail">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Title order={2} size="h4" style={{ overflowWrap: 'anywhere' }}>
          {mail.subject}
        </Title>
        <Group gap="xs" wrap="nowrap">
          <ToneBadge variant="outline" color={STATUS_COLOURS[mail.status]} miw="max-content" data-testid="mail-status">
            {mail.status}
          </ToneBadge>
          <Button size="xs" variant="default" onClick={() => actor.send({ type: 'mail.dismiss' })}>
            Back to list
          </Button>
        </Group>
      </Group>
      {mail.error && (
        <Alert color={mail.status === 'failed' ? 'red' : 'yellow'} title={mail.status === 'failed' ? 'Delivery failed' : 'Delivery will be retried'}>
          {mail.error}
        </Alert>
      )}
      <dl style={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: '4px 12px', margin: 0 }}>
        {facts
          .filter(([, value]) => value !== '')
          .map(([label, value]) => (
            <div key={label} style={{ display: 'contents' }}>
              <Text component="dt" size="sm" c="dimmed">
                {label}
              </Text>
              <Text component="dd" size="sm" m={0} style={{ overflowWrap: 'anywhere' }}>
                {value}
              </Text>
            </div>
          ))}
      </dl>
      {mail.text === null ? (
        <Text size="sm" c="dimmed">
          This mail held a one-time secret: its text is not shown and it cannot be resent.
        </Text>
      ) : (
        <Code block style={{ whiteSpace: 'pre-wrap', maxHeight: 360, overflow: 'auto' }} tabIndex={0} aria-label="Mail text">
          {mail.text}
        </Code>
      )}
      <Text size="sm" role="status" aria-live="polite" c="teal.9" data-testid="outbox-notice">
        {notice ?? ''}
      </Text>
      {actionError && (
        <Alert color="red" role="alert">
          {actionError}
        </Alert>
      )}
      {mail.text !== null && (
        <Group>
          <Button size="sm" variant="light" loading={resending} onClick={() => actor.send({ type: 'mail.resend' })}>
            Resend
          </Button>
        </Group>
      )}
    </Stack>
  );
}

/** What each kind of text is about, in the owner's words (the settings' labels). */
const TEXT_KIND_LABELS: Record<string, string> = {
  booking_confirmed: 'Booking confirmed',
  driver_assigned: 'Driver assigned',
  driver_on_the_way: 'Driver on the way',
  driver_arrived: 'Driver arrived',
  reminder: 'Reminder',
  booking_cancelled: 'Booking cancelled',
};

/** The passengers' text messages (issue 33): to whom, which, when, the delivery state and the provider's error. */
function TextList() {
  const actor = useActorRef(textsLogic);
  const stage = useSelector(actor, (state) => (state.matches('failed') ? 'failed' : state.matches('loading') ? 'loading' : 'ready'));
  const loadingMore = useSelector(actor, (state) => state.matches('loadingMore'));
  const { rows, next, error, moreError, status } = useSelector(actor, (state) => state.context);
  return (
    <section aria-labelledby="texts-heading">
      <Stack gap="sm">
        <Title order={2} size="h4" id="texts-heading">
          Text messages
        </Title>
        <StateFilter
          label="Delivery state of texts"
          refreshLabel="Refresh texts"
          status={status}
          onStatus={(value) => actor.send({ type: 'texts.filter', status: value })}
          onRefresh={() => actor.send({ type: 'texts.refresh' })}
        />
        {stage === 'failed' && <LoadFailed title="The texts could not be loaded" message={error} onRetry={() => actor.send({ type: 'texts.retry' })} />}
        {stage === 'loading' && <RowsLoading label="Loading texts" />}
        {stage === 'ready' && rows.length === 0 && (
          <Text c="dimmed" size="sm">
            No texts here.
          </Text>
        )}
        {stage === 'ready' && rows.length > 0 && (
          <Table layout="fixed" verticalSpacing={6} fz="sm" data-testid="texts-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th className={classes.wide} w="9.5rem">
                  Queued
                </Table.Th>
                <Table.Th>To and text</Table.Th>
                <Table.Th w="6rem">State</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row.id} data-testid={`text-row-${row.id}`}>
                  <Table.Td className={classes.wide} style={{ whiteSpace: 'nowrap' }}>
                    {londonDateTime(row.created_at)}
                  </Table.Td>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>
                    <Text size="sm" fw={500}>
                      {row.to} · {TEXT_KIND_LABELS[row.kind] ?? row.kind}
                      {row.booking_number ? ` · ${row.booking_number}` : ''}
                    </Text>
                    <Text size="xs" c="dimmed">
                      <span className={classes.narrow}>{londonDateTime(row.created_at)} · </span>
                      {row.body}
                    </Text>
                    {(row.error || row.attempts > 1) && (
                      <Text size="xs" c={row.status === 'failed' ? 'red.9' : 'orange.9'} role={row.status === 'failed' ? 'note' : undefined}>
                        {row.status === 'failed' ? 'Not delivered' : 'Will be retried'}
                        {` after ${row.attempts} ${row.attempts === 1 ? 'attempt' : 'attempts'}`}
                        {row.error ? `: ${row.error}` : ''}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <ToneBadge variant="outline" color={STATUS_COLOURS[row.status]} size="sm" miw="max-content">
                      {row.status}
                    </ToneBadge>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        <MoreRows hasMore={stage === 'ready' && next !== null} loading={loadingMore} error={moreError} onMore={() => actor.send({ type: 'texts.more' })} label="Show more texts" />
      </Stack>
    </section>
  );
}

/** The mail outbox: what was sent, to whom, when, its delivery state, and a resend; the texts below. */
export function OutboxPage() {
  const actor = useActorRef(outboxLogic);
  const open = useSelector(actor, (state) => !state.matches({ detail: 'none' }));
  usePageTitle('Mail');
  return (
    <>
      <Title order={1} size="h3" mb="sm">
        Mail outbox
      </Title>
      <div className={classes.split} data-open={open}>
        <div className={classes.list}>
          <MailList actor={actor} />
          <div style={{ marginTop: 'var(--mantine-spacing-xl)' }}>
            <TextList />
          </div>
        </div>
        {open && (
          <section aria-label="Mail">
            <MailDetail actor={actor} />
          </section>
        )}
      </div>
    </>
  );
}
