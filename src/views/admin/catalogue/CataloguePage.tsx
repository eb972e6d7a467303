import { Title } from '@mantine/core';
import { usePageTitle } from '../pageTitle.ts';

/** Placeholder until this page is built (issue 19). */
export function CataloguePage() {
  usePageTitle('Vehicles & companies');
  return (
    <Title order={1} size="h3">
      Vehicles & companies
    </Title>
  );
}
