import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/VisuallyHidden.css';
import '@mantine/core/styles/Input.css';
import { Alert, Button, Card, Center, Group, Loader, Paper, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import type { CorporateBookingItem } from '../../../contract/apiResponses.ts';
import type { CompanyBookingItem, MyCompanyAccount } from '../../../contract/companyAccounts.ts';
import { selectBookings, selectBookingsError, selectBookingsFailed, selectBookingsFilter, selectBookingsLoading, selectToken } from '../../../machines/corporate/index.ts';
import { membersLogic } from '../../app/corporate/membersLogic.ts';
import { BookingFilters } from './BookingFilters.tsx';
import { useSetting } from '../../app/useSettings.ts';
import { BookingDetailsModal } from './BookingDetailsModal.tsx';
import { BookingStatusBadge } from './BookingStatusBadge.tsx';
import { CorporateLayout } from './CorporateLayout.tsx';
import { StatementDownload } from './StatementDownload.tsx';
import { CompanyInvoices } from './CompanyInvoices.tsx';
import { sendCorporate, useCorporate } from '../../app/corporate/corporateSession.ts';
import { formatAmount, formatDate, formatTime } from './format.ts';
import { paymentMethodLabel } from '../confirmation/format.ts';

/** A row of GET /corporate/bookings: the spec's list item with the booker, PO number, cost centre and refunds. */
type ListedBooking = CorporateBookingItem & Partial<Pick<CompanyBookingItem, 'booker' | 'po_number' | 'cost_centre' | 'refunded_amount'>>;

/** How it is paid ('On account' for a company account's booking). */
const paymentText = (booking: ListedBooking) => (booking.payment_method === 'account' ? 'On account' : paymentMethodLabel(booking.payment_method, booking.total_booking_amount));

/** Who travels, and who booked when it was someone else. */
function travellerText(booking: ListedBooking): string {
  const passenger = booking.passenger_detail?.passenger_name ?? '';
  const booker = booking.booker?.name ?? '';
  return booker && booker !== passenger ? `${passenger} (booked by ${booker})` : passenger;
}

interface RowProps {
  booking: ListedBooking;
  /** The list has company account bookings: the passenger (and booker) and PO / cost centre columns show. */
  company?: boolean;
  currency: string | null;
  onOpen: (booking: CorporateBookingItem) => void;
}

function BookingRow({ booking, currency, onOpen, company = false }: RowProps) {
  return (
    <Table.Tr data-testid="booking-row">
      <Table.Td fw={600} style={{ whiteSpace: 'nowrap' }}>
        {booking.booking_number}
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        <BookingStatusBadge booking={booking} />
      </Table.Td>
      {company && <Table.Td>{travellerText(booking)}</Table.Td>}
      <Table.Td>{booking.pick_up_address}</Table.Td>
      <Table.Td>{booking.drop_off_address || '—'}</Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(booking.pick_up_date)}</Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatTime(booking.pick_up_time)}</Table.Td>
      <Table.Td>{booking.fleet_category?.category_name}</Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{paymentText(booking)}</Table.Td>
      {company && <Table.Td>{[booking.po_number, booking.cost_centre].filter(Boolean).join(' · ') || '—'}</Table.Td>}
      <Table.Td style={{ whiteSpace: 'nowrap' }} ta="right">
        {formatAmount(booking.total_booking_amount, currency)}
        {booking.refunded_amount ? (
          <Text size="xs" c="teal.9" data-testid="booking-refund">
            {formatAmount(booking.refunded_amount, currency)} refunded
          </Text>
        ) : null}
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
        {travellerText(booking)}
        {booking.cost_centre ? ` · ${booking.cost_centre}` : ''}
        {booking.po_number ? ` · PO ${booking.po_number}` : ''}
      </Text>
      {booking.refunded_amount ? (
        <Text size="sm" c="teal.9" data-testid="booking-refund">
          {formatAmount(booking.refunded_amount, currency)} refunded
        </Text>
      ) : null}
      <Text size="sm" mt={6}>
        {booking.pick_up_address}
      </Text>
      {booking.drop_off_address && (
        <Text size="sm" c="dimmed">
          to {booking.drop_off_address}
        </Text>
      )}
      <Text size="sm" mt={6}>
        {formatDate(booking.pick_up_date)} at {formatTime(booking.pick_up_time)} · {booking.fleet_category?.category_name} · {paymentText(booking)}
      </Text>
      <Button mt="sm" size="compact-sm" variant="light" onClick={() => onOpen(booking)} aria-label={`Details of booking ${booking.booking_number}`}>
        Details
      </Button>
    </Card>
  );
}

