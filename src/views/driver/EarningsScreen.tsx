/** The driver's own earnings (issue 35): their weeks, newest first, each with the balance and its statement as PDF. */
import { Alert, Anchor, Button, Center, Loader, Stack, Text, Title } from '@mantine/core';
import type { DriverWeek } from '../../../contract/settlement.ts';
import { balanceText, driverStatementPath, isQuietWeek, weekTitle } from '../../../contract/settlementRules.ts';
import { selectBusy, selectEarnings, selectEarningsLoading } from '../../../machines/driver/index.ts';
import { Driver } from '../../app/driver/driverLogic.ts';
import classes from './Driver.module.css';
import { poundsText } from '../../../contract/money.ts';

/** The week's figures with the labels of the weekly statement PDF. */
const figures = (week: DriverWeek): [string, string][] => [
  ['Jobs done', String(week.jobs)],
  ['Fares', poundsText(week.fares_pence)],
  ['Collected by you (cash or card in the car)', poundsText(week.driver_collected_pence)],
  ['Collected by the operator (card online, on account)', poundsText(week.operator_collected_pence)],
  ['Commission', poundsText(week.commission_pence)],
  ['Adjustments', poundsText(week.adjustments_pence)],
];

function Week({ week }: { week: DriverWeek }) {
  const id = `week-${week.week_start}`;
  if (isQuietWeek(week))
    return (
      <section aria-labelledby={id} className={classes.quietWeek} data-week={week.week_start}>
        <Title order={2} id={id} size="h5" c="#000" fw={600}>
          {weekTitle(week.week_start)}
        </Title>
        <Text c="#000" className={classes.quietWeekNote}>
          No jobs
        </Text>
      </section>
    );
  return (
    <section aria-labelledby={id} className={classes.card} data-week={week.week_start}>
      <Title order={2} id={id} size="h4" c="#000">
        {weekTitle(week.week_start)}
      </Title>
      <Text fw={700} size="lg" c="#000" data-testid="week-balance">
        {balanceText(week.balance_pence, 'driver')}
      </Text>
      <Text size="md" c="#000">
        {week.settled_at ? 'Settled' : 'Not settled yet'}
      </Text>
      <table className={classes.figures}>
        <tbody>
          {figures(week).map(([label, value]) => (
            <tr key={label}>
              <th scope="row">{label}</th>
              <td data-figure={label}>{value}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <Anchor href={driverStatementPath(week.week_start)} download className={classes.link} aria-label={`Statement for ${weekTitle(week.week_start)} (PDF)`}>
        Statement (PDF)
      </Anchor>
    </section>
  );
}

export function EarningsScreen() {
  const actor = Driver.useActorRef();
  const weeks = Driver.useSelector(selectEarnings);
  const loading = Driver.useSelector(selectEarningsLoading);
  const busy = Driver.useSelector(selectBusy);
  return (
    <>
      <Title order={1} className={classes.heading}>
        Earnings
      </Title>
      <Text c="#000">Your completed jobs by week: what you collected, what the office collected, its commission and the balance.</Text>
      <Button size="xl" variant="outline" color="dark" fullWidth className={classes.big} onClick={() => actor.send({ type: 'earnings.close' })} disabled={busy}>
        Back
      </Button>
      {loading && weeks === null ? (
        <Center py="xl" role="status" aria-label="Loading">
          <Loader size="md" />
        </Center>
      ) : weeks === null ? (
        <Alert color="red" variant="outline">
          <Button variant="outline" color="dark" onClick={() => actor.send({ type: 'earnings.retry' })}>
            Try again
          </Button>
        </Alert>
      ) : (
        <Stack gap="md">
          {weeks.map((week) => (
            <Week key={week.week_start} week={week} />
          ))}
        </Stack>
      )}
    </>
  );
}
