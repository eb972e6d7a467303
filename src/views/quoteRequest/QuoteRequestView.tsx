import { Container, Paper, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { QuoteRequestForm } from './QuoteRequestForm.tsx';
import { QuoteRequest, readQuoteRequestInput } from '../../app/quoteRequest/quoteRequestLogic.ts';

/**
 * /quoteView: the 'QUOTE NOW' request form (spec §2 Quote request), also the Urgent Booking page and where the
 * pricing errors lead. Prefilled from the stored BookingForm when there is one.
 */
export function QuoteRequestView() {
  // Read once on arrival: the machine owns the form from then on.
  const [input] = useState(readQuoteRequestInput);
  return (
    <Container size="md" py={{ base: 'lg', sm: 48 }} px={{ base: 'sm', sm: 'md' }} data-screen="quote-request">
      <Paper withBorder radius="lg" p={{ base: 'md', xs: 'lg', sm: 40 }} shadow="xs">
        <Text size="xs" tt="uppercase" fw={700} c="brand.7" mb={6} style={{ letterSpacing: '0.06em' }}>
          Urgent booking
        </Text>
        <Title order={1}>QUOTE NOW</Title>
        <Text c="dimmed" mt="xs" mb="xl" maw={560}>
          Tell us where and when, how many passengers and how much luggage, and we will send you a price by e-mail.
        </Text>
        <QuoteRequest.Provider options={{ input }}>
          <QuoteRequestForm today={input.today} />
        </QuoteRequest.Provider>
      </Paper>
    </Container>
  );
}
