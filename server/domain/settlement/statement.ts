import type { WeekDetail } from '../../../contract/settlement.ts';
import { balanceText, weekTitle } from '../../../contract/settlementRules.ts';
import { renderPdf, type DocumentModel } from '../receipts/document.ts';
import { letterhead, londonDateTimeText, type Issuer } from '../receipts/receipt.ts';
import { poundsText } from '../../../contract/money.ts';

const PAYMENT_TEXT = { car: 'In the car', card: 'Card online', account: 'On account' } as const;

/**
 * A driver's weekly statement, in the receipts' document model (receipts/document.ts): the same figures, labels and
 * balance wording as the driver's Earnings screen and the console's settlement page.
 */
export function weekStatementDocument(detail: WeekDetail, issuer: Issuer): DocumentModel {
  return {
    title: 'Weekly statement',
    issuer: issuer.name,
    letterhead: letterhead(issuer),
    blocks: [
      {
        kind: 'fields',
        rows: [
          ['Driver', detail.driver_name],
          ['Week', `${weekTitle(detail.week_start)} (completed jobs, London time)`],
          ['Commission', detail.rule],
          ['Status', detail.settled_at ? `Settled ${londonDateTimeText(new Date(detail.settled_at))}` : 'Not settled yet'],
        ],
      },
      { kind: 'heading', text: 'Summary' },
      {
        kind: 'amounts',
        rows: [
          { label: 'Jobs done', amount: String(detail.jobs.length) },
          { label: 'Fares', amount: poundsText(detail.fares_pence) },
          { label: 'Collected by you (cash or card in the car)', amount: poundsText(detail.driver_collected_pence) },
          { label: 'Collected by the operator (card online, on account)', amount: poundsText(detail.operator_collected_pence) },
          { label: 'Commission', amount: poundsText(detail.commission_pence) },
          { label: 'Adjustments', amount: poundsText(detail.adjustments_pence) },
          { label: 'Balance', amount: balanceText(detail.balance_pence, 'driver'), strong: true },
        ],
      },
      { kind: 'heading', text: 'Jobs' },
      detail.jobs.length === 0
        ? { kind: 'text', text: 'No completed jobs this week.' }
        : {
            kind: 'table',
            columns: [
              { title: 'Completed', width: 20 },
              { title: 'Booking', width: 14 },
              { title: 'Paid', width: 12 },
              { title: 'Fare', width: 10, align: 'right' },
              { title: 'By you', width: 10, align: 'right' },
              { title: 'By operator', width: 12, align: 'right' },
              { title: 'Commission', width: 12, align: 'right' },
            ],
            rows: detail.jobs.map((job) => [
              londonDateTimeText(new Date(job.completed_at)),
              job.booking_number,
              PAYMENT_TEXT[job.payment],
              poundsText(job.fare_pence),
              poundsText(job.driver_collected_pence),
              poundsText(job.operator_collected_pence),
              poundsText(job.commission_pence),
            ]),
          },
      ...(detail.adjustments.length === 0
        ? []
        : [
            { kind: 'heading' as const, text: 'Adjustments' },
            { kind: 'amounts' as const, rows: detail.adjustments.map((adjustment) => ({ label: adjustment.reason, amount: poundsText(adjustment.amount_pence) })) },
          ]),
      { kind: 'text', text: 'Balance: what the operator owes you for the week (card and account fares less commission, plus adjustments); "You owe" when the fares you collected in the car cover more than that.' },
    ],
  };
}

export const weekStatementPdf = (detail: WeekDetail, issuer: Issuer) => renderPdf(weekStatementDocument(detail, issuer));
