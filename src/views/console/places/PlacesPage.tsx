import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Checkbox.css';
import { Anchor, Button, Group, Table, Text, Title } from '@mantine/core';
import { useActorRef, useSelector } from '@xstate/react';
import type { ConsolePage } from '../../../../machines/console/index.ts';
import { selectPlacesStage, selectSavingRow, type PlacesMachine, type PlacesStage } from '../../../../machines/consolePlaces/index.ts';
import { londonDateTime } from '../format.ts';
import { usePageTitle } from '../pageTitle.ts';
import { RegisterStatus } from '../RegisterParts.tsx';
import { ToneBadge } from '../StatusBadge.tsx';
import { AddressForm, KIND_LABELS } from './AddressForm.tsx';
import { BanForm } from './BanForm.tsx';
import { placesLogic } from '../../../app/console/placesLogic.ts';
import { mapLink, point } from './placesFormat.ts';
import classes from '../Register.module.css';

type PlacesActor = ReturnType<typeof useActorRef<PlacesMachine>>;

/** The register frame's loading / failed / notice states, for this page's stages. */
const registerStage = (stage: PlacesStage) => (stage === 'address' || stage === 'ban' ? 'adding' : stage === 'saving' ? 'saving' : stage);

function SavedAddresses({ actor, stage }: { actor: PlacesActor; stage: PlacesStage }) {
  const addresses = useSelector(actor, (s) => s.context.addresses);
  const editing = useSelector(actor, (s) => s.context.editing);
  const savingRow = useSelector(actor, selectSavingRow);
  const busy = stage === 'saving';
  const edited = editing === null ? null : (addresses.find((place) => place.id === editing) ?? null);
  return (
    <section aria-labelledby="addresses-title" className={classes.section}>
      <Group justify="space-between" mb="xs">
        <Title order={2} id="addresses-title" className={classes.subheading}>
          Saved addresses and popular locations
        </Title>
        {stage !== 'address' && (
          <Button size="xs" variant="light" onClick={() => actor.send({ type: 'address.add' })} disabled={stage === 'loading' || stage === 'failed'}>
            Add address
          </Button>
        )}
      </Group>
      <Text size="sm" c="dimmed" mb="xs">
        Visitors see saved addresses first as they type, priced from these exact points. Popular ones are listed on the home page when its popular locations section is switched on.
      </Text>
      {stage === 'address' && <AddressForm key={editing ?? 'new'} actor={actor} place={edited} />}
      {addresses.length === 0 ? (
        stage !== 'loading' && (
          <Text size="sm" c="dimmed">
            No saved addresses yet. Add the airports, stations and hotels your passengers ask for most.
          </Text>
        )
      ) : (
        <Table.ScrollContainer minWidth={760} type="native">
          <Table striped fz="sm" verticalSpacing={6} className={classes.table}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col" miw={220}>
                  Address
                </Table.Th>
                <Table.Th scope="col">Kind</Table.Th>
                <Table.Th scope="col">Coordinates</Table.Th>
                <Table.Th scope="col">Popular</Table.Th>
                <Table.Th scope="col">
                  <span className={classes.srOnly}>Actions</span>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {addresses.map((place) => (
                <Table.Tr key={place.id}>
                  <Table.Td fw={500}>{place.address}</Table.Td>
                  <Table.Td>{KIND_LABELS[place.kind] ?? place.kind}</Table.Td>
                  <Table.Td className={classes.plate} style={{ whiteSpace: 'nowrap' }}>
                    <Anchor size="sm" href={mapLink(place.lat, place.lon)} target="_blank" rel="noopener noreferrer" aria-label={`${point(place.lat, place.lon)}: ${place.address} on OpenStreetMap (opens a new tab)`}>
                      {point(place.lat, place.lon)}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>
                    {place.popular ? (
                      <ToneBadge color="green" size="sm" className={classes.badge}>
                        Popular
                      </ToneBadge>
                    ) : (
                      <Text size="sm" c="dimmed">
                        No
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      <Button size="compact-xs" variant="subtle" disabled={busy || editing === place.id} onClick={() => actor.send({ type: 'address.edit', id: place.id })} aria-label={`Edit ${place.address}`}>
                        Edit
                      </Button>
                      <Button
                        size="compact-xs"
                        variant="subtle"
                        color="dark"
                        disabled={busy}
                        loading={savingRow === `address.update:${place.id}`}
                        onClick={() => actor.send({ type: 'save', change: { kind: 'address.update', id: place.id, patch: { popular: !place.popular } } })}
                        aria-label={`${place.popular ? 'Unmark' : 'Mark'} ${place.address} as popular`}
                      >
                        {place.popular ? 'Unmark popular' : 'Mark popular'}
                      </Button>
                      <Button
                        size="compact-xs"
                        variant="subtle"
                        color="red"
                        disabled={busy}
                        loading={savingRow === `address.delete:${place.id}`}
                        onClick={() => actor.send({ type: 'save', change: { kind: 'address.delete', id: place.id, address: place.address } })} aria-label={`Remove ${place.address}`}>
                        Remove
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </section>
  );
}

function BannedAddresses({ actor, stage }: { actor: PlacesActor; stage: PlacesStage }) {
  const banned = useSelector(actor, (s) => s.context.banned);
  const savingRow = useSelector(actor, selectSavingRow);
  const busy = stage === 'saving';
  return (
    <section aria-labelledby="banned-title" className={classes.section}>
      <Group justify="space-between" mb="xs">
        <Title order={2} id="banned-title" className={classes.subheading}>
          Banned addresses
        </Title>
        {stage !== 'ban' && (
          <Button size="xs" variant="light" onClick={() => actor.send({ type: 'ban.add' })} disabled={stage === 'loading' || stage === 'failed'}>
            Ban an address
          </Button>
        )}
      </Group>
      <Text size="sm" c="dimmed" mb="xs">
        A search whose pickup, stop or drop-off contains a pattern's words (whole words, in order, any case or punctuation) is refused with “Address is banned”.
      </Text>
      {stage === 'ban' && <BanForm actor={actor} />}
      {banned.length === 0 ? (
        stage !== 'loading' && (
          <Text size="sm" c="dimmed">
            No banned addresses.
          </Text>
        )
      ) : (
        <Table.ScrollContainer minWidth={520} type="native">
          <Table striped fz="sm" verticalSpacing={6} className={classes.table}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Pattern</Table.Th>
                <Table.Th scope="col">Reason</Table.Th>
                <Table.Th scope="col">Banned since</Table.Th>
                <Table.Th scope="col">
                  <span className={classes.srOnly}>Actions</span>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {banned.map((ban) => (
                <Table.Tr key={ban.id}>
                  <Table.Td fw={500}>{ban.pattern}</Table.Td>
                  <Table.Td>{ban.reason ?? ''}</Table.Td>
                  <Table.Td>{londonDateTime(ban.created_at)}</Table.Td>
                  <Table.Td>
                    <Button
                      size="compact-xs"
                      variant="subtle"
                      color="red"
                      disabled={busy}
                      loading={savingRow === `ban.delete:${ban.id}`}
                      onClick={() => actor.send({ type: 'save', change: { kind: 'ban.delete', id: ban.id, pattern: ban.pattern } })}
                      aria-label={`Lift the ban on ${ban.pattern}`}
                    >
                      Lift ban
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </section>
  );
}

/** /admin/places (owners): saved addresses, popular locations and banned addresses. */
export function PlacesPage(_props: { page?: ConsolePage }) {
  usePageTitle('Places');
  const actor = useActorRef(placesLogic);
  const stage = useSelector(actor, selectPlacesStage);
  const notice = useSelector(actor, (s) => s.context.notice);
  const error = useSelector(actor, (s) => s.context.error);
  const empty = useSelector(actor, (s) => s.context.addresses.length === 0 && s.context.banned.length === 0);
  return (
    <div className={classes.page}>
      <Title order={1} className={classes.heading}>
        Places
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        Changes reach the website on its next page load.
      </Text>
      <RegisterStatus stage={registerStage(stage)} empty={empty} notice={notice} error={error} onRetry={() => actor.send({ type: 'retry' })}>
        <BannedAddresses actor={actor} stage={stage} />
        <SavedAddresses actor={actor} stage={stage} />
      </RegisterStatus>
    </div>
  );
}
