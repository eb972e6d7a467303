import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/CloseButton.css';
import { Alert, Button, Group, Loader, Text, Title } from '@mantine/core';
import { useActorRef, useSelector } from '@xstate/react';
import { NEEDS_ACTION_LABELS, type NeedsActionItem, type NeedsActionReasonCode } from '../../../../contract/consoleQueue.ts';
import type { ConsolePage } from '../../../../machines/console/index.ts';
import {
  selectCount,
  selectHandling,
  selectItems,
  selectNotice,
  selectQueueError,
  selectQueueLive,
  selectQueueLiveOff,
  selectQueueRefreshing,
  selectQueueStage,
} from '../../../../machines/consoleQueue/index.ts';
import { queueLogic } from '../../../app/console/queueLogic.ts';
import { BookingCard } from '../bookings/BookingCard.tsx';
import boardClasses from '../bookings/Board.module.css';
import { londonDateTime } from '../format.ts';
import { LiveIndicator } from '../bookings/LiveIndicator.tsx';
import { usePageTitle } from '../pageTitle.ts';
import { ToneBadge } from '../StatusBadge.tsx';

type QueueActor = ReturnType<typeof useActorRef<typeof queueLogic>>;

const REASON_COLOURS: Record<NeedsActionReasonCode, string> = {
  awaiting_payment: 'yellow',
  new: 'brand',
  unassigned: 'orange',
  offer_declined: 'red',
  offer_expired: 'red',
  driver_not_on_the_way: 'red',
  change_requested: 'violet',
  flight: 'cyan',
  auto_offers_stopped: 'orange',
};

function LiveState({ actor }: { actor: QueueActor }) {
  const live = useSelector(actor, selectQueueLive);
  const off = useSelector(actor, selectQueueLiveOff);
  const refreshing = useSelector(actor, selectQueueRefreshing);
  return <LiveIndicator live={live} off={off} refreshing={refreshing} onRetry={() => actor.send({ type: 'live.retry' })} />;
}

function Reasons({ item, actor }: { item: NeedsActionItem; actor: QueueActor }) {
  const handling = useSelector(actor, selectHandling);
  const number = item.booking.booking_number;
  return (
    <ul className={boardClasses.reasons} aria-label={`Why ${number} needs action`} data-testid="reasons">
      {item.reasons.map((reason) => (
        <li key={reason.code} className={boardClasses.reason} data-reason={reason.code}>
          <ToneBadge color={REASON_COLOURS[reason.code]} size="sm">
            {NEEDS_ACTION_LABELS[reason.code]}
          </ToneBadge>
          <Text span size="sm">
            {reason.text}
          </Text>
          {reason.since && (
            <Text span size="xs" c="dimmed">
              {londonDateTime(reason.since)}
            </Text>
          )}
          {reason.details.length > 0 && (
            <ul className={boardClasses.reasonDetails}>
              {reason.details.map((line, index) => (
                <li key={index}>{line}</li>
              ))}
            </ul>
          )}
          {reason.code === 'change_requested' && reason.request_id !== null && (
            <Button
              size="compact-xs"
              variant="light"
              className={boardClasses.reasonAction}
              loading={handling === number}
              onClick={() => actor.send({ type: 'request.handle', bookingNumber: number, requestId: reason.request_id! })}
              aria-label={`Dealt with: the change ${number}'s passenger asked for`}
            >
              Dealt with
            </Button>
          )}
        </li>
      ))}
    </ul>
  );
}

/** /admin/needs-action: every booking that needs a person, whatever its date, with why; live like the board. */
export function QueuePage(_props: { page: ConsolePage }) {
  const actor = useActorRef(queueLogic);
  const stage = useSelector(actor, selectQueueStage);
  const items = useSelector(actor, selectItems);
  const count = useSelector(actor, selectCount);
  const error = useSelector(actor, selectQueueError);
  const notice = useSelector(actor, selectNotice);
  usePageTitle('Needs action', count);

  return (
    <div className={boardClasses.board}>
      <Group justify="space-between" align="center" gap="xs" mb="sm" wrap="wrap">
        <Group gap="sm" align="baseline">
          <Title order={1} className={boardClasses.heading}>
            Needs action
          </Title>
          {stage !== 'loading' && stage !== 'failed' && (
            <Text size="sm" c="dimmed" data-testid="queue-count">
              {count === 0 ? 'Nothing waiting' : `${count} ${count === 1 ? 'booking' : 'bookings'}`}
            </Text>
          )}
        </Group>
        <LiveState actor={actor} />
      </Group>
      {notice && (
        <Alert color={notice.refused ? 'red' : 'green'} variant="light" role={notice.refused ? 'alert' : 'status'} mb="sm" withCloseButton closeButtonLabel="Dismiss" onClose={() => actor.send({ type: 'notice.dismiss' })}>
          {notice.text}
        </Alert>
      )}
      {stage === 'loading' && (
        <Group justify="center" py="xl" role="status">
          <Loader size="sm" />
          <Text size="sm" c="dimmed">
            Loading the queue…
          </Text>
        </Group>
      )}
      {stage === 'failed' && (
        <Alert color="red" variant="light" role="alert" title="Queue not loaded">
          <Text size="sm" mb="xs">
            {error}
          </Text>
          <Button size="xs" variant="light" color="red" onClick={() => actor.send({ type: 'retry' })}>
            Try again
          </Button>
        </Alert>
      )}
      {stage === 'empty' && (
        <div className={boardClasses.empty} data-testid="queue-empty">
          <Text fw={600}>Nothing needs action</Text>
          <Text size="sm" c="dimmed">
            New bookings, jobs without a driver, declined offers and passengers' change requests appear here as they happen.
          </Text>
        </div>
      )}
      {stage === 'items' && (
        <>
          <ul className={boardClasses.cards} aria-label="Bookings that need action" data-testid="queue-cards">
            {items.map((item) => (
              <BookingCard key={item.booking.booking_number} row={item.booking}>
                <Reasons item={item} actor={actor} />
              </BookingCard>
            ))}
          </ul>
          {count > items.length && (
            <Text size="xs" c="dimmed" ta="center" mt="sm">
              The {items.length} soonest of {count} are shown.
            </Text>
          )}
        </>
      )}
    </div>
  );
}
