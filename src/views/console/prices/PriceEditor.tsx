import { Alert, Button, Checkbox, Group, NativeSelect, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useEffect, useState, type ReactNode } from 'react';
import { SAMPLE_TRIPS } from '../../../../contract/consolePrices.ts';
import type { PricesList } from '../../../../contract/consolePrices.ts';
import type { EditorStage, MapPoint, PriceEdit } from '../../../../machines/consolePrices/index.ts';
import type { MapShape } from '../../../components/maps/mapShape.ts';
import { MapPicker } from '../../../components/maps/MapPicker.tsx';
import { useLandmarks } from '../../../app/maps/useLandmarks.ts';
import { browserMapsKey } from '../../../maps/mapsKey.ts';
import {
  fixedFareValues,
  surchargeValues,
  tariffValues,
  zoneAreaFields,
  zoneValues,
  type FixedFareFields,
  type SurchargeFields,
  type TariffFields,
  type ZoneFields,
} from './priceForms.ts';

export type EditorFields =
  | { entity: 'tariff'; fields: TariffFields }
  | { entity: 'surcharge'; fields: SurchargeFields }
  | { entity: 'zone'; fields: ZoneFields }
  | { entity: 'fixed_fare'; fields: FixedFareFields };

export const valuesOf = (editor: EditorFields): Record<string, unknown> => {
  switch (editor.entity) {
    case 'tariff':
      return tariffValues(editor.fields);
    case 'surcharge':
      return surchargeValues(editor.fields);
    case 'zone':
      return zoneValues(editor.fields);
    case 'fixed_fare':
      return fixedFareValues(editor.fields);
  }
};

const TITLES = { tariff: 'Tariff', surcharge: 'Surcharge', zone: 'Zone', fixed_fare: 'Fixed fare' } as const;

const SURCHARGE_KINDS = [
  { value: 'night', label: 'Night rate (%)' },
  { value: 'bank_holiday', label: 'Bank holiday rate (%)' },
  { value: 'airport_pickup', label: 'Airport pick-up charge' },
  { value: 'airport_dropoff', label: 'Airport drop-off charge' },
  { value: 'congestion_charge', label: 'Congestion Charge (daily; TfL hours)' },
  { value: 'ulez', label: 'ULEZ (daily, every day but Christmas)' },
];

interface Props {
  data: PricesList;
  edit: PriceEdit;
  initial: EditorFields;
  stage: EditorStage;
  error: string | null;
  onChange: (values: Record<string, unknown>) => void;
  onSave: () => void;
  onRemove: () => void;
  onClose: () => void;
  /** The zone map picker's click, drag and removal, for the statechart (zone.point, zone.corner.*). */
  onZoneMap: (event: ZoneMapEvent) => void;
  /** What is wrong with the polygon as it stands (selectZoneProblem). */
  zoneProblem: string | null;
}

export type ZoneMapEvent = { type: 'zone.point'; point: MapPoint } | { type: 'zone.corner.move'; index: number; point: MapPoint } | { type: 'zone.corner.remove'; index: number };

