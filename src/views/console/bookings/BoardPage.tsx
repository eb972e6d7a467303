import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Pill.css';
import '@mantine/core/styles/PillsInput.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/ActionIcon.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Skeleton.css';
import '@mantine/core/styles/ScrollArea.css';
import { ActionIcon, Alert, Badge, Button, Group, Loader, Text, Title, Tooltip } from '@mantine/core';
import { useActorRef, useSelector } from '@xstate/react';
import { useMediaQuery } from '@mantine/hooks';
import { useEffect } from 'react';
import { Link } from 'wouter';
import {
  selectChoices,
  selectCsvBusy,
  selectCsvError,
  selectCsvRange,
  selectError,
  selectFilters,
  selectFresh,
  selectHasMore,
  selectListStage,
  selectLive,
  selectLiveOff,
  selectLoadingMore,
  selectMoreError,
  selectMuted,
  selectNeedsAction,
  selectRange,
  selectRefreshing,
  selectRows,
  selectUnseen,
} from '../../../../machines/consoleBoard/index.ts';
import type { ConsolePage } from '../../../../machines/console/index.ts';
import { shortDay } from '../format.ts';
import { LiveIndicator } from './LiveIndicator.tsx';
import { usePageTitle } from '../pageTitle.ts';
import { BoardFiltersForm } from './BoardFilters.tsx';
import { boardLogic, storedMuted } from '../../../app/console/boardLogic.ts';
import { BoardTable } from './BoardTable.tsx';
import { BookingCards } from './BookingCard.tsx';
import classes from './Board.module.css';

export type BoardActor = ReturnType<typeof useActorRef<typeof boardLogic>>;

function LiveState({ actor }: { actor: BoardActor }) {
  const live = useSelector(actor, selectLive);
  const off = useSelector(actor, selectLiveOff);
  const refreshing = useSelector(actor, selectRefreshing);
  return <LiveIndicator live={live} off={off} refreshing={refreshing} onRetry={() => actor.send({ type: 'live.retry' })} />;
}

function SoundToggle({ actor }: { actor: BoardActor }) {
  const muted = useSelector(actor, selectMuted);
  const label = muted ? 'Turn the new-booking sound on' : 'Mute the new-booking sound';
  return (
    <Tooltip label={label} withArrow>
      <ActionIcon variant="subtle" color="gray" aria-label={label} aria-pressed={!muted} onClick={() => actor.send({ type: 'sound.toggle' })} data-testid="sound-toggle">
        {muted ? (
          <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
            <path d="M11 5 6 9H2v6h4l5 4V5z" />
            <path d="m23 9-6 6M17 9l6 6" />
          </svg>
        ) : (
          <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
            <path d="M11 5 6 9H2v6h4l5 4V5z" />
            <path d="M15.5 8.5a5 5 0 0 1 0 7M19 5a10 10 0 0 1 0 14" />
          </svg>
        )}
      </ActionIcon>
    </Tooltip>
  );
}

function CsvButton({ actor }: { actor: BoardActor }) {
  const busy = useSelector(actor, selectCsvBusy);
  const range = useSelector(actor, selectCsvRange);
  const days = range.from === range.to ? shortDay(range.from) : `${shortDay(range.from)} – ${shortDay(range.to)}`;
  return (
    <Button variant="default" size="xs" loading={busy} onClick={() => actor.send({ type: 'csv.download' })} data-testid="csv-export" aria-label={`Export CSV, ${days}`}>
      Export CSV
    </Button>
  );
}

/** Clears the unseen count when the member comes back to the tab or acts on the page; allows sound after a first act. */
function useSeen(actor: BoardActor) {
  useEffect(() => {
    const seen = () => {
      if (document.visibilityState === 'visible') actor.send({ type: 'seen' });
    };
    const acted = () => {
      actor.send({ type: 'user.interacted' });
      seen();
    };
    window.addEventListener('focus', seen);
    document.addEventListener('visibilitychange', seen);
    window.addEventListener('pointerdown', acted);
    window.addEventListener('keydown', acted);
    return () => {
      window.removeEventListener('focus', seen);
      document.removeEventListener('visibilitychange', seen);
      window.removeEventListener('pointerdown', acted);
      window.removeEventListener('keydown', acted);
    };
  }, [actor]);
}

/** Below a desktop's width (the console's navigation collapses there too) the board is cards: no sideways scrolling. */
export const CARDS_QUERY = '(max-width: 61.99em)';

/** How often the board is read again without an event: the badge's reasons of time arise with the clock alone. */
const RECHECK_MS = 60_000;

