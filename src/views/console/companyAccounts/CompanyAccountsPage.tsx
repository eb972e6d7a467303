import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Checkbox.css';
import { Button, Group, Table, Text, Title } from '@mantine/core';
import { useActorRef, useSelector } from '@xstate/react';
import type { ConsolePage } from '../../../../machines/console/index.ts';
import { selectCompanyAccountsStage } from '../../../../machines/consoleCompanyAccounts/index.ts';
import { companyAccountsLogic } from '../../../app/console/companyAccountsLogic.ts';
import { usePageTitle } from '../pageTitle.ts';
import { RegisterStatus } from '../RegisterParts.tsx';
import { ToneBadge } from '../StatusBadge.tsx';
import { CompanyAccountForm, InviteAdminForm } from './CompanyAccountForm.tsx';
import classes from '../Register.module.css';
import { poundsText } from '../../../../contract/money.ts';


/** /admin/company-accounts (owners): companies that book on account; create, edit, switch off, invite an admin. */
export function CompanyAccountsPage(_props: { page?: ConsolePage }) {
  usePageTitle('Company accounts');
  const actor = useActorRef(companyAccountsLogic);
  const stage = useSelector(actor, selectCompanyAccountsStage);
  const notice = useSelector(actor, (s) => s.context.notice);
  const error = useSelector(actor, (s) => s.context.error);
  const accounts = useSelector(actor, (s) => s.context.accounts);
  const editing = useSelector(actor, (s) => s.context.editing);
  const formKind = useSelector(actor, (s) => s.context.formKind);
  const edited = editing === null ? null : (accounts.find((account) => account.id === editing) ?? null);
  return (
    <div className={classes.page}>
      <Title order={1} className={classes.heading}>
        Company accounts
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        Companies whose people book on account, up to a credit limit, and are invoiced for it. Invite each company's first account admin; they invite their colleagues.
      </Text>
      <RegisterStatus stage={stage === 'form' ? 'adding' : stage} empty={accounts.length === 0} notice={notice} error={stage === 'form' ? null : error} onRetry={() => actor.send({ type: 'retry' })}>
        <section aria-labelledby="accounts-title" className={classes.section}>
          <Group justify="space-between" mb="xs">
            <Title order={2} id="accounts-title" className={classes.subheading}>
              Accounts
            </Title>
            {stage !== 'form' && (
              <Button size="xs" variant="light" onClick={() => actor.send({ type: 'add' })} disabled={stage === 'loading' || stage === 'failed'}>
                New company account
              </Button>
            )}
          </Group>
          {stage === 'form' && formKind === 'account' && <CompanyAccountForm key={editing ?? 'new'} actor={actor} account={edited} />}
          {stage === 'form' && formKind === 'invite' && edited && <InviteAdminForm key={`invite-${edited.id}`} actor={actor} account={edited} />}
          {accounts.length === 0 ? (
            stage !== 'loading' && (
              <Text size="sm" c="dimmed">
                No company accounts yet.
              </Text>
            )
          ) : (
            <Table.ScrollContainer minWidth={760} type="native">
              <Table striped fz="sm" verticalSpacing={6} className={classes.table}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">Company</Table.Th>
                    <Table.Th scope="col">Billing e-mail</Table.Th>
                    <Table.Th scope="col">Credit used / limit</Table.Th>
                    <Table.Th scope="col">Terms</Table.Th>
                    <Table.Th scope="col">Members</Table.Th>
                    <Table.Th scope="col">Status</Table.Th>
                    <Table.Th scope="col">
                      <span className={classes.srOnly}>Actions</span>
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {accounts.map((account) => (
                    <Table.Tr key={account.id} data-testid={`company-account-${account.id}`}>
                      <Table.Td fw={600}>{account.name}</Table.Td>
                      <Table.Td>{account.billing_email}</Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>
                        {poundsText(account.used_pence)} / {poundsText(account.credit_limit_pence)}
                      </Table.Td>
                      <Table.Td>
                        {account.invoice_period === 'monthly' ? 'Monthly' : 'Weekly'}, {account.payment_terms_days} days
                      </Table.Td>
                      <Table.Td>{account.members}</Table.Td>
                      <Table.Td>{account.active ? <ToneBadge color="green">On</ToneBadge> : <ToneBadge color="gray">Off</ToneBadge>}</Table.Td>
                      <Table.Td>
                        <Group gap={4} wrap="nowrap">
                          <Button size="compact-xs" variant="subtle" disabled={stage === 'form'} onClick={() => actor.send({ type: 'edit', id: account.id })} aria-label={`Edit ${account.name}`}>
                            Edit
                          </Button>
                          <Button size="compact-xs" variant="subtle" disabled={stage === 'form'} onClick={() => actor.send({ type: 'invite', id: account.id })} aria-label={`Invite an admin to ${account.name}`}>
                            Invite admin
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
      </RegisterStatus>
    </div>
  );
}
