import { Alert, Group, Loader, NativeSelect, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import type { PricesList } from '../../../../contract/consolePrices.ts';
import type { PreviewRows, PreviewStage, PreviewTrip } from '../../../../machines/consolePrices/index.ts';
import classes from '../Register.module.css';
import { poundsText } from '../../../../contract/money.ts';

interface Props {
  data: PricesList;
  trip: PreviewTrip;
  stage: PreviewStage | null;
  answer: PreviewRows | null;
  error: string | null;
  drafting: boolean;
  onTrip: (trip: Partial<PreviewTrip>) => void;
}

/** The trip, date and time previewed, and every vehicle's price with its breakdown lines. */
export function PricePreview({ data, trip, stage, answer, error, drafting, onTrip }: Props) {
  const sample = data.sample_trips.find((candidate) => candidate.pickup === trip.pickup && candidate.dropoff === trip.dropoff)?.id ?? '';
  return (
    <section aria-labelledby="preview-title">
      <Stack gap="xs">
        <Group justify="space-between" gap="xs">
          <Title order={2} id="preview-title" className={classes.subheading}>
            Price preview {drafting ? '(with your unsaved changes)' : '(saved prices)'}
          </Title>
          {(stage === 'pricing' || stage === 'debouncing') && <Loader size="xs" role="progressbar" aria-label="Pricing" />}
        </Group>
        <NativeSelect
          size="xs"
          label="Sample trip"
          value={sample}
          data={[...data.sample_trips.map((candidate) => ({ value: candidate.id, label: candidate.label })), { value: '', label: 'Your own trip (type below)' }]}
          onChange={(event) => {
            const chosen = data.sample_trips.find((candidate) => candidate.id === event.currentTarget.value);
            if (chosen) onTrip({ pickup: chosen.pickup, dropoff: chosen.dropoff });
          }}
        />
        <Group gap="xs" grow wrap="wrap">
          <TextInput size="xs" label="Pick-up" value={trip.pickup} onChange={(event) => onTrip({ pickup: event.currentTarget.value })} />
          <TextInput size="xs" label="Drop-off" value={trip.dropoff} onChange={(event) => onTrip({ dropoff: event.currentTarget.value })} />
        </Group>
        <Group gap="xs" grow wrap="wrap">
          <TextInput size="xs" label="Date" type="date" value={trip.date} onChange={(event) => onTrip({ date: event.currentTarget.value })} />
          <TextInput size="xs" label="Time (London)" type="time" step={300} value={trip.time} onChange={(event) => onTrip({ time: event.currentTarget.value })} />
        </Group>
        {stage === 'failed' && error && (
          <Alert color="red" variant="light" role="alert" py={6}>
            {error}
          </Alert>
        )}
        {answer && (
          <div aria-live="polite" aria-busy={stage !== 'shown'}>
            <Text size="xs" c="dimmed" mb={4}>
              {answer.pickup} → {answer.dropoff}, {answer.miles} miles{answer.estimated ? ' (estimated)' : ''}
            </Text>
            <Table.ScrollContainer minWidth={320} type="native">
              <Table className={classes.table} verticalSpacing={4} fz="xs" data-testid="price-preview">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Vehicle</Table.Th>
                    <Table.Th>Breakdown</Table.Th>
                    <Table.Th ta="right">Price</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {answer.rows.map((row) => (
                    <Table.Tr key={`${row.company_id}-${row.vehicle_id}`} data-row={`${row.company_id}-${row.vehicle_id}`}>
                      <Table.Td>
                        {row.company_name}
                        <br />
                        {row.vehicle_type}
                      </Table.Td>
                      <Table.Td>
                        {row.lines.length === 0
                          ? row.notes.join(' ')
                          : row.lines.map((line, index) => (
                              <div key={index}>
                                {line.label}: {poundsText(line.amount_pence)}
                              </div>
                            ))}
                      </Table.Td>
                      <Table.Td ta="right" fw={600} data-testid="preview-price">
                        {row.final_price_pence > 0 ? poundsText(row.final_price_pence) : 'Contact us'}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </div>
        )}
      </Stack>
    </section>
  );
}
