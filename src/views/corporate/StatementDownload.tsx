import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Paper.css';
import { Button, Group, NativeSelect, Paper, Stack, Text, Title } from '@mantine/core';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useId, useMemo, useState } from 'react';
import { londonMonth, type StatementFormat } from '../../../contract/receipts.ts';
import type { DownloadRequest } from '../../../machines/corporate/download.machine.ts';
import { downloadLogic } from '../../app/download/downloadLogic.ts';
import { sendCorporate } from '../../app/corporate/corporateSession.ts';

const MONTH_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/**
 * Next London month (bookings already made for it), this one and the 23 before it, newest first:
 * { value: '2026-11', label: 'November 2026' }.
 */
export function recentMonths(now: Date, count = 25): { value: string; label: string }[] {
  const [year, month] = londonMonth(now).split('-').map(Number);
  return Array.from({ length: count }, (_, back) => {
    const index = year * 12 + month - back;
    const value = `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
    return { value, label: `${MONTH_NAMES[index % 12]} ${Math.floor(index / 12)}` };
  });
}

/** The bookings area's monthly statement: a London month, as PDF or CSV (machines/corporate/download.machine.ts). */
export function StatementDownload({ bearer }: { bearer: string }) {
  const months = useMemo(() => recentMonths(new Date()), []);
  const [month, setMonth] = useState(months[1].value);
  const actor = useActorRef(downloadLogic);
  const busy = useSelector(actor, (s) => s.matches('downloading'));
  const error = useSelector(actor, (s) => s.context.error);
  const ended = useSelector(actor, (s) => s.matches('sessionEnded'));
  const [format, setFormat] = useState<StatementFormat>('pdf');
  const headingId = useId();
  useEffect(() => {
    if (ended) sendCorporate({ type: 'route.enter', path: '/bookings' });
  }, [ended]);
  const download = (chosen: StatementFormat) => {
    const request: DownloadRequest = { kind: 'statement', month, format: chosen, bearer };
    setFormat(chosen);
    actor.send({ type: 'download', request });
  };
  return (
    <Paper withBorder radius="lg" p="md" mb="lg" component="section" aria-labelledby={headingId} data-testid="statement">
      <Stack gap="xs">
        <Title order={2} size="h5" id={headingId}>
          Monthly statement
        </Title>
        <Group gap="sm" align="flex-end" wrap="wrap">
          <NativeSelect label="Month" data={months} value={month} onChange={(event) => setMonth(event.currentTarget.value)} w={200} />
          <Button variant="default" loading={busy && format === 'pdf'} disabled={busy} onClick={() => download('pdf')}>
            Download PDF
          </Button>
          <Button variant="default" loading={busy && format === 'csv'} disabled={busy} onClick={() => download('csv')}>
            Download CSV
          </Button>
        </Group>
        {error && (
          <Text size="sm" c="red.8" role="alert">
            {error}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
