import { Title } from '@mantine/core';
import type { ConsolePage } from '../../../../machines/console/index.ts';

export function FleetPage(_props: { page: ConsolePage }) {
  return <Title order={1}>FleetPage</Title>;
}
