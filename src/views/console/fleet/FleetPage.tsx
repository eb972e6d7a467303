import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Alert.css';
import { Button, Group, NativeSelect, Table, Text, TextInput, Title } from '@mantine/core';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useState, type ReactNode } from 'react';
import type { Driver, Vehicle } from '../../../../contract/fleet.ts';
import type { ConsolePage } from '../../../../machines/console/index.ts';
import { selectEditingId, selectItems, selectRegisterError, selectRegisterNotice, selectRegisterStage, selectSavingId } from '../../../../machines/consoleRegister/index.ts';
import { usePageTitle } from '../pageTitle.ts';
import { RegisterStatus } from '../RegisterParts.tsx';
import { ToneBadge } from '../StatusBadge.tsx';
import { EditDriver, EditVehicle } from './FleetEdit.tsx';
import { RegisterForm } from './RegisterForm.tsx';
import { categoriesLogic, driversLogic, vehiclesLogic } from '../../../app/console/fleetLogic.ts';
import classes from '../Register.module.css';

type DriversActor = ReturnType<typeof useActorRef<typeof driversLogic>>;
type VehiclesActor = ReturnType<typeof useActorRef<typeof vehiclesLogic>>;

function Licence({ expiry, expired }: { expiry: string; expired: boolean }) {
  return expired ? (
    <ToneBadge color="red" size="sm" miw="max-content">
      Expired {expiry}
    </ToneBadge>
  ) : (
    <Text size="sm">{expiry}</Text>
  );
}

function ActiveToggle({ active, busy, onToggle, name }: { active: boolean; busy: boolean; onToggle: () => void; name: string }) {
  return (
    <Button size="compact-xs" variant="subtle" color={active ? 'dark' : 'brand'} loading={busy} onClick={onToggle} aria-label={`${active ? 'Deactivate' : 'Reactivate'} ${name}`}>
      {active ? 'Deactivate' : 'Reactivate'}
    </Button>
  );
}

function RowActions({ name, editing, busy, onEdit, children }: { name: string; editing: boolean; busy: boolean; onEdit: () => void; children: ReactNode }) {
  return (
    <Group gap={4} wrap="nowrap">
      <Button size="compact-xs" variant="subtle" onClick={onEdit} disabled={editing || busy} aria-label={`Edit ${name}`}>
        Edit
      </Button>
      {children}
    </Group>
  );
}

function AddDriver({ actor }: { actor: DriversActor }) {
  const error = useSelector(actor, selectRegisterError);
  const [draft, setDraft] = useState({ name: '', phone: '', licence_number: '', licensing_authority: 'Transport for London', licence_expiry: '' });
  const set = (field: keyof typeof draft) => (event: { currentTarget: { value: string } }) => setDraft({ ...draft, [field]: event.currentTarget.value });
  return (
    <RegisterForm label="Add a driver" error={error} submitLabel="Add driver" closeLabel="Close" onSubmit={() => actor.send({ type: 'save', change: { kind: 'add', driver: draft } })} onClose={() => actor.send({ type: 'add.close' })}>
      <TextInput size="xs" label="Name" required value={draft.name} onChange={set('name')} />
      <TextInput size="xs" label="Phone" value={draft.phone} onChange={set('phone')} />
      <TextInput size="xs" label="PHV driver licence number" required value={draft.licence_number} onChange={set('licence_number')} />
      <TextInput size="xs" label="Licensing authority" required value={draft.licensing_authority} onChange={set('licensing_authority')} />
      <TextInput size="xs" label="Licence expiry" type="date" required value={draft.licence_expiry} onChange={set('licence_expiry')} />
    </RegisterForm>
  );
}

function AddVehicle({ actor }: { actor: VehiclesActor }) {
  const error = useSelector(actor, selectRegisterError);
  const categories = useSelector(useActorRef(categoriesLogic), selectItems<{ value: string; label: string }>);
  const [draft, setDraft] = useState({ registration: '', make: '', model: '', colour: '', category_id: '', licence_number: '', licence_expiry: '' });
  const set = (field: keyof typeof draft) => (event: { currentTarget: { value: string } }) => setDraft({ ...draft, [field]: event.currentTarget.value });
  return (
    <RegisterForm
      label="Add a vehicle"
      error={error}
      submitLabel="Add vehicle"
      closeLabel="Close"
      onSubmit={() => actor.send({ type: 'save', change: { kind: 'add', vehicle: { ...draft, category_id: Number(draft.category_id) } } })}
      onClose={() => actor.send({ type: 'add.close' })}
    >
      <TextInput size="xs" label="Registration" required value={draft.registration} onChange={set('registration')} />
      <TextInput size="xs" label="Make" required value={draft.make} onChange={set('make')} />
      <TextInput size="xs" label="Model" required value={draft.model} onChange={set('model')} />
      <TextInput size="xs" label="Colour" required value={draft.colour} onChange={set('colour')} />
      <NativeSelect size="xs" label="Category" value={draft.category_id} onChange={set('category_id')} required data={[{ value: '', label: 'Choose a category' }, ...categories]} />
      <TextInput size="xs" label="PHV vehicle licence number" required value={draft.licence_number} onChange={set('licence_number')} />
      <TextInput size="xs" label="Licence expiry" type="date" required value={draft.licence_expiry} onChange={set('licence_expiry')} />
    </RegisterForm>
  );
}

