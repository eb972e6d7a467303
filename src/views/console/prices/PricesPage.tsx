import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Checkbox.css';
import { Alert, Button, Group, Loader, Table, Text, Title } from '@mantine/core';
import { useActorRef, useSelector } from '@xstate/react';
import { useState, type ReactNode } from 'react';
import type { PricesList } from '../../../../contract/consolePrices.ts';
import {
  selectData,
  selectEdit,
  selectEditorStage,
  selectError,
  selectZoneProblem,
  selectNotice,
  selectPreview,
  selectPreviewError,
  selectPreviewStage,
  selectStage,
  selectTrip,
  type PriceEdit,
} from '../../../../machines/consolePrices/index.ts';
import { shortDay } from '../format.ts';
import { usePageTitle } from '../pageTitle.ts';
import { PriceEditor, valuesOf, type EditorFields } from './PriceEditor.tsx';
import { PricePreview } from './PricePreview.tsx';
import { fixedFareFields, newFixedFareFields, newSurchargeFields, newTariffFields, newZoneFields, surchargeFields, tariffFields, zoneFields } from './priceForms.ts';
import { pricesLogic } from '../../../app/console/pricesLogic.ts';
import classes from '../Register.module.css';
import layout from './Prices.module.css';
import { poundsText } from '../../../../contract/money.ts';

type Actor = ReturnType<typeof useActorRef<typeof pricesLogic>>;

const nameOf = (list: Array<{ id: number; name: string }>, id: number | null, none = 'Every company') => (id === null ? none : (list.find((item) => item.id === id)?.name ?? `#${id}`));
const dateRange = (from: string, to: string | null) => (to ? `${shortDay(from)} ${from.slice(0, 4)} – ${shortDay(to)} ${to.slice(0, 4)}` : `from ${shortDay(from)} ${from.slice(0, 4)}`);

