// The Proof of CE report e-mailed from the account page: a student's completed CE as a PDF, each row with its
// certificate's number (an auditor checks it at /verify), and the accreditation statements each certificate
// stored, numbered once and referred to from its row. Only sent with at least one course (account.routes.ts).
import { StandardFonts } from 'pdf-lib';
import type { Accreditation } from '#shared/api/certificates';
import { accreditationLine } from '#shared/domain/accreditation';
import { CE_TYPE, ceTypeName } from '#shared/domain/constants';
import { formatCredits, formatDate, formatDay } from '#shared/domain/format';
import { MARGIN, PAGE, Sheet, type TableStyle } from '../../pdf/sheet.ts';
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

/** gap, the white between two columns: 4 pt let a title's last word run into the lecturer's name (decision 0045) */
const TABLE: TableStyle = { size: 9, leading: 11, gap: 10, pad: 4 };

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

  const sheet = new Sheet(doc, regular, bold, safe);
  const text = (s: string, x: number, size: number, font = regular) => sheet.page.drawText(safe(s), { x, y: sheet.y, size, font });

  text('CE Pass \u2014 Proof of Continuing Education', MARGIN, 16, bold);
  sheet.y -= 28;
  text(student.name, MARGIN, 13, bold);
  sheet.y -= 16;
  for (const detail of [
    student.email,
    `AGD member number: ${student.agdNumber ?? 'none on file'}`,
    `Report generated ${formatDate(input.generatedAt)}`,
    // a line of its own: a long PUBLIC_URL would run past the margin beside the date
    `Check any certificate's number at ${input.portalUrl}/verify`,
  ]) {
    text(detail, MARGIN, 10);
    sheet.y -= 14;
  }
  sheet.y -= 6;
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
  sheet.y -= 30;

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

  sheet.table(
    COLUMNS,
    TABLE,
    input.rows.map((row) => {
      const notes = notesOf(row);
      return COLUMNS.map((c) => c.cell(row, notes));
    }),
  );

  if (statements.length) {
    const NOTE_SIZE = 8;
    const NOTE_LEADING = 10;
    const paragraphs = statements.map((a, i) => wrap(safe(`[${i + 1}] ${a.statement} \u2014 ${accreditationLine(a)}.`), regular, NOTE_SIZE, PAGE.width - 2 * MARGIN));
    sheet.y -= 12;
    // the heading never sits alone at the foot of a page
    sheet.newPageIfShort(16 + paragraphs[0]!.length * NOTE_LEADING);
    text('Accreditation statements', MARGIN, 10, bold);
    sheet.y -= 16;
    for (const lines of paragraphs) {
      sheet.newPageIfShort(lines.length * NOTE_LEADING);
      for (const l of lines) {
        sheet.page.drawText(l, { x: MARGIN, y: sheet.y, size: NOTE_SIZE, font: regular });
        sheet.y -= NOTE_LEADING;
      }
      sheet.y -= 4;
    }
  }

  sheet.footers(`Issued by CE Pass, ${input.portalUrl}. Method: Electronically Mediated.`);

  return doc.save();
}