/** The driver's app (issue 32): a set-password link mailed to the driver; the register's notice says "Invitation sent" or the server's reason. */
function InviteDriver({ actor, driver, onClose }: { actor: DriversActor; driver: Driver; onClose: () => void }) {
  const [email, setEmail] = useState('');
  const busy = useSelector(actor, selectSavingId<Driver>) === driver.id;
  return (
    <RegisterForm label={`Invite ${driver.name} to the app`} showLabel error={null} busy={busy} submitLabel="Send invitation" closeLabel="Close" onSubmit={() => actor.send({ type: 'save', change: { kind: 'invite', id: driver.id, email: email.trim() } })} onClose={onClose}>
      <TextInput size="xs" label="Driver's e-mail" type="email" required autoComplete="off" value={email} onChange={(event) => setEmail(event.currentTarget.value)} description="They get a link to set their password for the driver app." />
    </RegisterForm>
  );
}

function Drivers() {
  const actor = useActorRef(driversLogic);
  const stage = useSelector(actor, selectRegisterStage<Driver>);
  const drivers = useSelector(actor, selectItems<Driver>);
  const notice = useSelector(actor, selectRegisterNotice<Driver>);
  const error = useSelector(actor, selectRegisterError<Driver>);
  const savingId = useSelector(actor, selectSavingId<Driver>);
  const editingId = useSelector(actor, selectEditingId<Driver>);
  const editedDriver = drivers.find((driver) => driver.id === editingId);
  const [invitingId, setInvitingId] = useState<number | null>(null);
  const invited = stage === 'browsing' || stage === 'saving' ? drivers.find((driver) => driver.id === invitingId) : undefined;
  // Sent: the list is read again; the form closes and the notice says so.
  useEffect(() => {
    if (stage === 'loading') setInvitingId(null);
  }, [stage]);
  return (
    <section aria-labelledby="drivers-title" className={classes.section}>
      <Group justify="space-between" mb="xs">
        <Title order={2} id="drivers-title" className={classes.subheading}>
          Drivers
        </Title>
        {stage !== 'adding' && (
          <Button size="xs" variant="light" onClick={() => actor.send({ type: 'add.open' })}>
            Add driver
          </Button>
        )}
      </Group>
      {stage === 'adding' && <AddDriver actor={actor} />}
      {stage === 'editing' && editedDriver && <EditDriver key={editedDriver.id} actor={actor} driver={editedDriver} />}
      {invited && <InviteDriver key={invited.id} actor={actor} driver={invited} onClose={() => setInvitingId(null)} />}
      <RegisterStatus stage={stage} empty={drivers.length === 0} notice={notice} error={error} onRetry={() => actor.send({ type: 'retry' })}>
        {drivers.length === 0 ? (
          <Text size="sm" c="dimmed">
            No drivers yet. Add the first to assign bookings.
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={640} type="native">
            <Table striped fz="sm" verticalSpacing={6} className={classes.table}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Name</Table.Th>
                  <Table.Th scope="col">Phone</Table.Th>
                  <Table.Th scope="col">PHV licence</Table.Th>
                  <Table.Th scope="col">Expires</Table.Th>
                  <Table.Th scope="col">Status</Table.Th>
                  <Table.Th scope="col">
                    <span className={classes.srOnly}>Actions</span>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {drivers.map((driver) => (
                  <Table.Tr key={driver.id} className={driver.active ? undefined : classes.inactive}>
                    <Table.Td fw={500}>{driver.name}</Table.Td>
                    <Table.Td>{driver.phone}</Table.Td>
                    <Table.Td>
                      {driver.licence_number}
                      <Text size="xs" c="dimmed">
                        {driver.licensing_authority}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Licence expiry={driver.licence_expiry} expired={driver.licence_expired} />
                    </Table.Td>
                    <Table.Td>{driver.active ? 'Active' : 'Inactive'}</Table.Td>
                    <Table.Td>
                      <RowActions name={driver.name} editing={editingId === driver.id} busy={savingId === driver.id} onEdit={() => actor.send({ type: 'edit.open', id: driver.id })}>
                        {driver.active && (
                          <Button size="compact-xs" variant="subtle" onClick={() => setInvitingId(driver.id)} disabled={invitingId === driver.id || savingId === driver.id} aria-label={`Invite ${driver.name} to the app`}>
                            Invite to the app
                          </Button>
                        )}
                        <ActiveToggle active={driver.active} name={driver.name} busy={savingId === driver.id} onToggle={() => actor.send({ type: 'save', change: { kind: 'active', id: driver.id, active: !driver.active } })} />
                      </RowActions>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </RegisterStatus>
    </section>
  );
}

function Vehicles() {
  const actor = useActorRef(vehiclesLogic);
  const stage = useSelector(actor, selectRegisterStage<Vehicle>);
  const vehicles = useSelector(actor, selectItems<Vehicle>);
  const notice = useSelector(actor, selectRegisterNotice<Vehicle>);
  const error = useSelector(actor, selectRegisterError<Vehicle>);
  const savingId = useSelector(actor, selectSavingId<Vehicle>);
  const editingId = useSelector(actor, selectEditingId<Vehicle>);
  const editedVehicle = vehicles.find((vehicle) => vehicle.id === editingId);
  return (
    <section aria-labelledby="vehicles-title" className={classes.section}>
      <Group justify="space-between" mb="xs">
        <Title order={2} id="vehicles-title" className={classes.subheading}>
          Vehicles
        </Title>
        {stage !== 'adding' && (
          <Button size="xs" variant="light" onClick={() => actor.send({ type: 'add.open' })}>
            Add vehicle
          </Button>
        )}
      </Group>
      {stage === 'adding' && <AddVehicle actor={actor} />}
      {stage === 'editing' && editedVehicle && <EditVehicle key={editedVehicle.id} actor={actor} vehicle={editedVehicle} />}
      <RegisterStatus stage={stage} empty={vehicles.length === 0} notice={notice} error={error} onRetry={() => actor.send({ type: 'retry' })}>
        {vehicles.length === 0 ? (
          <Text size="sm" c="dimmed">
            No vehicles yet.
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={640} type="native">
            <Table striped fz="sm" verticalSpacing={6} className={classes.table}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Registration</Table.Th>
                  <Table.Th scope="col">Vehicle</Table.Th>
                  <Table.Th scope="col">Category</Table.Th>
                  <Table.Th scope="col">PHV licence</Table.Th>
                  <Table.Th scope="col">Expires</Table.Th>
                  <Table.Th scope="col">Status</Table.Th>
                  <Table.Th scope="col">
                    <span className={classes.srOnly}>Actions</span>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {vehicles.map((vehicle) => (
                  <Table.Tr key={vehicle.id} className={vehicle.active ? undefined : classes.inactive}>
                    <Table.Td fw={600} className={classes.plate}>
                      {vehicle.registration}
                    </Table.Td>
                    <Table.Td>
                      {vehicle.make} {vehicle.model}, {vehicle.colour}
                    </Table.Td>
                    <Table.Td>{vehicle.category_name}</Table.Td>
                    <Table.Td>{vehicle.licence_number}</Table.Td>
                    <Table.Td>
                      <Licence expiry={vehicle.licence_expiry} expired={vehicle.licence_expired} />
                    </Table.Td>
                    <Table.Td>{vehicle.active ? 'Active' : 'Inactive'}</Table.Td>
                    <Table.Td>
                      <RowActions name={vehicle.registration} editing={editingId === vehicle.id} busy={savingId === vehicle.id} onEdit={() => actor.send({ type: 'edit.open', id: vehicle.id })}>
                        <ActiveToggle active={vehicle.active} name={vehicle.registration} busy={savingId === vehicle.id} onToggle={() => actor.send({ type: 'save', change: { kind: 'active', id: vehicle.id, active: !vehicle.active } })} />
                      </RowActions>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </RegisterStatus>
    </section>
  );
}

/** /admin/fleet: the site's registers of licensed drivers and vehicles. */
export function FleetPage(_props: { page: ConsolePage }) {
  usePageTitle('Drivers & vehicles');
  return (
    <div className={classes.page}>
      <Title order={1} className={classes.heading}>
        Drivers & vehicles
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        Only active entries with a PHV licence valid on the day of a job can be assigned to it. Nothing is deleted: bookings keep the driver and vehicle as they were.
      </Text>
      <Drivers />
      <Vehicles />
    </div>
  );
}
