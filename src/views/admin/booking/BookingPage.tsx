import { Title } from '@mantine/core';
import type { ConsolePage } from '../../../../machines/console/index.ts';

export function BookingPage(_props: { page: ConsolePage }) {
  return <Title order={1}>BookingPage</Title>;
}
