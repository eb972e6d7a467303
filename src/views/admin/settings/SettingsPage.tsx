import { Title } from '@mantine/core';
import { usePageTitle } from '../pageTitle.ts';

/** Placeholder until this page is built (issue 19). */
export function SettingsPage() {
  usePageTitle('Settings');
  return (
    <Title order={1} size="h3">
      Settings
    </Title>
  );
}
