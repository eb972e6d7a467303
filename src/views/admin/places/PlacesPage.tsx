import { Title } from '@mantine/core';
import { usePageTitle } from '../pageTitle.ts';

/** Placeholder until this page is built (issue 19). */
export function PlacesPage() {
  usePageTitle('Places');
  return (
    <Title order={1} size="h3">
      Places
    </Title>
  );
}
