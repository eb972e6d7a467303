import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Alert.css';
import { Anchor, Button, Group, NativeSelect, Table, Text, Title } from '@mantine/core';
import { useActorRef, useSelector } from '@xstate/react';
import { consoleInvoiceFilePath, INVOICE_STATUS_LABELS, type InvoiceStatus } from '../../../../contract/invoices.ts';
import { AGING_BUCKETS, AGING_LABELS } from '../../../../contract/invoiceRules.ts';
import type { ConsolePage } from '../../../../machines/console/index.ts';
import { selectInvoicesStage } from '../../../../machines/consoleInvoices/index.ts';
import { invoicesLogic } from '../../../app/console/invoicesLogic.ts';
import { usePageTitle } from '../pageTitle.ts';
import { RegisterStatus } from '../RegisterParts.tsx';
import { ToneBadge } from '../StatusBadge.tsx';
import { CreditNotesTable } from './CreditNotesTable.tsx';
import { PaymentForm } from './PaymentForm.tsx';
import classes from '../Register.module.css';
import { poundsText } from '../../../../contract/money.ts';

const STATUS_COLOURS: Record<InvoiceStatus, string> = { unpaid: 'red', part_paid: 'blue', paid: 'green' };

/** /admin/invoices (owners): company accounts' invoices, what each account owes and for how long, payments, the run, credit notes. */
export function InvoicesPage(_props: { page?: ConsolePage }) {
  usePageTitle('Invoices');
  const actor = useActorRef(invoicesLogic);
  const stage = useSelector(actor, selectInvoicesStage);
  const { invoices, credit_notes: creditNotes, aging, notice, error, paying, accountId } = useSelector(actor, (s) => s.context);
  const payingInvoice = paying === null ? null : (invoices.find((invoice) => invoice.id === paying) ?? null);
  const busy = stage === 'loading' || stage === 'running' || stage === 'recording';
  return (
    <div className={classes.page}>
      <Title order={1} className={classes.heading}>
        Invoices
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        Company accounts are invoiced for their bookings on the first day of each period, and the invoice is mailed to the billing e-mail. Record payments as they arrive.
      </Text>
      <RegisterStatus stage={stage === 'failed' ? 'failed' : stage === 'loading' ? 'loading' : 'browsing'} empty={invoices.length === 0 && aging.length === 0} notice={notice} error={stage === 'paying' ? null : error} onRetry={() => actor.send({ type: 'retry' })}>
        <section aria-labelledby="owed-title" className={classes.section}>
          <Group justify="space-between" mb="xs">
            <Title order={2} id="owed-title" className={classes.subheading}>
              What each account owes
            </Title>
            <Button size="xs" variant="light" loading={stage === 'running'} disabled={busy} onClick={() => actor.send({ type: 'run' })}>
              Run invoices now
            </Button>
          </Group>
          {aging.length === 0 ? (
            <Text size="sm" c="dimmed">
              No company accounts yet.
            </Text>
          ) : (
            <Table.ScrollContainer minWidth={720} type="native" tabIndex={0}>
              <Table striped fz="sm" verticalSpacing={6} className={classes.table}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">Company</Table.Th>
                    {AGING_BUCKETS.map((bucket) => (
                      <Table.Th scope="col" key={bucket} style={{ textAlign: 'right' }}>
                        {AGING_LABELS[bucket]}
                      </Table.Th>
                    ))}
                    <Table.Th scope="col" style={{ textAlign: 'right' }}>
                      Total owed
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {aging.map((entry) => (
                    <Table.Tr key={entry.account_id} data-testid={`aging-${entry.account_id}`}>
                      <Table.Td fw={600}>{entry.account_name}</Table.Td>
                      {AGING_BUCKETS.map((bucket) => (
                        <Table.Td key={bucket} style={{ textAlign: 'right' }}>
                          {poundsText(entry.owed[bucket])}
                        </Table.Td>
                      ))}
                      <Table.Td fw={600} style={{ textAlign: 'right' }}>
                        {poundsText(entry.owed.total)}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </section>
        <section aria-labelledby="invoices-title" className={classes.section}>
          <Group justify="space-between" mb="xs" align="end">
            <Title order={2} id="invoices-title" className={classes.subheading}>
              Invoices
            </Title>
            <NativeSelect
              size="xs"
              label="Account"
              value={accountId === null ? '' : String(accountId)}
              disabled={busy}
              data={[{ value: '', label: 'All accounts' }, ...aging.map((entry) => ({ value: String(entry.account_id), label: entry.account_name }))]}
              onChange={(event) => actor.send({ type: 'filter', accountId: event.currentTarget.value === '' ? null : Number(event.currentTarget.value) })}
            />
          </Group>
          {payingInvoice && (stage === 'paying' || stage === 'recording') && <PaymentForm key={payingInvoice.id} actor={actor} invoice={payingInvoice} />}
          {invoices.length === 0 ? (
            stage !== 'loading' && (
              <Text size="sm" c="dimmed">
                No invoices yet.
              </Text>
            )
          ) : (
            <Table.ScrollContainer minWidth={900} type="native" tabIndex={0}>
              <Table striped fz="sm" verticalSpacing={6} className={classes.table}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">Invoice</Table.Th>
                    <Table.Th scope="col">Company</Table.Th>
                    <Table.Th scope="col">Period</Table.Th>
                    <Table.Th scope="col">Due</Table.Th>
                    <Table.Th scope="col" style={{ textAlign: 'right' }}>
                      Total
                    </Table.Th>
                    <Table.Th scope="col" style={{ textAlign: 'right' }}>
                      Owed
                    </Table.Th>
                    <Table.Th scope="col">Status</Table.Th>
                    <Table.Th scope="col">
                      <span className={classes.srOnly}>Files and payments</span>
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {invoices.map((invoice) => (
                    <Table.Tr key={invoice.id} data-testid={`invoice-${invoice.id}`}>
                      <Table.Td fw={600} style={{ whiteSpace: 'nowrap' }}>
                        {invoice.number}
                      </Table.Td>
                      <Table.Td>{invoice.account_name}</Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>
                        {invoice.period_start} to {invoice.period_end}
                      </Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>{invoice.due_on}</Table.Td>
                      <Table.Td style={{ textAlign: 'right' }}>{poundsText(invoice.total_pence)}</Table.Td>
                      <Table.Td style={{ textAlign: 'right' }}>{poundsText(invoice.outstanding_pence)}</Table.Td>
                      <Table.Td>
                        <ToneBadge color={STATUS_COLOURS[invoice.status]}>{INVOICE_STATUS_LABELS[invoice.status]}</ToneBadge>
                      </Table.Td>
                      <Table.Td>
                        <Group gap={8} wrap="nowrap">
                          <Anchor size="sm" href={consoleInvoiceFilePath(invoice.id, 'pdf')} download aria-label={`Download ${invoice.number} as PDF`}>
                            PDF
                          </Anchor>
                          <Anchor size="sm" href={consoleInvoiceFilePath(invoice.id, 'csv')} download aria-label={`Download the lines of ${invoice.number} as CSV`}>
                            CSV
                          </Anchor>
                          {invoice.outstanding_pence > 0 && (
                            <Button size="compact-xs" variant="subtle" disabled={busy || stage === 'paying'} onClick={() => actor.send({ type: 'pay', invoiceId: invoice.id })} aria-label={`Record a payment against ${invoice.number}`}>
                              Record payment
                            </Button>
                          )}
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </section>
        {stage !== 'loading' && <CreditNotesTable creditNotes={creditNotes} />}
      </RegisterStatus>
    </div>
  );
}
