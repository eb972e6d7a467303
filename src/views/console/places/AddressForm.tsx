/**
 * Adding or editing a saved address: the address as visitors will see it, its point (found by the maps service from
 * the address, or typed by the owner: latitude and longitude fields), its kind and whether it is a popular location.
 * A Mantine form; an edit sends only what changed.
 */
import { Anchor, Box, Button, Checkbox, Group, NativeSelect, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { MapPicker } from '../../../components/maps/MapPicker.tsx';
import { browserMapsKey } from '../../../maps/mapsKey.ts';
import { PLACES_MESSAGES, SAVED_PLACE_KINDS, UK_BOUNDS, type PlacePatch, type SavedPlace } from '../../../../contract/consolePlaces.ts';
import { selectLocating, selectSaving, type PlacesMachine } from '../../../../machines/consolePlaces/index.ts';
import { RegisterForm } from '../fleet/RegisterForm.tsx';
import { mapLink } from './placesFormat.ts';

type PlacesActor = ReturnType<typeof useActorRef<PlacesMachine>>;

export const KIND_LABELS: Record<(typeof SAVED_PLACE_KINDS)[number], string> = { airport: 'Airport', station: 'Station', hotel: 'Hotel', place: 'Other place' };

interface Values {
  address: string;
  lat: string;
  lon: string;
  kind: string;
  popular: boolean;
}

const inRange = (value: string, min: number, max: number) => value.trim() === '' || (Number.isFinite(Number(value)) && Number(value) >= min && Number(value) <= max);

export function AddressForm({ actor, place }: { actor: PlacesActor; place: SavedPlace | null }) {
  const error = useSelector(actor, (s) => s.context.error);
  const located = useSelector(actor, (s) => s.context.located);
  const pin = useSelector(actor, (s) => s.context.pin);
  const addresses = useSelector(actor, (s) => s.context.addresses);
  // The other saved addresses, as the map's orientation dots.
  const landmarks = useMemo(() => addresses.filter((saved) => saved.id !== place?.id).map((saved) => ({ label: saved.address.split(',')[0]!, lat: saved.lat, lon: saved.lon })), [addresses, place?.id]);
  const maps = useSelector(actor, (s) => s.context.maps);
  const busy = useSelector(actor, selectSaving);
  const locating = useSelector(actor, selectLocating);
  const original: Values = place
    ? { address: place.address, lat: String(place.lat), lon: String(place.lon), kind: place.kind, popular: place.popular }
    : { address: '', lat: '', lon: '', kind: 'place', popular: false };
  const form = useForm<Values>({
    initialValues: original,
    validate: {
      address: (value) => (value.trim().length < 3 ? 'Address must be at least 3 characters' : null),
      lat: (value, values) =>
        !inRange(value, UK_BOUNDS.minLat, UK_BOUNDS.maxLat) ? PLACES_MESSAGES.latitude : (value.trim() === '') !== (values.lon.trim() === '') ? PLACES_MESSAGES.coordinatesTogether : null,
      lon: (value) => (!inRange(value, UK_BOUNDS.minLon, UK_BOUNDS.maxLon) ? PLACES_MESSAGES.longitude : null),
    },
  });

  // The maps service's answer fills the point (the owner may still correct it).
  useEffect(() => {
    if (located) form.setValues({ lat: String(located.lat), lon: String(located.lon) });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [located]);

  // A pin dropped or dragged on the map sets the point.
  useEffect(() => {
    if (pin) form.setValues({ lat: String(pin.lat), lon: String(pin.lon) });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pin]);

  const submit = form.onSubmit((values) => {
    const point = values.lat.trim() === '' ? {} : { lat: Number(values.lat), lon: Number(values.lon) };
    if (!place) {
      actor.send({ type: 'save', change: { kind: 'address.create', place: { address: values.address.trim(), kind: values.kind, popular: values.popular, ...point } } });
      return;
    }
    const patch: PlacePatch = {};
    if (values.address.trim() !== place.address) patch.address = values.address.trim();
    if (values.kind !== place.kind) patch.kind = values.kind as PlacePatch['kind'];
    if (values.popular !== place.popular) patch.popular = values.popular;
    if ('lat' in point && (point.lat !== place.lat || point.lon !== place.lon)) Object.assign(patch, point);
    if (Object.keys(patch).length === 0) return form.setFieldError('address', PLACES_MESSAGES.nothingToChange);
    actor.send({ type: 'save', change: { kind: 'address.update', id: place.id, patch } });
  });

  const lat = Number(form.values.lat);
  const lon = Number(form.values.lon);
  const hasPoint = form.values.lat.trim() !== '' && form.values.lon.trim() !== '' && Number.isFinite(lat) && Number.isFinite(lon);
  return (
    <RegisterForm
      showLabel
      noValidate
      label={place ? `Edit ${place.address}` : 'Add a saved address'}
      error={error}
      busy={busy}
      submitLabel={place ? 'Save address' : 'Add address'}
      closeLabel={place ? 'Cancel' : 'Close'}
      onSubmit={() => submit()}
      onClose={() => actor.send({ type: 'close' })}
    >
      <Box style={{ gridColumn: '1 / -1' }}>
        <Group align="flex-end" gap="xs" wrap="wrap">
          <TextInput size="xs" label="Address" description="As visitors see it in suggestions" required style={{ flex: '1 1 16rem' }} {...form.getInputProps('address')} />
          <Button size="xs" variant="light" loading={locating} disabled={form.values.address.trim().length < 3} onClick={() => actor.send({ type: 'locate', address: form.values.address.trim() })}>
            Find coordinates
          </Button>
        </Group>
        <Text size="xs" c="dimmed" mt={4} role="status">
          {pin
            ? `Pin dropped at ${pin.lat}, ${pin.lon}.`
            : located
            ? `Found: ${located.label}${located.estimated ? ' (an estimate: the centre of the town or postcode district; enter the exact point if you know it)' : ''}.`
            : maps === 'google'
              ? "Leave the coordinates empty to place the address with Google's geocoder when saving."
              : 'Leave the coordinates empty to place the address with the built-in UK gazetteer when saving (town centres and postcode districts are estimates).'}
        </Text>
      </Box>
      <TextInput size="xs" label="Latitude" inputMode="decimal" placeholder="51.4723" {...form.getInputProps('lat')} />
      <TextInput size="xs" label="Longitude" inputMode="decimal" placeholder="-0.4877" {...form.getInputProps('lon')} />
      <NativeSelect size="xs" label="Kind" data={SAVED_PLACE_KINDS.map((kind) => ({ value: kind, label: KIND_LABELS[kind] }))} {...form.getInputProps('kind')} />
      <Box style={{ gridColumn: '1 / -1' }}>
        <MapPicker
          label="Map of the saved address"
          googleKey={browserMapsKey()}
          shape={{ kind: 'pin', pin: hasPoint ? { lat, lon } : null }}
          landmarks={landmarks}
          onPoint={(point) => actor.send({ type: 'pin.drop', point })}
        />
      </Box>
      <Box style={{ gridColumn: '1 / -1' }}>
        <Group gap="md">
          <Checkbox size="xs" label="Popular location (listed on the home page)" {...form.getInputProps('popular', { type: 'checkbox' })} />
          {hasPoint && (
            <Anchor size="xs" href={mapLink(lat, lon)} target="_blank" rel="noopener noreferrer">
              Check the point on OpenStreetMap (opens a new tab)
            </Anchor>
          )}
        </Group>
      </Box>
    </RegisterForm>
  );
}
