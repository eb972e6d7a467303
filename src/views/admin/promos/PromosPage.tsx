import { Text, Title } from '@mantine/core';

/** Placeholder until the promo codes page is built (issue 19). */
export function PromosPage() {
  return (
    <>
      <Title order={1}>Promo codes</Title>
      <Text c="dimmed">Promo codes are not available yet.</Text>
    </>
  );
}
