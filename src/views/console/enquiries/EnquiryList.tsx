import { Button, Group, SegmentedControl, Stack, Table, Text } from '@mantine/core';
import { useSelector } from '@xstate/react';
import type { EnquiryKind, EnquiryStatus } from '../../../../contract/consoleEnquiries.ts';
import { londonDateTime } from '../format.ts';
import { ToneBadge } from '../StatusBadge.tsx';
import type { InboxActor } from './EnquiriesPage.tsx';
import classes from './Inbox.module.css';
import { LoadFailed, MoreRows, RowsLoading } from './LoadStates.tsx';

/** Outlined, in the darkest shade of the colour: readable on white and on a highlighted row (WCAG AA). */
export const STATUS_COLOURS: Record<EnquiryStatus, string> = { open: 'blue', answered: 'teal', closed: 'gray' };
export const KIND_LABELS: Record<EnquiryKind, string> = { quote: 'QUOTE NOW', contact: 'Contact Us' };

export function EnquiryList({ actor }: { actor: InboxActor }) {
  const stage = useSelector(actor, (state) => (state.matches({ list: 'failed' }) ? 'failed' : state.matches({ list: 'loading' }) ? 'loading' : 'ready'));
  const loadingMore = useSelector(actor, (state) => state.matches({ list: 'loadingMore' }));
  const { rows, next, listError, moreError, filters, selected } = useSelector(actor, (state) => state.context);

  return (
    <Stack gap="sm">
      <Group gap="sm" wrap="wrap">
        <SegmentedControl
          size="xs"
          aria-label="Status"
          value={filters.status ?? 'all'}
          onChange={(value) => actor.send({ type: 'filter.change', status: value === 'all' ? null : (value as EnquiryStatus) })}
          data={[
            { value: 'open', label: 'Open' },
            { value: 'answered', label: 'Answered' },
            { value: 'closed', label: 'Closed' },
            { value: 'all', label: 'All' },
          ]}
        />
        <SegmentedControl
          size="xs"
          aria-label="Kind"
          value={filters.kind ?? 'all'}
          onChange={(value) => actor.send({ type: 'filter.change', kind: value === 'all' ? null : (value as EnquiryKind) })}
          data={[
            { value: 'all', label: 'Both' },
            { value: 'quote', label: 'QUOTE NOW' },
            { value: 'contact', label: 'Contact Us' },
          ]}
        />
      </Group>
      {stage === 'failed' && <LoadFailed title="The enquiries could not be loaded" message={listError} onRetry={() => actor.send({ type: 'list.retry' })} />}
      {stage === 'loading' && <RowsLoading label="Loading enquiries" />}
      {stage === 'ready' && rows.length === 0 && (
        <Text c="dimmed" size="sm" data-testid="inbox-empty">
          No enquiries here.
        </Text>
      )}
      {stage === 'ready' && rows.length > 0 && (
        <Table highlightOnHover layout="fixed" verticalSpacing={6} fz="sm" data-testid="inbox-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th className={classes.wide} w="9.5rem">
                Received
              </Table.Th>
              <Table.Th>From</Table.Th>
              <Table.Th className={classes.wide}>About</Table.Th>
              <Table.Th w="6.5rem">Status</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => {
              const current = selected?.kind === row.kind && selected.id === row.id;
              return (
                <Table.Tr key={`${row.kind}-${row.id}`} style={current ? { boxShadow: 'inset 3px 0 0 var(--mantine-color-blue-7)' } : undefined} data-testid={`enquiry-row-${row.kind}-${row.id}`}>
                  <Table.Td className={classes.wide} style={{ whiteSpace: 'nowrap' }}>
                    {londonDateTime(row.received_at)}
                  </Table.Td>
                  <Table.Td>
                    <Button
                      variant="subtle"
                      size="compact-sm"
                      px={0}
                      h="auto"
                      ta="left"
                      styles={{ label: { whiteSpace: 'normal', overflowWrap: 'anywhere' } }}
                      aria-current={current ? 'true' : undefined} onClick={() => actor.send({ type: 'enquiry.open', kind: row.kind, id: row.id })}>
                      {row.name || row.email || row.phone || `#${row.id}`}
                    </Button>
                    <Text size="xs" c="dimmed">
                      {KIND_LABELS[row.kind]} #{row.id}
                      <span className={classes.narrow}> · {londonDateTime(row.received_at)}</span>
                    </Text>
                  </Table.Td>
                  <Table.Td className={classes.wide}>
                    <Text size="sm" lineClamp={2}>
                      {row.summary}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <ToneBadge variant="outline" color={STATUS_COLOURS[row.status]} size="sm" miw="max-content">
                      {row.status}
                    </ToneBadge>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      )}
      <MoreRows hasMore={stage === 'ready' && next !== null} loading={loadingMore} error={moreError} onMore={() => actor.send({ type: 'list.more' })} />
    </Stack>
  );
}
