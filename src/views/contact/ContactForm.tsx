import { Paper, Text, Title } from '@mantine/core';

/**
 * Slot of the Contact Us form (first name, last name, email, telephone, query reason, booking number,
 * comments: spec §2 Contact Us), shown on /contactus and on /ourfleet. The contact flow replaces this body.
 */
export function ContactForm() {
  return (
    <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }} data-placeholder="contact-form">
      <Title order={2} size="h3">
        Send us a message
      </Title>
      <Text c="dimmed" size="sm" mt={6}>
        Questions about a booking, an invoice or something left in a car: the contact form opens here shortly. Until then, call or e-mail us.
      </Text>
    </Paper>
  );
}
