// @vitest-environment happy-dom
import '../../../../tests/helpers/dom.ts';
import { MantineProvider } from '@mantine/core';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CreditNote } from '../../../../contract/invoices.ts';
import { theme } from '../../../theme.ts';
import { CreditNotesTable } from './CreditNotesTable.tsx';

const note: CreditNote = {
  id: 12,
  number: 'CN-000003',
  account_id: 3,
  account_name: 'Acme Ltd',
  invoice_id: 7,
  invoice_number: 'INV-000007',
  issued_on: '2026-12-03',
  vat_credit_note: false,
  net_pence: 2500,
  vat_pence: 0,
  total_pence: 2500,
  applied_pence: 1500,
  refund_due_pence: 1000,
  lines: 1,
};

const table = (creditNotes: CreditNote[]) =>
  render(
    <MantineProvider theme={theme}>
      <CreditNotesTable creditNotes={creditNotes} />
    </MantineProvider>,
  ).container;

describe("the console Invoices page's credit notes (issue 34)", () => {
  it('lists each credit note: number, date, company, invoice corrected, amount, to be repaid, and its PDF link', () => {
    const container = table([note]);
    const cells = [...container.querySelectorAll('[data-testid="credit-note-12"] td')].map((cell) => cell.textContent);
    expect(cells).toEqual(['CN-000003', '2026-12-03', 'Acme Ltd', 'INV-000007', '£25.00', '£10.00', 'PDF']);
    const link = container.querySelector('a[aria-label="Download CN-000003 as PDF"]') as HTMLAnchorElement;
    expect(link.getAttribute('href')).toBe('/api/admin/credit-notes/12/file');
    expect([...container.querySelectorAll('th')].map((th) => th.textContent)).toEqual(['Credit note', 'Date', 'Company', 'Corrects', 'Amount', 'To be repaid', 'Files']);
  });

  it('none yet: says so, no table', () => {
    const container = table([]);
    expect(container.querySelector('table')).toBeNull();
    expect(container.textContent).toContain('No credit notes yet.');
  });
});
