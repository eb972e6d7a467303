import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Badge.css';
import { Anchor, Button, Group, NativeSelect, Paper, Table, Text, TextInput, Title } from '@mantine/core';
import { useActorRef, useSelector } from '@xstate/react';
import { useState, type FormEvent } from 'react';
import type { DriverWeek, WeekDetail } from '../../../../contract/settlement.ts';
import { balanceText, consoleStatementPath, weekTitle } from '../../../../contract/settlementRules.ts';
import type { ConsolePage } from '../../../../machines/console/index.ts';
import { selectSettlementBusy, selectSettlementStage } from '../../../../machines/consoleSettlement/index.ts';
import { settlementLogic } from '../../../app/console/settlementLogic.ts';
import { usePageTitle } from '../pageTitle.ts';
import { RegisterStatus } from '../RegisterParts.tsx';
import { ToneBadge } from '../StatusBadge.tsx';
import classes from '../Register.module.css';
import { poundsText } from '../../../../contract/money.ts';

const PAYMENT = { car: 'In the car', card: 'Card online', account: 'On account' } as const;
const londonDateTime = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', weekday: 'short', day: 'numeric', month: 'short', hour: 'numeric', minute: '2-digit' }).format(new Date(iso));

/** The figures of a week, the same labels as the driver's Earnings screen and the PDF. */
export function WeekFigures({ week }: { week: Pick<DriverWeek, 'fares_pence' | 'driver_collected_pence' | 'operator_collected_pence' | 'commission_pence' | 'adjustments_pence' | 'balance_pence'> & { jobs: number } }) {
  const rows: [string, string][] = [
    ['Jobs done', String(week.jobs)],
    ['Fares', poundsText(week.fares_pence)],
    ['Collected by the driver (cash or card in the car)', poundsText(week.driver_collected_pence)],
    ['Collected by you (card online, on account)', poundsText(week.operator_collected_pence)],
    ['Commission', poundsText(week.commission_pence)],
    ['Adjustments', poundsText(week.adjustments_pence)],
    ['Balance', balanceText(week.balance_pence, 'operator')],
  ];
  return (
    <Table fz="sm" verticalSpacing={4} className={classes.table} maw={560} data-figures>
      <Table.Tbody>
        {rows.map(([label, value]) => (
          <Table.Tr key={label}>
            <Table.Th scope="row">{label}</Table.Th>
            <Table.Td ta="right" data-figure={label}>
              {value}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function AdjustmentForm({ busy, onAdd }: { busy: boolean; onAdd: (amountPence: number, reason: string) => void }) {
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [direction, setDirection] = useState<'to' | 'from'>('to');
  const [problem, setProblem] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const match = /^\s*£?(\d{1,6})(?:\.(\d{1,2}))?\s*$/.exec(amount);
    const pence = match ? Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0')) : 0;
    if (pence === 0) return setProblem('Give an amount in pounds and pence, for example 12.50');
    if (reason.trim() === '') return setProblem('Say why');
    setProblem(null);
    onAdd(direction === 'to' ? pence : -pence, reason.trim());
    setAmount('');
    setReason('');
  };
  return (
    <form onSubmit={submit} aria-labelledby="adjustment-title" className={classes.form}>
      <Title order={3} id="adjustment-title" size="h5" mb={4}>
        Add an adjustment
      </Title>
      <Group align="flex-end" gap="xs" wrap="wrap">
        <NativeSelect
          label="Direction"
          value={direction}
          onChange={(event) => setDirection(event.currentTarget.value as 'to' | 'from')}
          data={[
            { value: 'to', label: 'Owed to the driver' },
            { value: 'from', label: 'Owed by the driver' },
          ]}
        />
        <TextInput label="Amount (£)" value={amount} onChange={(event) => setAmount(event.currentTarget.value)} inputMode="decimal" w={120} />
        <TextInput label="Reason" value={reason} onChange={(event) => setReason(event.currentTarget.value)} maxLength={200} w={280} />
        <Button type="submit" variant="light" loading={busy}>
          Add adjustment
        </Button>
      </Group>
      {problem && (
        <Text size="sm" c="red.8" role="alert" mt={4}>
          {problem}
        </Text>
      )}
    </form>
  );
}

function WeekPanel({ detail, busy, onAdjust, onSettle, onClose }: { detail: WeekDetail; busy: boolean; onAdjust: (amountPence: number, reason: string) => void; onSettle: () => void; onClose: () => void }) {
  return (
    <Paper withBorder p="md" mt="md" component="section" aria-labelledby="week-title">
      <Group justify="space-between" mb="xs">
        <Title order={2} id="week-title" className={classes.subheading}>
          {detail.driver_name}, {weekTitle(detail.week_start)}
        </Title>
        <Button size="xs" variant="subtle" onClick={onClose}>
          Back to all drivers
        </Button>
      </Group>
      <Text size="sm" mb="xs">
        Commission: {detail.rule}.{' '}
        {detail.settled_at ? <ToneBadge color="green">Settled {londonDateTime(detail.settled_at)}</ToneBadge> : detail.ended ? <ToneBadge color="gray">Not settled</ToneBadge> : <ToneBadge color="gray">Week in progress</ToneBadge>}
      </Text>
      <WeekFigures week={{ ...detail, jobs: detail.jobs.length }} />
      <Group mt="sm" gap="sm">
        <Anchor href={consoleStatementPath(detail.driver_id, detail.week_start)} download>
          Download statement (PDF)
        </Anchor>
        {!detail.settled_at && (
          <Button onClick={onSettle} disabled={!detail.ended || busy} loading={busy}>
            Mark week settled
          </Button>
        )}
      </Group>
      {!detail.ended && !detail.settled_at && (
        <Text size="sm" c="dimmed" mt={4}>
          A week is settled once it has ended.
        </Text>
      )}
      <Title order={3} size="h5" mt="md" mb={4}>
        Jobs
      </Title>
      {detail.jobs.length === 0 ? (
        <Text size="sm">No completed jobs this week.</Text>
      ) : (
        <Table.ScrollContainer minWidth={720} type="native">
          <Table striped fz="sm" verticalSpacing={4} className={classes.table}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Completed</Table.Th>
                <Table.Th scope="col">Booking</Table.Th>
                <Table.Th scope="col">Paid</Table.Th>
                <Table.Th scope="col">Fare</Table.Th>
                <Table.Th scope="col">By the driver</Table.Th>
                <Table.Th scope="col">By you</Table.Th>
                <Table.Th scope="col">Commission</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {detail.jobs.map((job) => (
                <Table.Tr key={job.booking_number}>
                  <Table.Td>{londonDateTime(job.completed_at)}</Table.Td>
                  <Table.Td>
                    <Anchor href={`/admin/bookings/${job.booking_number}`}>{job.booking_number}</Anchor>
                  </Table.Td>
                  <Table.Td>{PAYMENT[job.payment]}</Table.Td>
                  <Table.Td>{poundsText(job.fare_pence)}</Table.Td>
                  <Table.Td>{poundsText(job.driver_collected_pence)}</Table.Td>
                  <Table.Td>{poundsText(job.operator_collected_pence)}</Table.Td>
                  <Table.Td>{poundsText(job.commission_pence)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Title order={3} size="h5" mt="md" mb={4}>
        Adjustments
      </Title>
      {detail.adjustments.length === 0 ? (
        <Text size="sm">None.</Text>
      ) : (
        <ul>
          {detail.adjustments.map((adjustment) => (
            <li key={adjustment.id}>
              <Text size="sm" span>
                {poundsText(adjustment.amount_pence)}: {adjustment.reason}
              </Text>
            </li>
          ))}
        </ul>
      )}
      {detail.settled_at ? (
        <Text size="sm" c="dimmed">
          This week is settled: nothing in it changes. Add any correction to the next week.
        </Text>
      ) : (
        <AdjustmentForm busy={busy} onAdd={onAdjust} />
      )}
    </Paper>
  );
}

/** /admin/settlement (owners): each driver's week, its jobs and adjustments, the statement, settling. */
export function SettlementPage(_props: { page?: ConsolePage }) {
  usePageTitle('Driver settlement');
  const actor = useActorRef(settlementLogic);
  const stage = useSelector(actor, selectSettlementStage);
  const busy = useSelector(actor, selectSettlementBusy);
  const list = useSelector(actor, (s) => s.context.list);
  const detail = useSelector(actor, (s) => s.context.detail);
  const notice = useSelector(actor, (s) => s.context.notice);
  const error = useSelector(actor, (s) => s.context.error);
  const drivers = list?.drivers ?? [];
  return (
    <div className={classes.page}>
      <Title order={1} className={classes.heading}>
        Driver settlement
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        Each driver's completed jobs by week, who collected the fares, your commission or rent (Settings, Dispatch and drivers) and the balance either way.
      </Text>
      <RegisterStatus stage={stage === 'failed' ? 'failed' : stage === 'loading' ? 'loading' : 'browsing'} empty={list === null} notice={notice} error={error} onRetry={() => actor.send({ type: 'retry' })}>
        {list && (
          <NativeSelect
            label="Week"
            value={list.week.start}
            onChange={(event) => actor.send({ type: 'pickWeek', week: event.currentTarget.value })}
            data={[...new Set([list.week.start, ...list.weeks])].sort().reverse().map((week) => ({ value: week, label: weekTitle(week) }))}
            maw="22rem"
            mb="sm"
          />
        )}
        {stage === 'detail' && detail ? (
          <WeekPanel
            detail={detail}
            busy={busy}
            onAdjust={(amount_pence, reason) => actor.send({ type: 'adjust', adjustment: { amount_pence, reason } })}
            onSettle={() => actor.send({ type: 'settle' })}
            onClose={() => actor.send({ type: 'close' })}
          />
        ) : (
          <section aria-labelledby="drivers-title" className={classes.section}>
            <Title order={2} id="drivers-title" className={classes.subheading}>
              Drivers
            </Title>
            {drivers.length === 0 ? (
              stage !== 'loading' && <Text size="sm">No completed jobs or adjustments this week.</Text>
            ) : (
              <Table.ScrollContainer minWidth={900} type="native">
                <Table striped fz="sm" verticalSpacing={6} className={classes.table}>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th scope="col">Driver</Table.Th>
                      <Table.Th scope="col">Jobs</Table.Th>
                      <Table.Th scope="col">Fares</Table.Th>
                      <Table.Th scope="col">By the driver</Table.Th>
                      <Table.Th scope="col">By you</Table.Th>
                      <Table.Th scope="col">Commission</Table.Th>
                      <Table.Th scope="col">Adjustments</Table.Th>
                      <Table.Th scope="col">Balance</Table.Th>
                      <Table.Th scope="col">Status</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {drivers.map((row) => (
                      <Table.Tr key={row.driver_id} data-driver={row.driver_id}>
                        <Table.Td>
                          <Button variant="subtle" size="compact-sm" onClick={() => actor.send({ type: 'open', driverId: row.driver_id })} disabled={busy}>
                            {row.driver_name}
                          </Button>
                        </Table.Td>
                        <Table.Td>{row.jobs}</Table.Td>
                        <Table.Td>{poundsText(row.fares_pence)}</Table.Td>
                        <Table.Td>{poundsText(row.driver_collected_pence)}</Table.Td>
                        <Table.Td>{poundsText(row.operator_collected_pence)}</Table.Td>
                        <Table.Td>{poundsText(row.commission_pence)}</Table.Td>
                        <Table.Td>{poundsText(row.adjustments_pence)}</Table.Td>
                        <Table.Td>{balanceText(row.balance_pence, 'operator')}</Table.Td>
                        <Table.Td>{row.settled_at ? 'Settled' : 'Open'}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}
          </section>
        )}
      </RegisterStatus>
    </div>
  );
}
