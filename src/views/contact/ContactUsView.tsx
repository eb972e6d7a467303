import { Container, Text, Title } from '@mantine/core';
import { ContactForm } from './ContactForm.tsx';

/** /contactus: the Contact Us form. */
export function ContactUsView() {
  return (
    <Container size="md" py={{ base: 'lg', sm: 48 }} px={{ base: 'sm', sm: 'md' }} data-screen="contact-us">
      <Title order={1}>Contact Us</Title>
      <Text c="dimmed" mt="xs" mb="xl" maw={560}>
        Bookings, invoices, complaints or lost items: tell us what it is about and we will get back to you.
      </Text>
      <ContactForm />
    </Container>
  );
}
