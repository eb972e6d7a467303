import '@mantine/core/styles/Badge.css';
import { Badge } from '@mantine/core';
import type { CorporateBookingItem } from '../../../contract/apiResponses.ts';

/** Dark enough on its light fill for a 4.5:1 contrast (Mantine's light variant, shade 9 text). */
const COLOURS: Record<CorporateBookingItem['status'], string> = {
  confirmed: 'blue',
  accepted: 'blue',
  driver_assigned: 'teal',
  completed: 'gray',
  cancelled: 'red',
  no_show: 'orange',
};

/** Where a corporate booking stands, in the passenger's words (so a cancelled trip never looks booked). */
export function BookingStatusBadge({ booking }: { booking: Pick<CorporateBookingItem, 'status' | 'status_label'> }) {
  return (
    <Badge variant="light" color={COLOURS[booking.status]} radius="sm" tt="none" data-testid="booking-status">
      {booking.status_label}
    </Badge>
  );
}
