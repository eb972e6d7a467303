import '@mantine/core/styles/Paper.css';
import { Button, Container, Paper, Stack, Text, Title } from '@mantine/core';
import { selectBusy } from '../../../machines/booking/index.ts';
import { Booking } from '../../app/booking/BookingContext.ts';
import { BookingStepper } from '../../components/booking/BookingStepper.tsx';
import { BookingSummary } from '../../components/booking/BookingSummary.tsx';
import { IconArrowLeft } from '../../components/icons.tsx';
import { IconArrowRight } from '../../components/icons.tsx';
import { PassengerDetails } from './PassengerDetails.tsx';
import { PromoCodeField } from './PromoCodeField.tsx';
import { RegistrationForm } from './RegistrationForm.tsx';
import { RememberDetails } from './RememberDetails.tsx';
import { TravelReferences } from './TravelReferences.tsx';
import { SignedInDetails, useSignedIn } from './SignedInDetails.tsx';
import { VehicleSummary } from './VehicleSummary.tsx';
import classes from './PersonalDetails.module.css';

/**
 * /personalDetailView (spec §2 Personal details, §5 Details step): the chosen vehicle, Registration Details in the
 * three passenger modes, the travel references, someone else travelling and notes; Back and Next. Next's checks and
 * their messages are the machine's (shown by the booking alerts); an existing client's check shows on Next.
 */
export function PersonalDetailsView() {
  const signedIn = useSignedIn();
  const actor = Booking.useActorRef();
  const recalculating = Booking.useSelector((s) => s.matches({ personalDetails: 'recalculating' }));
  const checkingEmail = Booking.useSelector((s) => s.matches({ personalDetails: 'checkingEmail' }));
  const busy = Booking.useSelector(selectBusy);

  return (
    <Container size="lg" py={{ base: 'md', sm: 'xl' }} data-screen="personal-details">
      <BookingStepper />
      <form
        noValidate
        className={classes.layout}
        onSubmit={(event) => {
          event.preventDefault();
          actor.send({ type: 'details.next' });
        }}
      >
        <div className={classes.head}>
          <Title order={1} size="h2">
            Registration Details
          </Title>
          <Text c="dimmed" mt={4}>
            Tell us who is travelling and how to reach you. Fields marked * are required.
          </Text>
        </div>

        <div className={classes.vehicle}>
          <VehicleSummary pricing={recalculating} />
        </div>

        <div className={classes.form}>
          <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="registration-title">
            <Title order={2} size="h3" id="registration-title" mb="md">
              Your details
            </Title>
            <Stack gap="lg">
              {signedIn ? <SignedInDetails /> : <RegistrationForm />}
              <TravelReferences />
              {signedIn ? null : <RememberDetails />}
            </Stack>
          </Paper>
          <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="passenger-title">
            <Title order={2} size="h3" id="passenger-title" mb="md">
              Passenger and notes
            </Title>
            <PassengerDetails />
          </Paper>
        </div>

        <aside className={classes.aside} aria-label="Your trip">
          {/* The options editor takes the map's place on this step (spec §2 Booking summary panel); the promo code sits beside it. */}
          <BookingSummary step="details" />
          <PromoCodeField />
        </aside>

        <div className={classes.actions}>
          <Button variant="default" size="md" leftSection={<IconArrowLeft size={18} />} onClick={() => actor.send({ type: 'nav.back' })} disabled={busy}>
            Back
          </Button>
          <Button type="submit" size="md" rightSection={<IconArrowRight size={18} />} loading={checkingEmail} disabled={busy && !checkingEmail}>
            Next
          </Button>
        </div>
      </form>
    </Container>
  );
}
