import { Alert, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import type { ConsoleBookingDetail } from '../../../../contract/consoleBookings.ts';
import { FLIGHT_ACTION_LABELS, londonTimeText } from '../../../../contract/flights.ts';
import { flightArrivalLogic } from '../../../app/console/consoleBookingLogic.ts';
import { londonDateTime } from '../format.ts';
import { ToneBadge } from '../StatusBadge.tsx';

/** What the last look-up gave, in words (null before any). */
const RESULT_TEXT: Record<string, string> = {
  found: 'found',
  not_found: 'not known to FlightAware yet',
  refused: 'the FlightAware key was refused',
  rate_limited: 'FlightAware asked us to wait',
  failed: 'FlightAware did not answer',
};

/**
 * The booking's flight (issue 33): its status, expected arrival and the driver's due time, why it needs action, and the
 * dispatcher's expected arrival (machines/consoleBooking/arrival.machine.ts). Renders nothing for a booking that is
 * not an airport pick-up with a flight number.
 */
export function FlightPanel({ booking }: { booking: ConsoleBookingDetail }) {
  const actor = useActorRef(flightArrivalLogic, { input: { booking } });
  useEffect(() => actor.send({ type: 'booking.changed', booking }), [actor, booking]);
  const flight = useSelector(actor, (s) => s.context.flight);
  const draft = useSelector(actor, (s) => s.context.draft);
  const notice = useSelector(actor, (s) => s.context.notice);
  const error = useSelector(actor, (s) => s.context.error);
  const saving = useSelector(actor, (s) => s.matches('saving'));
  if (!flight) return null;
  const time = (iso: string | null) => (iso ? londonTimeText(iso) : '—');
  return (
    <Paper withBorder p="md" radius="md" data-testid="flight-panel" aria-labelledby="flight-panel-title">
      <Group justify="space-between" align="center" mb="xs">
        <Title order={2} size="h4" id="flight-panel-title">
          Flight {flight.number}
        </Title>
        {flight.needs_action ? (
          <ToneBadge color="red" data-testid="flight-needs-action">
            {FLIGHT_ACTION_LABELS[flight.needs_action]}
          </ToneBadge>
        ) : (
          flight.status && <ToneBadge color="blue">{flight.status}</ToneBadge>
        )}
      </Group>
      <Stack gap={4}>
        <Text size="sm">
          Scheduled {time(flight.scheduled_arrival)} · Expected <strong data-testid="flight-expected">{time(flight.expected_arrival)}</strong>
          {flight.arrival_source === 'manual' ? ' (typed by staff)' : ''}
          {flight.origin ? ` · from ${flight.origin}` : ''}
        </Text>
        <Text size="sm">
          Driver due at the pick-up: <strong data-testid="flight-driver-due">{flight.driver_due_at ? londonDateTime(flight.driver_due_at) : 'the booked pick-up time'}</strong>
          {flight.driver_due_at ? ` (${flight.wait_minutes} min after landing, ${flight.domestic ? 'domestic' : 'international'})` : ''}
        </Text>
        <Text size="xs" c="dimmed">
          {flight.last_checked_at
            ? `Looked up ${londonDateTime(flight.last_checked_at)}: ${RESULT_TEXT[flight.last_result ?? ''] ?? flight.last_result}. `
            : 'Not looked up. '}
          {flight.lookups_used} of {flight.lookup_budget} look-ups used.
        </Text>
      </Stack>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          actor.send({ type: 'arrival.save' });
        }}
      >
        <Group align="flex-end" gap="xs" mt="sm" wrap="wrap">
          <TextInput
            label="Expected arrival date"
            type="date"
            value={draft.date}
            onChange={(event) => actor.send({ type: 'arrival.edit', draft: { date: event.currentTarget.value } })}
            size="xs"
            w={150}
          />
          <TextInput
            label="Time (24-hour)"
            type="time"
            value={draft.time}
            onChange={(event) => actor.send({ type: 'arrival.edit', draft: { time: event.currentTarget.value } })}
            size="xs"
            w={110}
          />
          <Button type="submit" size="xs" loading={saving} data-testid="flight-arrival-save">
            Set expected arrival
          </Button>
          {flight.manual_arrival && (
            <Button size="xs" variant="subtle" disabled={saving} onClick={() => actor.send({ type: 'arrival.clear' })}>
              Clear typed arrival
            </Button>
          )}
        </Group>
      </form>
      {notice && (
        <Alert color="green" variant="light" role="status" mt="xs" data-testid="flight-arrival-notice">
          {notice}
        </Alert>
      )}
      {error && (
        <Alert color="red" variant="light" role="alert" mt="xs">
          {error}
        </Alert>
      )}
    </Paper>
  );
}
