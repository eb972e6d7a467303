import { Title } from '@mantine/core';
import { usePageTitle } from '../pageTitle.ts';

/** Placeholder until this page is built (issue 19). */
export function PricesPage() {
  usePageTitle('Prices');
  return (
    <Title order={1} size="h3">
      Prices
    </Title>
  );
}
