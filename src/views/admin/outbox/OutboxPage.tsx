import { Title } from '@mantine/core';

/** The mail outbox: what was sent, to whom, when, and its delivery state. */
export function OutboxPage() {
  return <Title order={1}>Mail outbox</Title>;
}
