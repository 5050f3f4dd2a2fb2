// The Proof of CE report e-mailed from the account page: a student's completed CE as a PDF, each row with its
// certificate's number (an auditor checks it at /verify), and the accreditation statements each certificate
// stored, numbered once and referred to from its row. Only sent with at least one course (account.routes.ts).
import { StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import type { Accreditation } from '#shared/api/certificates';
import { accreditationLine } from '#shared/domain/accreditation';
import { CE_TYPE, ceTypeName } from '#shared/domain/constants';
import { formatCredits, formatDate, formatDay } from '#shared/domain/format';
import { createDocument, sanitiser, wrap } from '../../pdf/text.ts';

export interface CeReportRow {
  /** the certificate's day completed (YYYY-MM-DD), as the certificate prints it */
  completedOn: string;
  title: string;
  /** the certificate's number, as the certificate prints it and /verify reads it */
  certificate: string;
  kind: 'Course' | 'Podcast';
  lecturer: string | null;
  ceTypeId: number | null;
  credits: number;
  agdCode: string | null;
  /** the statements the row's certificate stored when it was issued (none when no period covered its date) */
  accreditation: Accreditation[];
}

export interface CeReportInput {
  student: { name: string; email: string; agdNumber: string | null };
  /** newest first */
  rows: CeReportRow[];
  totals: { ceHome: number; ceLive: number; ceTotal: number };
  /** ms epoch; also the PDF's creation date, so equal input gives equal bytes */
  generatedAt: number;
  portalUrl: string;
}

const PAGE = { width: 612, height: 792 }; // US Letter
const MARGIN = 54;
const FOOTER_Y = 36;
const TABLE_BOTTOM = FOOTER_Y + 24;
const SIZE = 9;
const LEADING = 11;
const CELL_PAD = 4;
/** the white between two columns: 4 pt let a title's last word run into the lecturer's name (decision 0045) */
const COLUMN_GAP = 10;
const GREY = rgb(0.55, 0.55, 0.55);

interface Column {
  label: string;
  width: number;
  /** `notes` is the row's statement references, e.g. ' [1, 2]'; paragraphs each start a line */
  cell: (row: CeReportRow, notes: string) => string | string[];
}

const COLUMNS: Column[] = [
  { label: 'Date completed', width: 86, cell: (r) => formatDay(r.completedOn) },
  // the certificate's number under its title: each line of the report can be checked on its own (decision 0046)
  { label: 'Course', width: 160, cell: (r, notes) => [`${r.kind === 'Podcast' ? `${r.title} (Podcast)` : r.title}${notes}`, `Certificate ${r.certificate}`] },
  { label: 'Lecturer', width: 84, cell: (r) => r.lecturer ?? '' },
  // a credit with no CE type (NONCE, tutorials) stays blank rather than printing ceTypeName's 'undefined'
  {
    label: 'CE type',
    width: 74,
    cell: (r) => (r.ceTypeId === CE_TYPE.HOMESTUDY || r.ceTypeId === CE_TYPE.PARTICIPATORY ? ceTypeName(r.ceTypeId) : ''),
  },
  { label: 'Credits', width: 42, cell: (r) => String(r.credits) },
  { label: 'AGD code', width: 58, cell: (r) => r.agdCode ?? '' },
];

export async function renderCeReport(input: CeReportInput): Promise<Uint8Array> {
  const { student, totals } = input;
  const doc = await createDocument(`Proof of CE report - ${student.name}`, input.generatedAt);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const safe = sanitiser(regular);

  let page: PDFPage = doc.addPage([PAGE.width, PAGE.height]);
  let y = PAGE.height - MARGIN;
  const text = (s: string, x: number, size: number, font = regular) => page.drawText(safe(s), { x, y, size, font });
  const line = () =>
    page.drawLine({ start: { x: MARGIN, y }, end: { x: PAGE.width - MARGIN, y }, thickness: 0.5, color: GREY });

  text('CE Pass \u2014 Proof of Continuing Education', MARGIN, 16, bold);
  y -= 28;
  text(student.name, MARGIN, 13, bold);
  y -= 16;
  for (const detail of [
    student.email,
    `AGD member number: ${student.agdNumber ?? 'none on file'}`,
    `Report generated ${formatDate(input.generatedAt)}`,
    // a line of its own: a long PUBLIC_URL would run past the margin beside the date
    `Check any certificate's number at ${input.portalUrl}/verify`,
  ]) {
    text(detail, MARGIN, 10);
    y -= 14;
  }
  y -= 6;
  // drawn apart rather than joined with spaces, which a proportional font renders too narrow to separate them
  let totalsX = MARGIN;
  for (const part of [
    `${ceTypeName(CE_TYPE.HOMESTUDY)}: ${formatCredits(totals.ceHome)}`,
    `${ceTypeName(CE_TYPE.PARTICIPATORY)}: ${formatCredits(totals.ceLive)}`,
    `Total: ${formatCredits(totals.ceTotal)}`,
  ]) {
    text(part, totalsX, 11, bold);
    totalsX += bold.widthOfTextAtSize(safe(part), 11) + 24;
  }
  y -= 30;

  // every cell is wrapped, so one long lecturer name or AGD code cannot overprint its neighbour
  const layout = (cells: (string | string[])[], font: PDFFont) =>
    cells.map((c, i) => [c].flat().flatMap((p) => wrap(safe(p), font, SIZE, COLUMNS[i]!.width - COLUMN_GAP)));
  const drawRow = (wrapped: string[][], font: PDFFont) => {
    let x = MARGIN;
    wrapped.forEach((lines, i) => {
      lines.forEach((l, n) => page.drawText(l, { x, y: y - n * LEADING, size: SIZE, font }));
      x += COLUMNS[i]!.width;
    });
    y -= (Math.max(...wrapped.map((l) => l.length)) - 1) * LEADING + CELL_PAD;
    line();
    y -= LEADING + CELL_PAD - 2;
  };
  const header = layout(COLUMNS.map((c) => c.label), bold);

  // one number per distinct statement, in order of first appearance: rows completed under the same
  // approval refer to one printed statement instead of repeating it
  const statements: Accreditation[] = [];
  const keyOf = (a: Accreditation) => JSON.stringify([a.provider, a.approvalBody, a.statement, a.validFrom, a.validThrough]);
  const numbers = new Map<string, number>();
  const notesOf = (row: CeReportRow) => {
    const refs = row.accreditation.map((a) => {
      const key = keyOf(a);
      if (!numbers.has(key)) numbers.set(key, statements.push(a));
      return numbers.get(key)!;
    });
    return refs.length ? ` [${refs.join(', ')}]` : '';
  };

  drawRow(header, bold);
  for (const row of input.rows) {
    const notes = notesOf(row);
    const wrapped = layout(COLUMNS.map((c) => c.cell(row, notes)), regular);
    const depth = (Math.max(...wrapped.map((l) => l.length)) - 1) * LEADING + CELL_PAD;
    if (y - depth < TABLE_BOTTOM) {
      page = doc.addPage([PAGE.width, PAGE.height]);
      y = PAGE.height - MARGIN;
      drawRow(header, bold);
    }
    drawRow(wrapped, regular);
  }

  if (statements.length) {
    const NOTE_SIZE = 8;
    const NOTE_LEADING = 10;
    const paragraphs = statements.map((a, i) => wrap(safe(`[${i + 1}] ${a.statement} \u2014 ${accreditationLine(a)}.`), regular, NOTE_SIZE, PAGE.width - 2 * MARGIN));
    const newPageIfShort = (height: number) => {
      if (y - height >= TABLE_BOTTOM) return;
      page = doc.addPage([PAGE.width, PAGE.height]);
      y = PAGE.height - MARGIN;
    };
    y -= 12;
    // the heading never sits alone at the foot of a page
    newPageIfShort(16 + paragraphs[0]!.length * NOTE_LEADING);
    text('Accreditation statements', MARGIN, 10, bold);
    y -= 16;
    for (const lines of paragraphs) {
      newPageIfShort(lines.length * NOTE_LEADING);
      for (const l of lines) {
        page.drawText(l, { x: MARGIN, y, size: NOTE_SIZE, font: regular });
        y -= NOTE_LEADING;
      }
      y -= 4;
    }
  }

  const pages = doc.getPages();
  const footer = safe(`Issued by CE Pass, ${input.portalUrl}. Method: Electronically Mediated.`);
  pages.forEach((p, i) => {
    const number = `Page ${i + 1} of ${pages.length}`;
    p.drawText(footer, { x: MARGIN, y: FOOTER_Y, size: 8, font: regular, color: GREY });
    const width = regular.widthOfTextAtSize(number, 8);
    p.drawText(number, { x: PAGE.width - MARGIN - width, y: FOOTER_Y, size: 8, font: regular, color: GREY });
  });

  return doc.save();
}
