/**
 * The previous/next widget (spec §2 Shell): Previous goes to a given path (default /); Next, labelled 'Next step'
 * by default, is hidden when its target is /, /checkout or /personalDetailView. Booking paths go through the
 * booking machine (`route.enter`, so its guards decide); any other path is a plain navigation.
 */
import { Button, Group } from '@mantine/core';
import { useLocation } from 'wouter';
import { isBookingPath } from '../../../machines/booking/booking.routes.ts';
import { Booking } from '../../app/booking/BookingContext.ts';
import { IconArrowLeft } from '../icons.tsx';

/** Spec §2: the targets for which Next is not shown. */
export const NEXT_HIDDEN_FOR = ['/', '/checkout', '/personalDetailView'] as const;

export const nextShown = (next: string | undefined): next is string => next !== undefined && !(NEXT_HIDDEN_FOR as readonly string[]).includes(next);

export interface PrevNextProps {
  previous?: string;
  previousLabel?: string;
  next?: string;
  nextLabel?: string;
  disabled?: boolean;
}

export function PrevNext({ previous = '/', previousLabel = 'Previous', next, nextLabel = 'Next step', disabled = false }: PrevNextProps) {
  const booking = Booking.useActorRef();
  const [, navigate] = useLocation();
  const go = (path: string) => (isBookingPath(path) ? booking.send({ type: 'route.enter', path }) : navigate(path));
  return (
    <Group justify="space-between" mt="xl" data-testid="prev-next">
      <Button variant="default" size="md" leftSection={<IconArrowLeft size={18} />} onClick={() => go(previous)} disabled={disabled}>
        {previousLabel}
      </Button>
      {nextShown(next) && (
        <Button size="md" onClick={() => go(next)} disabled={disabled}>
          {nextLabel}
        </Button>
      )}
    </Group>
  );
}
