import '@mantine/core/styles/Table.css';
import { Anchor, Table, Text, Title } from '@mantine/core';
import { consoleCreditNoteFilePath, type CreditNote } from '../../../../contract/invoices.ts';
import { poundsText } from '../../../../contract/money.ts';
import classes from '../Register.module.css';

/**
 * The Invoices page's credit notes (issue 34): number, date, account, invoice corrected, amount (and what is owed back
 * to the company when its invoice was already paid), PDF. Renders the page machine's `credit_notes`; no behaviour.
 */
export function CreditNotesTable({ creditNotes }: { creditNotes: readonly CreditNote[] }) {
  return (
    <section aria-labelledby="credit-notes-title" className={classes.section}>
      <Title order={2} id="credit-notes-title" className={classes.subheading} mb="xs">
        Credit notes
      </Title>
      {creditNotes.length === 0 ? (
        <Text size="sm" c="dimmed">
          No credit notes yet. A booking on an issued invoice later cancelled or made cheaper is credited by the next run.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={760} type="native" tabIndex={0}>
          <Table striped fz="sm" verticalSpacing={6} className={classes.table} data-testid="console-credit-notes">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Credit note</Table.Th>
                <Table.Th scope="col">Date</Table.Th>
                <Table.Th scope="col">Company</Table.Th>
                <Table.Th scope="col">Corrects</Table.Th>
                <Table.Th scope="col" style={{ textAlign: 'right' }}>
                  Amount
                </Table.Th>
                <Table.Th scope="col" style={{ textAlign: 'right' }}>
                  To be repaid
                </Table.Th>
                <Table.Th scope="col">
                  <span className={classes.srOnly}>Files</span>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {creditNotes.map((note) => (
                <Table.Tr key={note.id} data-testid={`credit-note-${note.id}`}>
                  <Table.Td fw={600} style={{ whiteSpace: 'nowrap' }}>
                    {note.number}
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{note.issued_on}</Table.Td>
                  <Table.Td>{note.account_name}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{note.invoice_number}</Table.Td>
                  <Table.Td style={{ textAlign: 'right' }}>{poundsText(note.total_pence)}</Table.Td>
                  <Table.Td style={{ textAlign: 'right' }}>{poundsText(note.refund_due_pence)}</Table.Td>
                  <Table.Td>
                    <Anchor size="sm" href={consoleCreditNoteFilePath(note.id)} download aria-label={`Download ${note.number} as PDF`}>
                      PDF
                    </Anchor>
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