/** The form of the row being edited; every keystroke goes to the machine, which previews it after a pause. */
export function PriceEditor({ data, edit, initial, stage, error, onChange, onSave, onRemove, onClose, onZoneMap, zoneProblem }: Props) {
  const [editor, setEditor] = useState<EditorFields>(initial);
  // The map picker changed the zone's area in the statechart: the typed centre and corners show it.
  useEffect(() => {
    if (edit.revision === undefined) return;
    const area = zoneAreaFields(edit.values.area);
    if (area) setEditor((current) => (current.entity === 'zone' ? { entity: 'zone', fields: { ...current.fields, ...area } } : current));
  }, [edit.revision]);
  const update = (next: EditorFields) => {
    setEditor(next);
    onChange(valuesOf(next));
  };
  const busy = stage === 'saving' || stage === 'removing';
  const title = `${edit.key === null ? 'New' : 'Edit'} ${TITLES[edit.entity].toLowerCase()}`;
  return (
    <form
      aria-label={title}
      onSubmit={(event) => {
        event.preventDefault();
        onSave();
      }}
    >
      <Stack gap="xs">
        <Title order={2} size="h5">
          {title}
        </Title>
        {editor.entity === 'tariff' && <TariffForm data={data} fields={editor.fields} saved={edit.key !== null} set={(fields) => update({ entity: 'tariff', fields })} />}
        {editor.entity === 'surcharge' && <SurchargeForm fields={editor.fields} set={(fields) => update({ entity: 'surcharge', fields })} />}
        {editor.entity === 'zone' && <ZoneForm fields={editor.fields} values={edit.values} problem={zoneProblem} onMap={onZoneMap} set={(fields) => update({ entity: 'zone', fields })} />}
        {editor.entity === 'fixed_fare' && <FixedFareForm data={data} fields={editor.fields} set={(fields) => update({ entity: 'fixed_fare', fields })} />}
        {error && (
          <Alert color="red" variant="light" role="alert" py={6}>
            {error}
          </Alert>
        )}
        <Group gap="xs">
          <Button type="submit" size="xs" loading={stage === 'saving'} disabled={busy}>
            Save
          </Button>
          {edit.key !== null && (
            <Button size="xs" variant="light" color="red" loading={stage === 'removing'} disabled={busy} onClick={onRemove}>
              Delete
            </Button>
          )}
          <Button size="xs" variant="subtle" color="dark" disabled={busy} onClick={onClose}>
            Close
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

const Row = ({ children }: { children: ReactNode }) => (
  <Group gap="xs" grow align="flex-start" wrap="wrap">
    {children}
  </Group>
);

type Setter<F> = (fields: F) => void;
const text = <F,>(fields: F, set: Setter<F>, key: keyof F) => ({
  size: 'xs' as const,
  value: String(fields[key] ?? ''),
  onChange: (event: { currentTarget: { value: string } }) => set({ ...fields, [key]: event.currentTarget.value }),
});

function TariffForm({ data, fields, saved, set }: { data: PricesList; fields: TariffFields; saved: boolean; set: Setter<TariffFields> }) {
  const bands = fields.bands;
  const setBand = (index: number, key: 'up_to' | 'rate', value: string) => set({ ...fields, bands: bands.map((band, at) => (at === index ? { ...band, [key]: value } : band)) });
  return (
    <>
      <Row>
        <NativeSelect label="Company" disabled={saved} data={data.companies.map((company) => ({ value: String(company.id), label: company.name }))} {...text(fields, set, 'company_id')} />
        <NativeSelect label="Vehicle" disabled={saved} data={data.vehicles.map((vehicle) => ({ value: String(vehicle.id), label: vehicle.name }))} {...text(fields, set, 'vehicle_id')} />
        <TextInput label="Valid from" type="date" disabled={saved} {...text(fields, set, 'valid_from')} />
      </Row>
      <Row>
        <TextInput label="Base fare (£)" inputMode="decimal" {...text(fields, set, 'base')} />
        <TextInput label="Minimum fare (£)" inputMode="decimal" {...text(fields, set, 'minimum')} />
        <TextInput label="Per extra stop (£)" inputMode="decimal" {...text(fields, set, 'stop')} />
      </Row>
      <Text size="xs" fw={600}>
        Per-mile bands
      </Text>
      {bands.map((band, index) => {
        const last = index === bands.length - 1;
        return (
          <Group key={index} gap="xs" align="flex-end" wrap="nowrap">
            <TextInput
              size="xs"
              label={last ? `Band ${index + 1}: miles over the last band` : `Band ${index + 1}: up to (miles)`}
              disabled={last}
              value={last ? 'no limit' : band.up_to}
              onChange={(event) => setBand(index, 'up_to', event.currentTarget.value)}
            />
            <TextInput size="xs" label={`Band ${index + 1}: £ per mile`} inputMode="decimal" value={band.rate} onChange={(event) => setBand(index, 'rate', event.currentTarget.value)} />
            {bands.length > 1 && (
              <Button size="compact-xs" variant="subtle" color="red" aria-label={`Remove band ${index + 1}`} onClick={() => set({ ...fields, bands: bands.filter((_, at) => at !== index) })}>
                Remove
              </Button>
            )}
          </Group>
        );
      })}
      <Button size="compact-xs" variant="subtle" onClick={() => set({ ...fields, bands: [...bands.slice(0, -1), { up_to: '', rate: bands.at(-1)?.rate ?? '' }, bands.at(-1)!] })} disabled={bands.length >= 10}>
        Add a band
      </Button>
      <Row>
        <TextInput label="Hourly rate (£; empty: no hourly hire)" inputMode="decimal" {...text(fields, set, 'hourly')} />
        <TextInput label="Miles included per hour" inputMode="numeric" {...text(fields, set, 'included')} />
        <TextInput label="Further miles (£, to the driver)" inputMode="decimal" {...text(fields, set, 'extraMile')} />
      </Row>
    </>
  );
}

function SurchargeForm({ fields, set }: { fields: SurchargeFields; set: Setter<SurchargeFields> }) {
  const percent = fields.kind === 'night' || fields.kind === 'bank_holiday';
  const airport = fields.kind === 'airport_pickup' || fields.kind === 'airport_dropoff';
  return (
    <>
      <Row>
        <NativeSelect label="Kind" data={SURCHARGE_KINDS} {...text(fields, set, 'kind')} />
        <TextInput label="Code (a new row with the same code from a later date replaces it)" {...text(fields, set, 'code')} />
      </Row>
      <TextInput label="Label (shown on the quotation)" {...text(fields, set, 'label')} />
      <Row>
        <TextInput label="Valid from" type="date" {...text(fields, set, 'valid_from')} />
        <TextInput label="Valid to (exclusive; empty: open-ended)" type="date" {...text(fields, set, 'valid_to')} />
      </Row>
      <Row>
        {percent ? <TextInput label="Percent of the fare" inputMode="decimal" {...text(fields, set, 'percent')} /> : <TextInput label="Amount (£)" inputMode="decimal" {...text(fields, set, 'amount')} />}
        {airport && <TextInput label="Airport (IATA code)" {...text(fields, set, 'airport')} />}
        {fields.kind === 'night' && <TextInput label="From (London time)" type="time" {...text(fields, set, 'start_time')} />}
        {fields.kind === 'night' && <TextInput label="To (London time)" type="time" {...text(fields, set, 'end_time')} />}
      </Row>
      <TextInput label="Only vehicle ids (comma-separated; empty: all)" {...text(fields, set, 'vehicle_ids')} />
    </>
  );
}

const SAMPLE_PLACES = [...new Set(SAMPLE_TRIPS.flatMap((trip) => [trip.pickup, trip.dropoff]))];
const finite = (...values: unknown[]) => values.every((value) => typeof value === 'number' && Number.isFinite(value));

/** The zone's area as the map picker draws it, from the values the statechart holds. */
function zoneShape(values: Record<string, unknown>): MapShape | null {
  const area = values.area as { kind?: string; lat?: unknown; lon?: unknown; radius_miles?: unknown; points?: unknown[] } | undefined;
  if (area?.kind === 'polygon')
    return { kind: 'polygon', corners: (area.points ?? []).flatMap((point) => (Array.isArray(point) && finite(point[0], point[1]) ? [{ lat: point[0] as number, lon: point[1] as number }] : [])) };
  if (area?.kind === 'radius') return { kind: 'radius', centre: finite(area.lat, area.lon) ? { lat: area.lat as number, lon: area.lon as number } : null, miles: finite(area.radius_miles) ? (area.radius_miles as number) : null };
  return null;
}

function ZoneMap({ values, problem, onMap }: { values: Record<string, unknown>; problem: string | null; onMap: (event: ZoneMapEvent) => void }) {
  const landmarks = useLandmarks(SAMPLE_PLACES);
  const shape = zoneShape(values);
  if (!shape) return null;
  return (
    <>
      <MapPicker
        label="Zone map"
        googleKey={browserMapsKey()}
        shape={shape}
        landmarks={landmarks}
        onPoint={(point) => onMap({ type: 'zone.point', point })}
        onMoveCorner={(index, point) => onMap({ type: 'zone.corner.move', index, point })}
        onRemoveCorner={(index) => onMap({ type: 'zone.corner.remove', index })}
      />
      {problem && (
        <Text size="xs" c="red.8" role="status" data-testid="zone-problem">
          The polygon needs {problem}.
        </Text>
      )}
    </>
  );
}

function ZoneForm({ fields, values, problem, onMap, set }: { fields: ZoneFields; values: Record<string, unknown>; problem: string | null; onMap: (event: ZoneMapEvent) => void; set: Setter<ZoneFields> }) {
  return (
    <>
      <Row>
        <TextInput label="Name" {...text(fields, set, 'name')} />
        <TextInput label="Priority (higher wins where zones overlap)" inputMode="numeric" {...text(fields, set, 'priority')} />
      </Row>
      <NativeSelect
        label="Shape"
        data={[
          { value: 'postcodes', label: 'Postcode districts' },
          { value: 'radius', label: 'Radius around a point' },
          { value: 'polygon', label: 'Polygon (corners as coordinates)' },
        ]}
        {...text(fields, set, 'kind')}
      />
      {fields.kind === 'postcodes' && <TextInput label="Districts (TW6, SL4, SW1A …)" {...text(fields, set, 'districts')} />}
      {fields.kind === 'radius' && (
        <Row>
          <TextInput label="Centre latitude" inputMode="decimal" {...text(fields, set, 'lat')} />
          <TextInput label="Centre longitude" inputMode="decimal" {...text(fields, set, 'lon')} />
          <TextInput label="Radius (miles)" inputMode="decimal" {...text(fields, set, 'radius')} />
        </Row>
      )}
      {fields.kind === 'polygon' && <Textarea autosize minRows={4} label="Corners, one per line: latitude, longitude" {...text(fields, set, 'polygon')} />}
      {fields.kind !== 'postcodes' && <ZoneMap values={values} problem={problem} onMap={onMap} />}
    </>
  );
}

function FixedFareForm({ data, fields, set }: { data: PricesList; fields: FixedFareFields; set: Setter<FixedFareFields> }) {
  const zones = data.zones.map((zone) => ({ value: String(zone.id), label: zone.name }));
  return (
    <>
      <Row>
        <NativeSelect label="From zone" data={zones} {...text(fields, set, 'from_zone_id')} />
        <NativeSelect label="To zone" data={zones} {...text(fields, set, 'to_zone_id')} />
      </Row>
      <Row>
        <NativeSelect label="Company" data={[{ value: '', label: 'Every company' }, ...data.companies.map((company) => ({ value: String(company.id), label: company.name }))]} {...text(fields, set, 'company_id')} />
        <NativeSelect label="Vehicle" data={data.vehicles.map((vehicle) => ({ value: String(vehicle.id), label: vehicle.name }))} {...text(fields, set, 'vehicle_id')} />
        <TextInput label="Fare (£)" inputMode="decimal" {...text(fields, set, 'amount')} />
      </Row>
      <Row>
        <TextInput label="Valid from" type="date" {...text(fields, set, 'valid_from')} />
        <TextInput label="Valid to (exclusive; empty: open-ended)" type="date" {...text(fields, set, 'valid_to')} />
      </Row>
      <Checkbox size="xs" label="Both ways (else only from → to)" checked={fields.both_ways} onChange={(event) => set({ ...fields, both_ways: event.currentTarget.checked })} />
    </>
  );
}