/** `admin`: the member is their company account's admin, so the account's invoices show above the list. */
function BookingsList({ filtered, admin }: { filtered: boolean; admin: boolean }) {
  const bookings = useCorporate(selectBookings) as ListedBooking[];
  const loading = useCorporate(selectBookingsLoading);
  const failed = useCorporate(selectBookingsFailed);
  const error = useCorporate(selectBookingsError);
  const currency = useSetting('CURRENCY');
  const narrow = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });
  const [open, setOpen] = useState<CorporateBookingItem | null>(null);
  const token = useCorporate(selectToken);
  const company = bookings.some((booking) => booking.payment_method === 'account' || Boolean(booking.po_number || booking.cost_centre));

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
        <Loader role="progressbar" aria-label="Loading your bookings" />
      </Center>
    );
  if (bookings.length === 0 && filtered)
    return (
      <Paper withBorder radius="lg" p="lg" ta="center" data-testid="bookings-empty">
        <Text>No bookings match these filters.</Text>
      </Paper>
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
      {token && admin && <CompanyInvoices bearer={token} />}
      {narrow ? (
        <Stack gap="sm">
          {bookings.map((booking) => (
            <BookingCard key={booking.booking_number} booking={booking} currency={currency} onOpen={setOpen} />
          ))}
        </Stack>
      ) : (
        <Paper withBorder radius="lg" p={0} style={{ overflow: 'hidden' }}>
          <Table.ScrollContainer minWidth={company ? 1180 : 960}>
            <Table striped highlightOnHover verticalSpacing="sm" horizontalSpacing="md" fz="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Booking number</Table.Th>
                  <Table.Th>Status</Table.Th>
                  {company && <Table.Th>Passenger</Table.Th>}
                  <Table.Th>Pickup</Table.Th>
                  <Table.Th>Drop-off</Table.Th>
                  <Table.Th>Date</Table.Th>
                  <Table.Th>Time</Table.Th>
                  <Table.Th>Vehicle</Table.Th>
                  <Table.Th>Payment</Table.Th>
                  {company && <Table.Th>PO · Cost centre</Table.Th>}
                  <Table.Th ta="right">Amount</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>Details</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {bookings.map((booking) => (
                  <BookingRow key={booking.booking_number} booking={booking} currency={currency} onOpen={setOpen} company={company} />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
      )}
      <BookingDetailsModal
        booking={open}
        currency={currency}
        bearer={token}
        onClose={() => {
          setOpen(null);
          // The booking may have been cancelled in the modal: the list shows where each booking stands now.
          sendCorporate({ type: 'bookings.load' });
        }}
      />
    </>
  );
}

/** The filters, and the account admin's way to the members (the account is read once for the booker list). */
function CompanyBookings({ bearer }: { bearer: string }) {
  const actor = useActorRef(membersLogic, { input: { bearer } });
  const account = useSelector(actor, (s) => s.context.account) as MyCompanyAccount | null;
  const filter = useCorporate(selectBookingsFilter);
  useEffect(() => {
    sendCorporate({ type: 'bookings.load' });
  }, []);
  const filtered = Object.values(filter).some((value) => value !== undefined && value !== '');
  return (
    <>
      {account?.role === 'admin' && (
        <Group justify="space-between" mb="md" gap="xs">
          <Text c="dimmed" size="sm">
            Every booking of {account.name}
          </Text>
          <Button component={Link} href="/members" variant="light" size="xs">
            Members
          </Button>
        </Group>
      )}
      <BookingFilters filter={filter} members={account?.role === 'admin' ? account.members : []} onApply={(next) => sendCorporate({ type: 'bookings.load', filter: next })} />
      <BookingsList filtered={filtered} admin={account?.role === 'admin'} />
    </>
  );
}

/** /bookings: the corporate passenger's bookings with a details modal (spec §2 Corporate area); needs sign-in. */
export function BookingsView() {
  const token = useCorporate(selectToken);
  return (
    <CorporateLayout>
      <Title order={1} size="h2" mb="lg">
        Bookings
      </Title>
      {token && <CompanyBookings key={token} bearer={token} />}
    </CorporateLayout>
  );
}