function useRecheck(actor: BoardActor) {
  useEffect(() => {
    const timer = window.setInterval(() => actor.send({ type: 'refresh' }), RECHECK_MS);
    return () => window.clearInterval(timer);
  }, [actor]);
}

/** The badge: how many bookings need action (the queue's own count), a link to the queue. */
function NeedsActionBadge({ actor }: { actor: BoardActor }) {
  const count = useSelector(actor, selectNeedsAction);
  if (count === 0) return null;
  return (
    <Badge component={Link} href="/admin/needs-action" color="brand" variant="filled" size="md" className={classes.needsBadge} tt="none" data-testid="needs-action-count">
      {count} {count === 1 ? 'needs' : 'need'} action
    </Badge>
  );
}

/** /admin/bookings: the live board of the site's bookings. */
export function BoardPage(_props: { page: ConsolePage }) {
  const actor = useActorRef(boardLogic, { input: { now: new Date(), muted: storedMuted() } });
  const stage = useSelector(actor, selectListStage);
  const rows = useSelector(actor, selectRows);
  const filters = useSelector(actor, selectFilters);
  const range = useSelector(actor, selectRange);
  const error = useSelector(actor, selectError);
  const moreError = useSelector(actor, selectMoreError);
  const csvError = useSelector(actor, selectCsvError);
  const hasMore = useSelector(actor, selectHasMore);
  const loadingMore = useSelector(actor, selectLoadingMore);
  const unseen = useSelector(actor, selectUnseen);
  const fresh = useSelector(actor, selectFresh);
  const choices = useSelector(actor, selectChoices);
  const cards = useMediaQuery(CARDS_QUERY, false, { getInitialValueInEffect: false });
  usePageTitle('Bookings', unseen);
  useSeen(actor);
  useRecheck(actor);

  const rangeText = range ? (range.from === range.to ? shortDay(range.from) : `${shortDay(range.from)} – ${shortDay(range.to)}`) : 'All dates';

  return (
    <div className={classes.board}>
      <Group justify="space-between" align="center" gap="xs" mb="xs" wrap="wrap">
        <Group gap="sm" align="baseline">
          <Title order={1} className={classes.heading}>
            Bookings
          </Title>
          <Text size="sm" c="dimmed" data-testid="board-range">
            {rangeText}
          </Text>
          <NeedsActionBadge actor={actor} />
        </Group>
        <Group gap="xs">
          <Button component={Link} href="/admin/bookings/new" size="xs">
            New booking
          </Button>
          <LiveState actor={actor} />
          <SoundToggle actor={actor} />
          <CsvButton actor={actor} />
        </Group>
      </Group>
      <BoardFiltersForm filters={filters} choices={choices} onApply={(next) => actor.send({ type: 'filters.apply', filters: next })} onReset={() => actor.send({ type: 'filters.reset' })} />
      {csvError && (
        <Alert color="red" variant="light" role="alert" mb="xs">
          {csvError}
        </Alert>
      )}
      <div aria-live="polite" className={classes.srOnly}>
        {unseen > 0 ? `${unseen} new ${unseen === 1 ? 'booking' : 'bookings'}` : ''}
      </div>
      {stage === 'loading' && (
        <Group justify="center" py="xl" role="status">
          <Loader size="sm" />
          <Text size="sm" c="dimmed">
            Loading bookings…
          </Text>
        </Group>
      )}
      {stage === 'failed' && (
        <Alert color="red" variant="light" role="alert" title="Bookings not loaded">
          <Text size="sm" mb="xs">
            {error}
          </Text>
          <Button size="xs" variant="light" color="red" onClick={() => actor.send({ type: 'retry' })}>
            Try again
          </Button>
        </Alert>
      )}
      {stage === 'empty' && (
        <div className={classes.empty} data-testid="board-empty">
          <Text fw={600}>No bookings match</Text>
          <Text size="sm" c="dimmed">
            New bookings appear here as they are made. Widen the dates or clear the filters to see more.
          </Text>
        </div>
      )}
      {stage === 'rows' && (
        <>
          {cards ? <BookingCards rows={rows} fresh={fresh} label="Bookings" /> : <BoardTable rows={rows} fresh={fresh} />}
          <Group justify="center" mt="sm" gap="xs">
            {moreError && (
              <Text size="sm" c="red.8" role="alert">
                {moreError}
              </Text>
            )}
            {hasMore ? (
              <Button variant="default" size="xs" loading={loadingMore} onClick={() => actor.send({ type: 'more' })}>
                Load more
              </Button>
            ) : (
              <Text size="xs" c="dimmed">
                {rows.length} {rows.length === 1 ? 'booking' : 'bookings'} · end of list
              </Text>
            )}
          </Group>
        </>
      )}
    </div>
  );
}
