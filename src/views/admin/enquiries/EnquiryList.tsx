import { Alert, Badge, Button, Group, SegmentedControl, Skeleton, Stack, Table, Text } from '@mantine/core';
import { useSelector } from '@xstate/react';
import type { EnquiryKind, EnquiryStatus } from '../../../../contract/adminEnquiries.ts';
import { londonDateTime } from '../format.ts';
import type { InboxActor } from './EnquiriesPage.tsx';

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
      {stage === 'failed' && (
        <Alert color="red" title="The enquiries could not be loaded">
          <Text size="sm">{listError}</Text>
          <Button size="xs" mt="xs" variant="light" onClick={() => actor.send({ type: 'list.retry' })}>
            Try again
          </Button>
        </Alert>
      )}
      {stage === 'loading' && (
        <Stack gap={6} aria-busy="true" aria-label="Loading enquiries">
          {[0, 1, 2, 3].map((n) => (
            <Skeleton key={n} height={36} />
          ))}
        </Stack>
      )}
      {stage === 'ready' && rows.length === 0 && (
        <Text c="dimmed" size="sm" data-testid="inbox-empty">
          No enquiries here.
        </Text>
      )}
      {stage === 'ready' && rows.length > 0 && (
        <Table highlightOnHover verticalSpacing={6} fz="sm" data-testid="inbox-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Received</Table.Th>
              <Table.Th>From</Table.Th>
              <Table.Th>About</Table.Th>
              <Table.Th>Status</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => {
              const current = selected?.kind === row.kind && selected.id === row.id;
              return (
                <Table.Tr key={`${row.kind}-${row.id}`} bg={current ? 'var(--mantine-color-blue-light)' : undefined} data-testid={`enquiry-row-${row.kind}-${row.id}`}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{londonDateTime(row.received_at)}</Table.Td>
                  <Table.Td>
                    <Button variant="subtle" size="compact-sm" px={0} aria-current={current ? 'true' : undefined} onClick={() => actor.send({ type: 'enquiry.open', kind: row.kind, id: row.id })}>
                      {row.name || row.email || row.phone || `#${row.id}`}
                    </Button>
                    <Text size="xs" c="dimmed">
                      {KIND_LABELS[row.kind]} #{row.id}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" lineClamp={2}>
                      {row.summary}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Badge color={STATUS_COLOURS[row.status]} variant="light">
                      {row.status}
                    </Badge>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      )}
      {moreError && (
        <Text c="red" size="sm" role="alert">
          {moreError}
        </Text>
      )}
      {stage === 'ready' && next && (
        <Button variant="default" size="xs" loading={loadingMore} onClick={() => actor.send({ type: 'list.more' })}>
          Show more
        </Button>
      )}
    </Stack>
  );
}
