/**
 * /booktripview: step 1 'Book a Trip' of the stepper (spec §2): the stepper and the same booking forms as the home
 * page, for a visitor who steps back from the quotation to change the trip.
 */
import { Container, Paper, Text, Title } from '@mantine/core';
import { BookingStepper } from '../../components/booking/BookingStepper.tsx';
import { BookingFormsSlot } from '../home/BookingFormsSlot.tsx';
import { HomeFormProvider } from '../home/HomeFormContext.tsx';

export function BookTripView() {
  return (
    <Container size="lg" py={{ base: 'md', sm: 'xl' }} data-screen="book-trip">
      <BookingStepper />
      <Title order={1} size="h2">
        Book a Trip
      </Title>
      <Text c="dimmed" mt={4} mb="lg">
        Your pickup, drop-off, date and time, with any extra stops and a return journey.
      </Text>
      <Paper withBorder radius="lg" shadow="xs" p={{ base: 'md', sm: 'xl' }}>
        <HomeFormProvider>
          <BookingFormsSlot />
        </HomeFormProvider>
      </Paper>
    </Container>
  );
}
