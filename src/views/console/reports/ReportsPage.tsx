import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Alert.css';
import { Suspense, lazy, useState, type FormEvent } from 'react';
import { Alert, Button, Group, Loader, NativeSelect, Table, Text, TextInput, Title } from '@mantine/core';
import { useActorRef, useSelector } from '@xstate/react';
import type { ConsolePage } from '../../../../machines/console/index.ts';
import { REPORT_PRESETS, REPORT_PRESET_LABELS, selectReport, selectReportsStage, type ReportPreset } from '../../../../machines/consoleReports/index.ts';
import { reportsInput, reportsLogic } from '../../../app/console/reportsLogic.ts';
import { shortDay } from '../format.ts';
import { usePageTitle } from '../pageTitle.ts';
import { csvText, headlineRows, reportTables, type ReportTable } from './reportTables.ts';
import classes from '../Register.module.css';
import own from './Reports.module.css';

const ReportChart = lazy(() => import('./ReportChart.tsx'));

const periodText = (period: { from: string; to: string; days: number }) =>
  period.from === period.to ? shortDay(period.from) : `${shortDay(period.from)} to ${shortDay(period.to)} (${period.days} days)`;

/** Saves the table as a CSV file (a Blob link clicked once). */
function downloadCsv(table: ReportTable, range: { from: string; to: string }) {
  const url = URL.createObjectURL(new Blob([csvText(table.csv)], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = `cabflow-${table.id}-${range.from}-to-${range.to}.csv`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

function Breakdown({ table, range }: { table: ReportTable; range: { from: string; to: string } }) {
  const titleId = `report-${table.id}`;
  return (
    <section aria-labelledby={titleId} className={classes.section} data-report={table.id}>
      <Group justify="space-between" mb="xs" wrap="nowrap" align="flex-start">
        <Title order={2} id={titleId} className={classes.subheading}>
          {table.title}
        </Title>
        <Button size="xs" variant="light" onClick={() => downloadCsv(table, range)} aria-label={`Download CSV: ${table.title}`}>
          Download CSV
        </Button>
      </Group>
      {table.rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          Nothing in either period.
        </Text>
      ) : (
        <>
          <Suspense fallback={<Loader size="xs" role="progressbar" aria-label="Loading the chart" />}>
            <ReportChart table={table} />
          </Suspense>
          <div className={own.scroll} tabIndex={0} role="group" aria-label={`${table.title}: figures`}>
            <Table className={classes.table} striped fz="sm" aria-labelledby={titleId}>
              <Table.Thead>
                <Table.Tr>
                  {table.columns.map((column, index) => (
                    <Table.Th key={column} scope="col" ta={index === 0 ? 'left' : 'right'}>
                      {column}
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {table.rows.map((row) => (
                  <Table.Tr key={row[0]}>
                    {row.map((cell, index) =>
                      index === 0 ? (
                        <Table.Th key={index} scope="row" fw={500}>
                          {cell}
                        </Table.Th>
                      ) : (
                        <Table.Td key={index} ta="right">
                          {cell}
                        </Table.Td>
                      ),
                    )}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </div>
        </>
      )}
    </section>
  );
}

function CustomRange({ range, onShow }: { range: { from: string; to: string }; onShow: (range: { from: string; to: string }) => void }) {
  // What is typed before "Show" (the shown range is the machine's).
  const [draft, setDraft] = useState(range);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onShow(draft);
  };
  return (
    <form onSubmit={submit} aria-label="Custom range">
      <Group align="flex-end" gap="xs">
        <TextInput type="date" label="From" size="xs" value={draft.from} onChange={(event) => setDraft({ ...draft, from: event.currentTarget.value })} required />
        <TextInput type="date" label="To" size="xs" value={draft.to} onChange={(event) => setDraft({ ...draft, to: event.currentTarget.value })} required />
        <Button type="submit" size="xs" variant="light">
          Show
        </Button>
      </Group>
    </form>
  );
}

/** /admin/reports (owners): a range of London days against the period before, in figures, charts and tables. */
export function ReportsPage(_props: { page?: ConsolePage }) {
  usePageTitle('Reports');
  const actor = useActorRef(reportsLogic, { input: reportsInput() });
  const stage = useSelector(actor, selectReportsStage);
  const report = useSelector(actor, selectReport);
  const preset = useSelector(actor, (s) => s.context.preset);
  const range = useSelector(actor, (s) => s.context.range);
  const error = useSelector(actor, (s) => s.context.error);
  const choose = (value: string) => {
    if (value === 'custom') actor.send({ type: 'custom', range });
    else actor.send({ type: 'preset', preset: value as Exclude<ReportPreset, 'custom'> });
  };
  return (
    <div className={classes.page}>
      <Title order={1} className={classes.heading}>
        Reports
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        Trips are counted by their pick-up day, bookings by the day they were made (London time). Each figure is compared with the period of the same length just before.
      </Text>
      <Group align="flex-end" gap="md" mb="md">
        <NativeSelect label="Period" size="xs" value={preset} onChange={(event) => choose(event.currentTarget.value)} data={REPORT_PRESETS.map((value) => ({ value, label: REPORT_PRESET_LABELS[value] }))} />
        <CustomRange key={`${range.from}/${range.to}`} range={range} onShow={(chosen) => actor.send({ type: 'custom', range: chosen })} />
      </Group>
      {stage === 'failed' && (
        <Alert color="red" variant="light" role="alert" mb="md">
          <Text size="sm" mb="xs">
            {error}
          </Text>
          <Button size="xs" variant="light" color="red" onClick={() => actor.send({ type: 'retry' })}>
            Try again
          </Button>
        </Alert>
      )}
      {stage === 'loading' && (
        <Group gap="xs" py="xs" role="status">
          <Loader size="xs" />
          <Text size="sm">Loading…</Text>
        </Group>
      )}
      {report && (
        <div aria-busy={stage === 'loading'} style={stage === 'ready' ? undefined : { opacity: 0.55 }}>
          <section aria-labelledby="report-summary" className={classes.section}>
            <Title order={2} id="report-summary" className={classes.subheading} mb="xs">
              {periodText(report.period)} against {periodText(report.previousPeriod)}
            </Title>
            <div className={own.scroll} tabIndex={0} role="group" aria-label="Summary: figures">
              <Table className={classes.table} striped fz="sm" aria-labelledby="report-summary">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">Figure</Table.Th>
                    <Table.Th scope="col" ta="right">
                      This period
                    </Table.Th>
                    <Table.Th scope="col" ta="right">
                      Period before
                    </Table.Th>
                    <Table.Th scope="col" ta="right">
                      Change
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {headlineRows(report).map((row) => (
                    <Table.Tr key={row.figure}>
                      <Table.Th scope="row" fw={500}>
                        {row.figure}
                      </Table.Th>
                      <Table.Td ta="right">{row.current}</Table.Td>
                      <Table.Td ta="right">{row.previous}</Table.Td>
                      <Table.Td ta="right">{row.change}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </div>
            {!report.byCompany && (
              <Text size="xs" c="dimmed" mt="xs">
                No breakdown by company: these bookings all name one company.
              </Text>
            )}
          </section>
          {reportTables(report).map((table) => (
            <Breakdown key={table.id} table={table} range={report.period} />
          ))}
        </div>
      )}
    </div>
  );
}