function Section({ id, title, onAdd, addLabel, children }: { id: string; title: string; onAdd: () => void; addLabel: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-title`} className={classes.section}>
      <Group justify="space-between" mb="xs">
        <Title order={2} id={`${id}-title`} className={classes.subheading}>
          {title}
        </Title>
        <Button size="xs" variant="light" onClick={onAdd}>
          {addLabel}
        </Button>
      </Group>
      <Table.ScrollContainer minWidth={520} type="native">
        <Table className={classes.table} verticalSpacing={4} fz="sm" striped>
          {children}
        </Table>
      </Table.ScrollContainer>
    </section>
  );
}

const Head = ({ columns }: { columns: string[] }) => (
  <Table.Thead>
    <Table.Tr>
      {columns.map((column) => (
        <Table.Th key={column}>{column}</Table.Th>
      ))}
    </Table.Tr>
  </Table.Thead>
);

function EditButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <Button size="compact-xs" variant="subtle" onClick={onClick} aria-label={label}>
      Edit
    </Button>
  );
}

function Tables({ data, open }: { data: PricesList; open: (edit: Omit<PriceEdit, 'values'>, fields: EditorFields) => void }) {
  const company = (id: number | null) => nameOf(data.companies, id);
  const vehicle = (id: number) => nameOf(data.vehicles, id);
  const zone = (id: number) => nameOf(data.zones, id);
  return (
    <>
      <Section id="tariffs" title="Tariffs" addLabel="New tariff" onAdd={() => open({ entity: 'tariff', key: null }, { entity: 'tariff', fields: newTariffFields(data) })}>
        <Head columns={['Company, vehicle', 'From', 'Base', 'Per mile (≤ miles)', 'Min.', 'Stop', 'Hourly', '']} />
        <Table.Tbody>
          {data.tariffs.map((row) => {
            const key = `${row.company_id}/${row.vehicle_id}/${row.valid_from}`;
            const label = `${company(row.company_id)} ${vehicle(row.vehicle_id)} from ${row.valid_from}`;
            return (
              <Table.Tr key={key}>
                <Table.Td>
                  {company(row.company_id)}, {vehicle(row.vehicle_id)}
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{row.valid_from}</Table.Td>
                <Table.Td>{poundsText(row.base_fare_pence)}</Table.Td>
                <Table.Td>{row.mile_bands.map((band) => `${poundsText(band.per_mile_pence)}${band.up_to_miles === null ? '' : ` ≤${band.up_to_miles}`}`).join(' · ')}</Table.Td>
                <Table.Td>{poundsText(row.minimum_fare_pence)}</Table.Td>
                <Table.Td>{poundsText(row.per_extra_stop_pence)}</Table.Td>
                <Table.Td>{row.hourly_rate_pence === null ? '—' : poundsText(row.hourly_rate_pence)}</Table.Td>
                <Table.Td>
                  <Group gap={2} wrap="nowrap">
                    <EditButton label={`Edit tariff ${label}`} onClick={() => open({ entity: 'tariff', key }, { entity: 'tariff', fields: tariffFields(row) })} />
                    <Button size="compact-xs" variant="subtle" aria-label={`New price from a later date: ${label}`} onClick={() => open({ entity: 'tariff', key: null }, { entity: 'tariff', fields: newTariffFields(data, row) })}>
                      New price
                    </Button>
                  </Group>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Section>

      <Section id="surcharges" title="Surcharges" addLabel="New surcharge" onAdd={() => open({ entity: 'surcharge', key: null }, { entity: 'surcharge', fields: newSurchargeFields(data.today) })}>
        <Head columns={['Label (code)', 'Valid', 'Charge', '']} />
        <Table.Tbody>
          {data.surcharges.map((row) => (
            <Table.Tr key={row.id}>
              <Table.Td>
                {row.label}{' '}
                <Text span size="xs" c="dimmed">
                  ({row.code})
                </Text>
              </Table.Td>
              <Table.Td>{dateRange(row.valid_from, row.valid_to)}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{'percent' in row ? `${row.percent}%${'start_time' in row ? ` ${row.start_time}–${row.end_time}` : ''}` : poundsText(row.amount_pence)}</Table.Td>
              <Table.Td>
                <EditButton label={`Edit surcharge ${row.label} ${row.valid_from}`} onClick={() => open({ entity: 'surcharge', key: String(row.id) }, { entity: 'surcharge', fields: surchargeFields(row) })} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Section>

      <Section id="zones" title="Fare zones" addLabel="New zone" onAdd={() => open({ entity: 'zone', key: null }, { entity: 'zone', fields: newZoneFields() })}>
        <Head columns={['Name', 'Shape', 'Priority', '']} />
        <Table.Tbody>
          {data.zones.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={4}>
                <Text size="sm" c="dimmed">
                  No zones: every trip is priced by its tariff.
                </Text>
              </Table.Td>
            </Table.Tr>
          )}
          {data.zones.map((row) => (
            <Table.Tr key={row.id}>
              <Table.Td>{row.name}</Table.Td>
              <Table.Td>
                {row.area.kind === 'postcodes'
                  ? row.area.districts.join(', ')
                  : row.area.kind === 'radius'
                    ? `${row.area.radius_miles} mi around ${row.area.lat}, ${row.area.lon}`
                    : `Polygon of ${row.area.points.length} corners`}
              </Table.Td>
              <Table.Td>{row.priority}</Table.Td>
              <Table.Td>
                <EditButton label={`Edit zone ${row.name}`} onClick={() => open({ entity: 'zone', key: String(row.id) }, { entity: 'zone', fields: zoneFields(row) })} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Section>

      <Section id="fixed-fares" title="Fixed fares" addLabel="New fixed fare" onAdd={() => open({ entity: 'fixed_fare', key: null }, { entity: 'fixed_fare', fields: newFixedFareFields(data) })}>
        <Head columns={['From', 'To', 'Company', 'Vehicle', 'Fare', 'Valid', '']} />
        <Table.Tbody>
          {data.fixed_fares.map((row) => (
            <Table.Tr key={row.id}>
              <Table.Td>{zone(row.from_zone_id)}</Table.Td>
              <Table.Td>
                {row.both_ways ? '⇄ ' : '→ '}
                {zone(row.to_zone_id)}
              </Table.Td>
              <Table.Td>{company(row.company_id)}</Table.Td>
              <Table.Td>{vehicle(row.vehicle_id)}</Table.Td>
              <Table.Td>{poundsText(row.amount_pence)}</Table.Td>
              <Table.Td>{dateRange(row.valid_from, row.valid_to)}</Table.Td>
              <Table.Td>
                <EditButton label={`Edit fixed fare ${zone(row.from_zone_id)} to ${zone(row.to_zone_id)} ${vehicle(row.vehicle_id)}`} onClick={() => open({ entity: 'fixed_fare', key: String(row.id) }, { entity: 'fixed_fare', fields: fixedFareFields(row) })} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Section>
    </>
  );
}

function Editing({ actor, data, initial, opened }: { actor: Actor; data: PricesList; initial: EditorFields; opened: number }) {
  const edit = useSelector(actor, selectEdit);
  const stage = useSelector(actor, selectEditorStage);
  const error = useSelector(actor, selectError);
  const zoneProblem = useSelector(actor, selectZoneProblem);
  if (!edit || stage === 'closed') return null;
  return (
    <PriceEditor
      key={opened}
      data={data}
      edit={edit}
      initial={initial}
      stage={stage}
      error={error}
      onChange={(values) => actor.send({ type: 'edit.change', values })}
      onSave={() => actor.send({ type: 'save' })}
      onRemove={() => actor.send({ type: 'remove' })}
      onClose={() => actor.send({ type: 'edit.close' })}
      onZoneMap={(event) => actor.send(event)}
      zoneProblem={zoneProblem}
    />
  );
}

/** Tariffs, surcharges, fare zones and fixed fares, with the edited row's effect previewed as the owner types. */
export function PricesPage() {
  usePageTitle('Prices');
  const actor = useActorRef(pricesLogic);
  const stage = useSelector(actor, selectStage);
  const data = useSelector(actor, selectData);
  const trip = useSelector(actor, selectTrip);
  const notice = useSelector(actor, selectNotice);
  const error = useSelector(actor, selectError);
  const editorStage = useSelector(actor, selectEditorStage);
  const previewStage = useSelector(actor, selectPreviewStage);
  const preview = useSelector(actor, selectPreview);
  const previewError = useSelector(actor, selectPreviewError);
  const [opening, setOpening] = useState<{ fields: EditorFields; count: number } | null>(null);

  const open = (edit: Omit<PriceEdit, 'values'>, fields: EditorFields) => {
    setOpening({ fields, count: (opening?.count ?? 0) + 1 });
    actor.send({ type: 'edit.open', edit: { ...edit, values: valuesOf(fields) } });
  };

  return (
    <div className={classes.page} style={{ maxWidth: '96rem' }}>
      <Title order={1} className={classes.heading}>
        Prices
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        A price change is a new row from a date: enter next year's rise today. The preview prices a trip with your unsaved changes by the site's own engine.
      </Text>
      {stage === 'failed' && (
        <Alert color="red" variant="light" role="alert">
          <Text size="sm" mb="xs">
            {error}
          </Text>
          <Button size="xs" variant="light" color="red" onClick={() => actor.send({ type: 'retry' })}>
            Try again
          </Button>
        </Alert>
      )}
      {stage === 'loading' && !data && (
        <Group gap="xs" py="md" role="status">
          <Loader size="xs" />
          <Text size="sm">Loading…</Text>
        </Group>
      )}
      {notice && (
        <Alert color="green" variant="light" role="status" mb="xs" py={6}>
          {notice}
        </Alert>
      )}
      {data && (
        <div className={layout.layout}>
          <div className={layout.side}>
            <div>
              {opening && editorStage !== 'closed' && (
                <div className={classes.section}>
                  <Editing actor={actor} data={data} initial={opening.fields} opened={opening.count} />
                </div>
              )}
              {trip && (
                <PricePreview
                  data={data}
                  trip={trip}
                  stage={previewStage}
                  answer={preview}
                  error={previewError}
                  drafting={editorStage !== 'closed'}
                  onTrip={(change) => actor.send({ type: 'trip.change', trip: change })}
                />
              )}
            </div>
          </div>
          <div className={layout.tables}>
            <Tables data={data} open={open} />
          </div>
        </div>
      )}
    </div>
  );
}
