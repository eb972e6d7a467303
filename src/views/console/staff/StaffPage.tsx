import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Alert.css';
import { Button, Group, NativeSelect, Paper, SimpleGrid, Table, Text, TextInput, Title } from '@mantine/core';
import { useActorRef, useSelector } from '@xstate/react';
import { useState, type FormEvent } from 'react';
import { STAFF_ROLES, type StaffMember, type StaffRole } from '../../../../contract/staff.ts';
import { selectSession, type ConsolePage } from '../../../../machines/console/index.ts';
import { selectItems, selectRegisterError, selectRegisterNotice, selectRegisterStage, selectSavingId } from '../../../../machines/consoleRegister/index.ts';
import { Console } from '../../../app/console/consoleLogic.ts';
import { usePageTitle } from '../pageTitle.ts';
import { RegisterStatus } from '../RegisterParts.tsx';
import { staffLogic } from '../../../app/console/staffLogic.ts';
import classes from '../Register.module.css';

type StaffActor = ReturnType<typeof useActorRef<typeof staffLogic>>;

const ROLE_LABELS: Record<StaffRole, string> = { owner: 'Owner', dispatcher: 'Dispatcher' };

function AddMember({ actor }: { actor: StaffActor }) {
  const error = useSelector(actor, selectRegisterError<StaffMember>);
  const [draft, setDraft] = useState({ name: '', email: '', role: 'dispatcher' });
  const set = (field: keyof typeof draft) => (event: { currentTarget: { value: string } }) => setDraft({ ...draft, [field]: event.currentTarget.value });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: 'save', change: { kind: 'add', ...draft } });
  };
  return (
    <Paper withBorder p="sm" mb="sm" className={classes.form} component="form" onSubmit={submit} aria-label="Add a staff member">
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xs">
        <TextInput size="xs" label="Name" required value={draft.name} onChange={set('name')} />
        <TextInput size="xs" label="E-mail" type="email" required value={draft.email} onChange={set('email')} />
        <NativeSelect size="xs" label="Role" value={draft.role} onChange={set('role')} data={STAFF_ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }))} />
      </SimpleGrid>
      <Text size="xs" c="dimmed" mt={6}>
        They receive a link to set their own password (valid 24 hours, once).
      </Text>
      {error && (
        <Text size="sm" c="red.8" role="alert" mt="xs">
          {error}
        </Text>
      )}
      <Group gap="xs" mt="sm">
        <Button type="submit" size="xs">
          Add and mail the link
        </Button>
        <Button type="button" size="xs" variant="default" onClick={() => actor.send({ type: 'add.close' })}>
          Close
        </Button>
      </Group>
    </Paper>
  );
}

/** /admin/staff (owners): who can use the console, their roles, invitations and deactivation. */
export function StaffPage(_props: { page: ConsolePage }) {
  usePageTitle('Staff');
  const session = Console.useSelector(selectSession);
  const actor = useActorRef(staffLogic);
  const stage = useSelector(actor, selectRegisterStage<StaffMember>);
  const staff = useSelector(actor, selectItems<StaffMember>);
  const notice = useSelector(actor, selectRegisterNotice<StaffMember>);
  const error = useSelector(actor, selectRegisterError<StaffMember>);
  const savingId = useSelector(actor, selectSavingId<StaffMember>);

  return (
    <div className={classes.page}>
      <Group justify="space-between" mb="xs">
        <Title order={1} className={classes.heading}>
          Staff
        </Title>
        {stage !== 'adding' && (
          <Button size="xs" variant="light" onClick={() => actor.send({ type: 'add.open' })}>
            Add a staff member
          </Button>
        )}
      </Group>
      <Text size="sm" c="dimmed" mb="md">
        Owners can do everything; dispatchers run bookings, enquiries and the fleet, but not settings or staff.
      </Text>
      {stage === 'adding' && <AddMember actor={actor} />}
      <RegisterStatus stage={stage} empty={staff.length === 0} notice={notice} error={error} onRetry={() => actor.send({ type: 'retry' })}>
        <Table.ScrollContainer minWidth={680} type="native">
          <Table striped fz="sm" verticalSpacing={6} className={classes.table}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Name</Table.Th>
                <Table.Th scope="col">E-mail</Table.Th>
                <Table.Th scope="col">Role</Table.Th>
                <Table.Th scope="col">Status</Table.Th>
                <Table.Th scope="col">
                  <span className={classes.srOnly}>Actions</span>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {staff.map((member) => {
                const self = member.id === session?.staff.id;
                return (
                  <Table.Tr key={member.id} className={member.active ? undefined : classes.inactive}>
                    <Table.Td fw={500}>
                      {member.name}
                      {self ? ' (you)' : ''}
                    </Table.Td>
                    <Table.Td>{member.email}</Table.Td>
                    <Table.Td>
                      <NativeSelect
                        size="xs"
                        aria-label={`Role of ${member.name}`}
                        value={member.role}
                        disabled={savingId === member.id}
                        onChange={(event) => actor.send({ type: 'save', change: { kind: 'role', id: member.id, name: member.name, role: event.currentTarget.value } })}
                        data={STAFF_ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }))}
                      />
                    </Table.Td>
                    <Table.Td>{!member.active ? 'Deactivated' : member.password_set ? 'Active' : 'Invited'}</Table.Td>
                    <Table.Td>
                      <Group gap={4} wrap="nowrap">
                        {member.active && !member.password_set && (
                          <Button size="compact-xs" variant="subtle" onClick={() => actor.send({ type: 'save', change: { kind: 'link', id: member.id, email: member.email } })} aria-label={`Mail a new link to ${member.name}`}>
                            Mail a new link
                          </Button>
                        )}
                        {!self && (
                          <Button
                            size="compact-xs"
                            variant="subtle"
                            color={member.active ? 'dark' : 'brand'}
                            loading={savingId === member.id}
                            onClick={() => actor.send({ type: 'save', change: { kind: 'active', id: member.id, name: member.name, active: !member.active } })}
                            aria-label={`${member.active ? 'Deactivate' : 'Reactivate'} ${member.name}`}
                          >
                            {member.active ? 'Deactivate' : 'Reactivate'}
                          </Button>
                        )}
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </RegisterStatus>
    </div>
  );
}
