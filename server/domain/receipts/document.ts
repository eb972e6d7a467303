import PDFDocument from 'pdfkit';

/**
 * A small document model (headings, label/value fields, money rows, tables, text) and its rendering to PDF with
 * pdfkit's built-in Helvetica, which needs no font file and gives selectable, extractable text. Receipts and
 * statements are both written as this model, so layout lives in one place.
 */

export type Block =
  | { kind: 'heading'; text: string }
  | { kind: 'fields'; rows: readonly (readonly [label: string, value: string])[] }
  | { kind: 'amounts'; rows: readonly { label: string; amount: string; strong?: boolean }[] }
  | { kind: 'table'; columns: readonly { title: string; width: number; align?: 'left' | 'right' }[]; rows: readonly (readonly string[])[]; totals?: readonly string[] }
  | { kind: 'text'; text: string };

export interface DocumentModel {
  /** The PDF's Title and the page's heading ('Receipt', 'VAT invoice', 'Statement'). */
  title: string;
  /** Who issues it (the PDF's Author and the first line of the letterhead). */
  issuer: string;
  /** The letterhead's other lines (contact, VAT number). */
  letterhead: readonly string[];
  blocks: readonly Block[];
  landscape?: boolean;
}

// The standard fonts encode WinAnsi (Windows-1252) only: other characters are spelled without their accents, and
// what is left outside the set becomes '?', so a name in another script never turns into the wrong letters.
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');
const inWinAnsi = (char: string) => {
  const code = char.codePointAt(0)!;
  return (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.has(char);
};

// Latin letters that have no decomposition into a base letter and an accent.
const PLAIN_LETTERS: Record<string, string> = { Ł: 'L', ł: 'l', Đ: 'D', đ: 'd', Ħ: 'H', ħ: 'h', ı: 'i', Ŀ: 'L', ŀ: 'l', '→': '->' };

export function pdfText(text: string): string {
  let out = '';
  for (const char of text.replace(/[\r\n\t]+/g, ' ')) {
    if (inWinAnsi(char)) out += char;
    else {
      const plain = PLAIN_LETTERS[char] ?? char.normalize('NFKD').replace(/\p{M}/gu, '');
      out += [...plain].every(inWinAnsi) && plain !== '' ? plain : '?';
    }
  }
  return out;
}

const MARGIN = 42;
const FONT = 'Helvetica';
const BOLD = 'Helvetica-Bold';
const GREY = '#555555';

export function renderPdf(model: DocumentModel): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    layout: model.landscape ? 'landscape' : 'portrait',
    margin: MARGIN,
    info: { Title: pdfText(model.title), Author: pdfText(model.issuer), Creator: 'cabflow' },
    lang: 'en-GB',
    displayTitle: true,
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const left = MARGIN;
  const width = doc.page.width - 2 * MARGIN;
  const bottom = () => doc.page.height - MARGIN;
  const room = (height: number) => {
    if (doc.y + height > bottom()) doc.addPage();
  };

  doc.font(BOLD).fontSize(15).text(pdfText(model.issuer), left, MARGIN, { width });
  doc.font(FONT).fontSize(9).fillColor(GREY);
  for (const line of model.letterhead) doc.text(pdfText(line), { width });
  doc.fillColor('black').moveDown(0.8);
  doc.font(BOLD).fontSize(20).text(pdfText(model.title), { width });
  doc.moveDown(0.4);

  type Cell = { text: string; x: number; width: number; align?: 'left' | 'right'; bold?: boolean };
  /** One line of cells side by side; on a new page first `onNewPage` (a table's header again). */
  const row = (cells: readonly Cell[], size = 9.5, onNewPage?: () => void) => {
    doc.fontSize(size);
    const height = Math.max(...cells.map((cell) => doc.font(cell.bold ? BOLD : FONT).heightOfString(pdfText(cell.text) || ' ', { width: cell.width })));
    if (doc.y + height > bottom()) {
      doc.addPage();
      onNewPage?.();
      doc.fontSize(size);
    }
    const y = doc.y;
    for (const cell of cells) doc.font(cell.bold ? BOLD : FONT).text(pdfText(cell.text) || ' ', cell.x, y, { width: cell.width, align: cell.align ?? 'left' });
    doc.x = left;
    doc.y = y + height + 2;
  };

  for (const block of model.blocks) {
    if (block.kind === 'heading') {
      room(40);
      doc.moveDown(0.5).font(BOLD).fontSize(11.5).text(pdfText(block.text), left, doc.y, { width });
      doc.moveTo(left, doc.y + 1).lineTo(left + width, doc.y + 1).lineWidth(0.5).strokeColor('#999999').stroke();
      doc.moveDown(0.3);
    } else if (block.kind === 'fields') {
      const labelWidth = Math.min(150, width * 0.3);
      for (const [label, value] of block.rows) row([{ text: label, x: left, width: labelWidth, bold: true }, { text: value, x: left + labelWidth + 8, width: width - labelWidth - 8 }]);
    } else if (block.kind === 'amounts') {
      const amountWidth = 90;
      for (const line of block.rows) {
        row([
          { text: line.label, x: left, width: width - amountWidth - 8, bold: line.strong },
          { text: line.amount, x: left + width - amountWidth, width: amountWidth, align: 'right', bold: line.strong },
        ]);
      }
    } else if (block.kind === 'table') {
      const total = block.columns.reduce((sum, column) => sum + column.width, 0);
      const place = (texts: readonly string[], bold: boolean) => {
        let x = left;
        return block.columns.map((column, index) => {
          const cellWidth = (column.width / total) * width;
          const cell = { text: texts[index] ?? '', x, width: cellWidth - 4, align: column.align, bold };
          x += cellWidth;
          return cell;
        });
      };
      const header = () => row(place(block.columns.map((column) => column.title), true), 8);
      header();
      for (const cells of block.rows) row(place(cells, false), 8, header);
      if (block.totals) row(place(block.totals, true), 8, header);
    } else {
      room(20);
      doc.font(FONT).fontSize(9).fillColor(GREY).text(pdfText(block.text), left, doc.y, { width }).fillColor('black');
      doc.moveDown(0.3);
    }
  }
  doc.end();
  return done;
}
