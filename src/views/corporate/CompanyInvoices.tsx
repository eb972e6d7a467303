import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Table.css';
import { Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useId } from 'react';
import { INVOICE_STATUS_LABELS, type InvoiceFormat } from '../../../contract/invoices.ts';
import { corporateInvoicesLogic } from '../../app/corporate/invoicesLogic.ts';
import { downloadLogic } from '../../app/download/downloadLogic.ts';
import { sendCorporate } from '../../app/corporate/corporateSession.ts';
import { formatDate } from './format.ts';
import { poundsText } from '../../../contract/money.ts';

/**
 * The account's invoices, for its account admins (issue 34): each with its total, what is still owed and the PDF and
 * CSV. A booker sees nothing (the server answers 403: machines/corporate/invoices.machine.ts hides the section).
 */
export function CompanyInvoices({ bearer }: { bearer: string }) {
  const list = useActorRef(corporateInvoicesLogic(bearer));
  const download = useActorRef(downloadLogic);
  const state = useSelector(list, (s) => s.value);
  const { invoices, creditNotes, error } = useSelector(list, (s) => s.context);
  const busy = useSelector(download, (s) => s.matches('downloading'));
  const downloadError = useSelector(download, (s) => s.context.error);
  const ended = useSelector(download, (s) => s.matches('sessionEnded')) || state === 'sessionEnded';
  const headingId = useId();
  useEffect(() => {
    if (ended) sendCorporate({ type: 'route.enter', path: '/bookings' });
  }, [ended]);
  if (state === 'hidden' || state === 'sessionEnded' || state === 'loading') return null;
  const get = (id: number, format: InvoiceFormat) => download.send({ type: 'download', request: { kind: 'invoice', id, format, bearer } });
  return (
    <Paper withBorder radius="lg" p="md" mb="lg" component="section" aria-labelledby={headingId} data-testid="company-invoices">
      <Stack gap="xs">
        <Title order={2} size="h5" id={headingId}>
          Company invoices
        </Title>
        {state === 'failed' ? (
          <Group gap="sm">
            <Text size="sm" c="red.8" role="alert">
              {error}
            </Text>
            <Button size="compact-sm" variant="default" onClick={() => list.send({ type: 'retry' })}>
              Try again
            </Button>
          </Group>
        ) : invoices.length === 0 ? (
          <Text size="sm">No invoices yet. Your account is invoiced on the first day of each period for the trips booked on it.</Text>
        ) : (
          <Table.ScrollContainer minWidth={620} type="native">
            <Table fz="sm" verticalSpacing={6}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Invoice</Table.Th>
                  <Table.Th scope="col">Period</Table.Th>
                  <Table.Th scope="col">Due</Table.Th>
                  <Table.Th scope="col" ta="right">
                    Total
                  </Table.Th>
                  <Table.Th scope="col" ta="right">
                    Owed
                  </Table.Th>
                  <Table.Th scope="col">Status</Table.Th>
                  <Table.Th scope="col">Download</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {invoices.map((invoice) => (
                  <Table.Tr key={invoice.id} data-testid="company-invoice">
                    <Table.Td fw={600} style={{ whiteSpace: 'nowrap' }}>
                      {invoice.number}
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      {formatDate(invoice.period_start)} – {formatDate(invoice.period_end)}
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(invoice.due_on)}</Table.Td>
                    <Table.Td ta="right">{poundsText(invoice.total_pence)}</Table.Td>
                    <Table.Td ta="right">{poundsText(invoice.outstanding_pence)}</Table.Td>
                    <Table.Td>{INVOICE_STATUS_LABELS[invoice.status]}</Table.Td>
                    <Table.Td>
                      <Group gap={6} wrap="nowrap">
                        <Button size="compact-sm" variant="default" disabled={busy} onClick={() => get(invoice.id, 'pdf')} aria-label={`Download ${invoice.number} as PDF`}>
                          PDF
                        </Button>
                        <Button size="compact-sm" variant="default" disabled={busy} onClick={() => get(invoice.id, 'csv')} aria-label={`Download the lines of ${invoice.number} as CSV`}>
                          CSV
                        </Button>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {creditNotes.length > 0 && (
          <Table.ScrollContainer minWidth={520} type="native">
            <Table fz="sm" verticalSpacing={6} data-testid="company-credit-notes">
              <Table.Caption>Credit notes: bookings on an invoice later cancelled or made cheaper</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Credit note</Table.Th>
                  <Table.Th scope="col">Date</Table.Th>
                  <Table.Th scope="col">Credits</Table.Th>
                  <Table.Th scope="col" ta="right">
                    Amount
                  </Table.Th>
                  <Table.Th scope="col" ta="right">
                    To be repaid
                  </Table.Th>
                  <Table.Th scope="col">Download</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {creditNotes.map((note) => (
                  <Table.Tr key={note.id} data-testid="company-credit-note">
                    <Table.Td fw={600} style={{ whiteSpace: 'nowrap' }}>
                      {note.number}
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(note.issued_on)}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{note.invoice_number}</Table.Td>
                    <Table.Td ta="right">{poundsText(note.total_pence)}</Table.Td>
                    <Table.Td ta="right">{poundsText(note.refund_due_pence)}</Table.Td>
                    <Table.Td>
                      <Button size="compact-sm" variant="default" disabled={busy} onClick={() => download.send({ type: 'download', request: { kind: 'creditNote', id: note.id, bearer } })} aria-label={`Download ${note.number} as PDF`}>
                        PDF
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {downloadError && (
          <Text size="sm" c="red.8" role="alert">
            {downloadError}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
