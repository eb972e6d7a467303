import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/CloseButton.css';
import { Alert, Badge, Button, Center, Group, Loader, NativeSelect, Paper, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { COMPANY_ROLE_LABELS, COMPANY_ROLES, type CompanyRole } from '../../../contract/companyAccounts.ts';
import { selectPassenger, selectToken } from '../../../machines/corporate/index.ts';
import { sendCorporate, useCorporate } from '../../app/corporate/corporateSession.ts';
import { membersLogic } from '../../app/corporate/membersLogic.ts';
import { CorporateLayout } from './CorporateLayout.tsx';

type MembersActor = ReturnType<typeof useActorRef<typeof membersLogic>>;

function InviteForm({ actor }: { actor: MembersActor }) {
  const inviting = useSelector(actor, (s) => s.matches({ ready: 'inviting' }));
  const error = useSelector(actor, (s) => s.context.inviteError);
  const invitedCount = useSelector(actor, (s) => s.context.invitedCount);
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<CompanyRole>('booker');
  useEffect(() => setEmail(''), [invitedCount]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: 'invite.submit', email, role });
  };
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="form" onSubmit={submit} noValidate aria-labelledby="invite-heading">
      <Title order={2} size="h4" id="invite-heading" mb="sm">
        Invite a member
      </Title>
      <Group align="flex-start" gap="sm" wrap="wrap">
        <TextInput label="E-mail" type="email" autoComplete="off" value={email} onChange={(e) => setEmail(e.currentTarget.value)} error={error} style={{ flex: '1 1 16rem' }} />
        <NativeSelect label="Role" value={role} onChange={(e) => setRole(e.currentTarget.value as CompanyRole)} data={COMPANY_ROLES.map((value) => ({ value, label: COMPANY_ROLE_LABELS[value] }))} style={{ flex: '0 1 12rem' }} />
        <Button type="submit" loading={inviting} mt={{ base: 0, xs: 25 }}>
          Send invitation
        </Button>
      </Group>
    </Paper>
  );
}

function MembersTable({ actor }: { actor: MembersActor }) {
  const account = useSelector(actor, (s) => s.context.account);
  const removing = useSelector(actor, (s) => s.context.removing);
  const confirming = useSelector(actor, (s) => s.matches({ ready: 'confirmingRemove' }) || s.matches({ ready: 'removing' }));
  const busy = useSelector(actor, (s) => s.matches({ ready: 'removing' }));
  const me = useCorporate(selectPassenger);
  if (!account) return null;
  return (
    <Paper withBorder radius="lg" p={0} style={{ overflow: 'hidden' }}>
      <Table.ScrollContainer minWidth={320}>
        <Table verticalSpacing="sm" horizontalSpacing="sm" fz="sm" aria-label="Members">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Member</Table.Th>
              <Table.Th>Role</Table.Th>
              <Table.Th>Action</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {account.members.map((member) => (
              <Table.Tr key={member.passenger_id} data-testid="member-row">
                <Table.Td style={{ overflowWrap: 'anywhere' }}>
                  <Text size="sm" fw={600}>
                    {member.name}
                  </Text>
                  <Text size="sm" c="dimmed">
                    {member.email}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Badge variant="light" color={member.role === 'admin' ? 'grape' : 'blue'} tt="none" radius="sm">
                    {COMPANY_ROLE_LABELS[member.role]}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  {member.passenger_id === me?.passenger_id ? (
                    <Text size="sm" c="dimmed">
                      You
                    </Text>
                  ) : confirming && removing?.passenger_id === member.passenger_id ? (
                    <Group gap="xs" wrap="nowrap">
                      <Button size="compact-sm" color="red.8" loading={busy} onClick={() => actor.send({ type: 'remove.confirm' })}>
                        Yes, remove
                      </Button>
                      <Button size="compact-sm" variant="default" disabled={busy} onClick={() => actor.send({ type: 'remove.back' })}>
                        Keep
                      </Button>
                    </Group>
                  ) : (
                    <Button size="compact-sm" variant="outline" color="red.8" disabled={confirming} onClick={() => actor.send({ type: 'remove.start', passengerId: member.passenger_id })} aria-label={`Remove ${member.name}`}>
                      Remove
                    </Button>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}

function Members({ bearer }: { bearer: string }) {
  const actor = useActorRef(membersLogic, { input: { bearer } });
  const loading = useSelector(actor, (s) => s.matches('loading') && s.context.account === null);
  const failed = useSelector(actor, (s) => s.matches('failed'));
  const loadError = useSelector(actor, (s) => s.context.loadError);
  const account = useSelector(actor, (s) => s.context.account);
  const notice = useSelector(actor, (s) => s.context.notice);
  const ended = useSelector(actor, (s) => s.matches('sessionEnded'));
  useEffect(() => {
    if (ended) sendCorporate({ type: 'route.enter', path: '/members' });
  }, [ended]);

  if (failed)
    return (
      <Alert color="red" variant="light" role="alert">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{loadError}</Text>
          <Button size="xs" variant="white" color="red" onClick={() => actor.send({ type: 'retry' })}>
            Try again
          </Button>
        </Stack>
      </Alert>
    );
  if (loading)
    return (
      <Center mih={200}>
        <Loader role="progressbar" aria-label="Loading the members" />
      </Center>
    );
  if (!account || account.role !== 'admin')
    return (
      <Paper withBorder radius="lg" p="lg" data-testid="members-not-admin">
        <Text>{account ? 'Only an account admin can see and manage the members of your company account.' : 'You are not a member of a company account.'}</Text>
        <Button component={Link} href="/bookings" variant="light" mt="md">
          Bookings
        </Button>
      </Paper>
    );
  return (
    <Stack gap="lg">
      <Text c="dimmed">{account.name}</Text>
      {notice && (
        <Alert color={notice.tone === 'success' ? 'teal' : 'red'} variant="light" role={notice.tone === 'success' ? 'status' : 'alert'} withCloseButton closeButtonLabel="Dismiss" onClose={() => actor.send({ type: 'notice.dismiss' })} data-testid="members-notice">
          {notice.text}
        </Alert>
      )}
      <MembersTable actor={actor} />
      <InviteForm actor={actor} />
    </Stack>
  );
}

/** /members: an account admin's members of the company account (issue 34): role, invite by e-mail, remove. */
export function MembersView() {
  const token = useCorporate(selectToken);
  return (
    <CorporateLayout>
      <Title order={1} size="h2" mb="lg">
        Members
      </Title>
      {token && <Members key={token} bearer={token} />}
    </CorporateLayout>
  );
}
