import { Button, Container, Group, Paper, Text, Title } from '@mantine/core';
import { Link } from 'wouter';

/**
 * /book-now: the corporate sidebar's Book Now. Corporate trips are booked with the same booking form as everyone
 * else's, so this page sends the passenger there (and back to their bookings).
 */
export function BookNowView() {
  return (
    <Container size="sm" py={{ base: 'lg', sm: 56 }} px={{ base: 'sm', sm: 'md' }} data-screen="corporate-book-now">
      <Paper withBorder radius="lg" p={{ base: 'lg', sm: 40 }} shadow="xs">
        <Text size="xs" tt="uppercase" fw={700} c="brand.7" mb={6} style={{ letterSpacing: '0.06em' }}>
          Corporate Account
        </Text>
        <Title order={1} size="h2">
          Book Now
        </Title>
        <Text c="dimmed" mt="sm" maw={480}>
          Book a trip for yourself or a colleague with our booking form: choose the route and time, compare vehicles and prices, and confirm. Your booking then appears under Bookings.
        </Text>
        <Group mt="xl" gap="sm">
          <Button component={Link} href="/" size="md">
            Start a booking
          </Button>
          <Button component={Link} href="/bookings" size="md" variant="default">
            My bookings
          </Button>
        </Group>
      </Paper>
    </Container>
  );
}
