import { Paper, Table, Text, Title } from '@mantine/core';
import type { ConsoleBookingDetail } from '../../../../contract/consoleBookings.ts';
import classes from './Booking.module.css';
import { extrasPaymentText, extrasRows } from './extrasText.ts';

/**
 * Issue 32: what the driver recorded at completion (waiting time, parking, tolls as the server priced them), the fare
 * before and after, and how the extras were paid (in the car, charged to the card, owing after 3-D Secure, refused).
 */
export function JobExtras({ booking }: { booking: ConsoleBookingDetail }) {
  const completion = booking.completion;
  if (!completion || (completion.extras.length === 0 && !completion.paid_in_car)) return null;
  const payment = extrasPaymentText(completion);
  return (
    <Paper withBorder p="sm" radius="md" className={classes.step} component="section" aria-labelledby="extras-title" data-testid="job-extras">
      <Title order={2} className={classes.stepTitle} id="extras-title">
        Completion and extras
      </Title>
      {completion.extras.length > 0 ? (
        <Table withRowBorders={false} verticalSpacing={2} horizontalSpacing={0} data-testid="job-extras-lines">
          <Table.Tbody>
            {extrasRows(completion).map((row) => (
              <Table.Tr key={row.label}>
                <Table.Td>{row.strong ? <strong>{row.label}</strong> : row.label}</Table.Td>
                <Table.Td ta="right">{row.strong ? <strong>{row.amount}</strong> : row.amount}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : (
        <Text size="sm">No extras added by the driver.</Text>
      )}
      <Text size="sm" fw={600} mt="xs" c={payment.tone === 'todo' ? 'red.9' : undefined} data-testid="job-extras-payment">
        {payment.text}
      </Text>
    </Paper>
  );
}
