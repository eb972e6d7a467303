import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Divider.css';
import { Divider, Modal, Stack, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import type { CorporateBookingItem } from '../../../contract/apiResponses.ts';
import { BookingActions } from './BookingActions.tsx';
import { formatAmount, formatDate, formatFlag, formatRideType, formatTime } from './format.ts';
import { paymentMethodLabel } from '../confirmation/format.ts';

type Row = [label: string, value: ReactNode];

const shown = (value: ReactNode) => (value === null || value === undefined || value === '' ? '—' : value);

function Section({ title, rows }: { title: string; rows: Row[] }) {
  return (
    <section aria-label={title}>
      <Title order={3} size="h5" mb={6}>
        {title}
      </Title>
      <Table variant="vertical" layout="fixed" withTableBorder fz="sm" verticalSpacing={6}>
        <Table.Tbody>
          {rows.map(([label, value]) => (
            <Table.Tr key={label}>
              <Table.Th w={{ base: 130, sm: 190 }}>{label}</Table.Th>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{shown(value)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </section>
  );
}

/**
 * Every field of the spec's corporate booking list item (spec §3): trip, stops, passenger and booking details, with
 * the booking's status and actions (cancel, receipt) first.
 */
export function BookingDetailsModal({ booking, currency, bearer, onClose }: { booking: CorporateBookingItem | null; currency: string | null; bearer: string | null; onClose: () => void }) {
  const passenger = booking?.passenger_detail;
  const details = booking?.booking_details;
  const stops = booking?.booking_stops ?? [];
  return (
    <Modal opened={booking !== null} onClose={onClose} title={booking ? `Booking ${booking.booking_number}` : ''} size="lg" fullScreen={false} centered closeButtonProps={{ 'aria-label': 'Close' }}>
      {booking && (
        <Stack gap="lg" data-testid="booking-details">
          {bearer && <BookingActions key={booking.booking_number} bookingNumber={booking.booking_number} bearer={bearer} currency={currency} />}
          <Section
            title="Trip"
            rows={[
              ['Booking number', booking.booking_number],
              ['Status', booking.status_label],
              ['Ride type', formatRideType(booking.ride_type)],
              ['Pickup', booking.pick_up_address],
              ['Drop-off', booking.drop_off_address],
              ['Pickup date', formatDate(booking.pick_up_date)],
              ['Pickup time', formatTime(booking.pick_up_time)],
              ['Return date', formatDate(booking.return_date)],
              ...(booking.return_time ? ([['Return time', formatTime(booking.return_time)]] as Row[]) : []),
              ['Flight number', booking.flight_no],
              ['Return flight number', booking.return_flight_no],
              ['Vehicle category', booking.fleet_category?.category_name],
              ['Payment method', paymentMethodLabel(booking.payment_method, booking.total_booking_amount)],
              ['Amount', formatAmount(booking.total_booking_amount, currency)],
            ]}
          />
          <section aria-label="Stops">
            <Title order={3} size="h5" mb={6}>
              Stops
            </Title>
            {stops.length === 0 ? (
              <Text size="sm" c="dimmed">
                No extra stops.
              </Text>
            ) : (
              <Table withTableBorder fz="sm" verticalSpacing={6}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Address</Table.Th>
                    <Table.Th>Post code</Table.Th>
                    <Table.Th>Street number</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {stops.map((stop, index) => (
                    <Table.Tr key={index}>
                      <Table.Td>{shown(stop.stop_address)}</Table.Td>
                      <Table.Td>{shown(stop.stop_post_code)}</Table.Td>
                      <Table.Td>{shown(stop.stop_street_number)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            )}
          </section>
          <Divider />
          <Section
            title="Passenger"
            rows={[
              ['Name', passenger?.passenger_name],
              ['Email', passenger?.passenger_email],
              ['Contact number', passenger?.passenger_contact_no],
              ['Passengers', passenger?.total_passengers],
              ['Additional information', passenger?.additional_info],
            ]}
          />
          <Section
            title="Booking details"
            rows={[
              ['Luggages', details?.luggages],
              ['Vehicles', details?.vehicle_qty],
              ['Meet and greet', formatFlag(details?.meet_and_greet)],
              ['Baby seats', details?.baby_seat],
              ['Booster seats', details?.booster_seat],
              ['Wheelchair', formatFlag(details?.wheel_chair)],
              ['Special luggage', details?.special_luggages],
              ['Waiting minutes', details?.waiting_minutes],
            ]}
          />
        </Stack>
      )}
    </Modal>
  );
}
