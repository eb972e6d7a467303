import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/VisuallyHidden.css';
import { Alert, Button, Card, Center, Group, Loader, Paper, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import type { CorporateBookingItem } from '../../../contract/apiResponses.ts';
import { selectBookings, selectBookingsError, selectBookingsFailed, selectBookingsLoading, selectToken } from '../../../machines/corporate/index.ts';
import { useSetting } from '../../app/useSettings.ts';
import { BookingDetailsModal } from './BookingDetailsModal.tsx';
import { BookingStatusBadge } from './BookingStatusBadge.tsx';
import { CorporateLayout } from './CorporateLayout.tsx';
import { StatementDownload } from './StatementDownload.tsx';
import { CompanyInvoices } from './CompanyInvoices.tsx';
import { sendCorporate, useCorporate } from '../../app/corporate/corporateSession.ts';
import { formatAmount, formatDate, formatTime } from './format.ts';
import { paymentMethodLabel } from '../confirmation/format.ts';

interface RowProps {
  booking: CorporateBookingItem;
  currency: string | null;
  onOpen: (booking: CorporateBookingItem) => void;
}

function BookingRow({ booking, currency, onOpen }: RowProps) {
  return (
    <Table.Tr data-testid="booking-row">
      <Table.Td fw={600} style={{ whiteSpace: 'nowrap' }}>
        {booking.booking_number}
      </Table.Td>
      <Table.Td>
        <BookingStatusBadge booking={booking} />
      </Table.Td>
      <Table.Td>{booking.pick_up_address}</Table.Td>
      <Table.Td>{booking.drop_off_address || '—'}</Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(booking.pick_up_date)}</Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatTime(booking.pick_up_time)}</Table.Td>
      <Table.Td>{booking.fleet_category?.category_name}</Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{paymentMethodLabel(booking.payment_method, booking.total_booking_amount)}</Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }} ta="right">
        {formatAmount(booking.total_booking_amount, currency)}
      </Table.Td>
      <Table.Td>
        <Button size="compact-sm" variant="light" onClick={() => onOpen(booking)} aria-label={`Details of booking ${booking.booking_number}`}>
          Details
        </Button>
      </Table.Td>
    </Table.Tr>
  );
}

function BookingCard({ booking, currency, onOpen }: RowProps) {
  return (
    <Card withBorder radius="md" padding="md" data-testid="booking-row">
      <Group justify="space-between" align="baseline" gap="xs">
        <Group gap="xs">
          <Text fw={700}>{booking.booking_number}</Text>
          <BookingStatusBadge booking={booking} />
        </Group>
        <Text fw={700}>{formatAmount(booking.total_booking_amount, currency)}</Text>
      </Group>
      <Text size="sm" mt={6}>
        {booking.pick_up_address}
      </Text>
      {booking.drop_off_address && (
        <Text size="sm" c="dimmed">
          to {booking.drop_off_address}
        </Text>
      )}
      <Text size="sm" mt={6}>
        {formatDate(booking.pick_up_date)} at {formatTime(booking.pick_up_time)} · {booking.fleet_category?.category_name} · {paymentMethodLabel(booking.payment_method, booking.total_booking_amount)}
      </Text>
      <Button mt="sm" size="compact-sm" variant="light" onClick={() => onOpen(booking)} aria-label={`Details of booking ${booking.booking_number}`}>
        Details
      </Button>
    </Card>
  );
}

function BookingsList() {
  const bookings = useCorporate(selectBookings);
  const loading = useCorporate(selectBookingsLoading);
  const failed = useCorporate(selectBookingsFailed);
  const error = useCorporate(selectBookingsError);
  const currency = useSetting('CURRENCY');
  const narrow = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });
  const [open, setOpen] = useState<CorporateBookingItem | null>(null);
  const token = useCorporate(selectToken);

  useEffect(() => {
    sendCorporate({ type: 'bookings.load' });
  }, []);

  if (failed)
    return (
      <Alert color="red" variant="light" title="Your bookings could not be loaded" role="alert">
        <Stack gap="xs" align="flex-start">
          {error && <Text size="sm">{error}</Text>}
          <Button size="xs" variant="white" color="red" onClick={() => sendCorporate({ type: 'bookings.load' })}>
            Try again
          </Button>
        </Stack>
      </Alert>
    );
  if (loading)
    return (
      <Center mih={200}>
        <Loader aria-label="Loading your bookings" />
      </Center>
    );
  if (bookings.length === 0)
    return (
      <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }} ta="center" data-testid="bookings-empty">
        <Title order={2} size="h4">
          No bookings yet
        </Title>
        <Text c="dimmed" size="sm" mt={6} mb="md">
          Trips you book on your corporate account will be listed here.
        </Text>
        <Button component={Link} href="/book-now">
          Book Now
        </Button>
      </Paper>
    );

  return (
    <>
      {token && <StatementDownload bearer={token} />}
      {token && <CompanyInvoices bearer={token} />}
      {narrow ? (
        <Stack gap="sm">
          {bookings.map((booking) => (
            <BookingCard key={booking.booking_number} booking={booking} currency={currency} onOpen={setOpen} />
          ))}
        </Stack>
      ) : (
        <Paper withBorder radius="lg" p={0} style={{ overflow: 'hidden' }}>
          <Table.ScrollContainer minWidth={960}>
            <Table striped highlightOnHover verticalSpacing="sm" horizontalSpacing="md" fz="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Booking number</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>Pickup</Table.Th>
                  <Table.Th>Drop-off</Table.Th>
                  <Table.Th>Date</Table.Th>
                  <Table.Th>Time</Table.Th>
                  <Table.Th>Vehicle</Table.Th>
                  <Table.Th>Payment</Table.Th>
                  <Table.Th ta="right">Amount</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>Details</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {bookings.map((booking) => (
                  <BookingRow key={booking.booking_number} booking={booking} currency={currency} onOpen={setOpen} />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
      )}
      <BookingDetailsModal booking={open} currency={currency} bearer={token} onClose={() => setOpen(null)} />
    </>
  );
}

/** /bookings: the corporate passenger's bookings with a details modal (spec §2 Corporate area); needs sign-in. */
export function BookingsView() {
  return (
    <CorporateLayout>
      <Title order={1} size="h2" mb="lg">
        Bookings
      </Title>
      <BookingsList />
    </CorporateLayout>
  );
}
