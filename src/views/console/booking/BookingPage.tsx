import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Table.css';
import { Alert, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useActorRef, useSelector } from '@xstate/react';
import { Link } from 'wouter';
import { selectBooking, selectError, selectNotice, selectStage } from '../../../../machines/consoleBooking/index.ts';
import type { ConsolePage } from '../../../../machines/console/index.ts';
import { londonDateTime, STATUS_COLOURS, statusLabel } from '../format.ts';
import { usePageTitle } from '../pageTitle.ts';
import { BookingFacts } from './BookingFacts.tsx';
import { consoleBookingLogic } from '../../../app/console/consoleBookingLogic.ts';
import { DispatchPanel } from './DispatchPanel.tsx';
import { BookingOffers, JobProgress } from './OffersPanel.tsx';
import { FlightPanel } from './FlightPanel.tsx';
import { JobExtras } from './JobExtras.tsx';
import { ToneBadge } from '../StatusBadge.tsx';
import classes from './Booking.module.css';

export type BookingActor = ReturnType<typeof useActorRef<typeof consoleBookingLogic>>;

const BackLink = () => (
  <Link href="/admin/bookings" className={classes.back}>
    ← Bookings
  </Link>
);

/** /admin/bookings/:number: everything about one booking, and what the dispatcher may do with it now. */
export function BookingPage({ page }: { page: ConsolePage }) {
  const number = page.name === 'booking' ? page.number : '';
  const actor = useActorRef(consoleBookingLogic, { input: { number } });
  const stage = useSelector(actor, selectStage);
  const booking = useSelector(actor, selectBooking);
  const notice = useSelector(actor, selectNotice);
  const error = useSelector(actor, selectError);
  usePageTitle(`Booking ${number}`);

  if (stage === 'loading' && !booking)
    return (
      <Group gap="xs" py="xl" justify="center" role="status">
        <Loader size="sm" />
        <Text size="sm">Loading booking {number}…</Text>
      </Group>
    );
  if (stage === 'notFound')
    return (
      <div>
        <BackLink />
        <Title order={1} className={classes.heading} mt="sm">
          No booking {number}
        </Title>
        <Text size="sm" mt="xs">
          There is no booking with this number on this site.
        </Text>
      </div>
    );
  if (stage === 'failed' || !booking)
    return (
      <div>
        <BackLink />
        <Alert color="red" variant="light" role="alert" mt="sm" title="Booking not loaded">
          <Text size="sm" mb="xs">
            {error}
          </Text>
          <Button size="xs" variant="light" color="red" onClick={() => actor.send({ type: 'retry' })}>
            Try again
          </Button>
        </Alert>
      </div>
    );

  return (
    <div className={classes.page}>
      <BackLink />
      <Group justify="space-between" align="center" mt={6} mb="sm" gap="xs">
        <Group gap="sm" align="center">
          <Title order={1} className={classes.heading}>
            {booking.booking_number}
          </Title>
          <ToneBadge color={STATUS_COLOURS[booking.status]} size="lg" data-testid="booking-status">
            {statusLabel(booking.status)}
          </ToneBadge>
        </Group>
        <Text size="xs" c="dimmed">
          Booked {londonDateTime(booking.created_at)}
        </Text>
      </Group>
      {notice && (
        <Alert color={notice.tone === 'success' ? 'green' : 'yellow'} variant="light" role="status" mb="sm" data-testid="dispatch-notice">
          {notice.text}
        </Alert>
      )}
      <div className={classes.layout}>
        <div className={classes.side}>
          <Stack gap="sm">
            <DispatchPanel actor={actor} />
            <FlightPanel booking={booking} />
            <JobProgress booking={booking} />
            <JobExtras booking={booking} />
            <BookingOffers booking={booking} />
          </Stack>
        </div>
        <div className={classes.facts}>
          <BookingFacts booking={booking} />
        </div>
      </div>
      {stage === 'loading' && <Paper className={classes.reloading} role="status">Reloading…</Paper>}
    </div>
  );
}
