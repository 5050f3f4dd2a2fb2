// The Proof of CE report e-mailed from the account page: a student's completed CE as a PDF.
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { CE_TYPE, ceTypeName } from '#shared/domain/constants';
import { formatCredits, formatDate } from '#shared/domain/format';

export interface CeReportRow {
  completedAt: string;
  title: string;
  kind: 'Course' | 'Podcast';
  lecturer: string | null;
  ceTypeId: number | null;
  credits: number;
  agdCode: string | null;
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
const GREY = rgb(0.55, 0.55, 0.55);

interface Column {
  label: string;
  width: number;
  cell: (row: CeReportRow) => string;
}

const COLUMNS: Column[] = [
  { label: 'Date completed', width: 80, cell: (r) => formatDate(r.completedAt) },
  { label: 'Course', width: 162, cell: (r) => (r.kind === 'Podcast' ? `${r.title} (Podcast)` : r.title) },
  { label: 'Lecturer', width: 100, cell: (r) => r.lecturer ?? '' },
  // a credit with no CE type (NONCE, tutorials) stays blank rather than printing ceTypeName's 'undefined'
  {
    label: 'CE type',
    width: 70,
    cell: (r) => (r.ceTypeId === CE_TYPE.HOMESTUDY || r.ceTypeId === CE_TYPE.PARTICIPATORY ? ceTypeName(r.ceTypeId) : ''),
  },
  { label: 'Credits', width: 40, cell: (r) => String(r.credits) },
  { label: 'AGD code', width: 52, cell: (r) => r.agdCode ?? '' },
];

// letters and dashes that Unicode does not decompose to anything WinAnsi has
const FALLBACK: Record<string, string> = { Ł: 'L', ł: 'l', Đ: 'D', đ: 'd', ı: 'i', '\u2010': '-', '\u2011': '-', '\u2212': '-' };

/**
 * The standard fonts only encode WinAnsi and pdf-lib throws on anything else, while names and titles are
 * user or CMS text: keep what the font has, fall back to the unaccented letter, else '?'.
 */
function sanitiser(font: PDFFont): (text: string) => string {
  const encodable = new Set(font.getCharacterSet());
  const fits = (s: string) => s !== '' && [...s].every((c) => encodable.has(c.codePointAt(0)!));
  return (text) =>
    [...text.replace(/\s+/g, ' ').trim()]
      .map((c) => {
        if (fits(c)) return c;
        const base = FALLBACK[c] ?? c.normalize('NFKD').replace(/\p{M}/gu, '');
        return fits(base) ? base : '?';
      })
      .join('');
}

/** Greedy word wrap; a word wider than the column (a URL, a long code) is split by character. */
function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const fitsWidth = (s: string) => font.widthOfTextAtSize(s, size) <= width;
  const lines: string[] = [];
  let line = '';
  for (let word of text.split(' ').filter(Boolean)) {
    const joined = line ? `${line} ${word}` : word;
    if (fitsWidth(joined)) {
      line = joined;
      continue;
    }
    if (line) lines.push(line);
    while (!fitsWidth(word)) {
      let cut = word.length - 1;
      while (cut > 1 && !fitsWidth(word.slice(0, cut))) cut--;
      lines.push(word.slice(0, cut));
      word = word.slice(cut);
    }
    line = word;
  }
  if (line) lines.push(line);
  return lines.length ? lines : [''];
}

export async function renderCeReport(input: CeReportInput): Promise<Uint8Array> {
  // updateMetadata off: pdf-lib would otherwise stamp the wall clock and break byte-for-byte repeatability
  const doc = await PDFDocument.create({ updateMetadata: false });
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const safe = sanitiser(regular);
  const { student, totals } = input;
  const generated = new Date(input.generatedAt);

  doc.setTitle(`Proof of CE report - ${student.name}`);
  doc.setAuthor('CE Pass');
  doc.setCreator('CE Pass');
  doc.setProducer('CE Pass');
  doc.setLanguage('en-US');
  doc.setCreationDate(generated);
  doc.setModificationDate(generated);

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
  const layout = (cells: string[], font: PDFFont) =>
    cells.map((c, i) => wrap(safe(c), font, SIZE, COLUMNS[i]!.width - CELL_PAD));
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

  if (input.rows.length === 0) {
    text('No CE completed yet.', MARGIN, 11);
  } else {
    drawRow(header, bold);
    for (const row of input.rows) {
      const wrapped = layout(COLUMNS.map((c) => c.cell(row)), regular);
      const depth = (Math.max(...wrapped.map((l) => l.length)) - 1) * LEADING + CELL_PAD;
      if (y - depth < TABLE_BOTTOM) {
        page = doc.addPage([PAGE.width, PAGE.height]);
        y = PAGE.height - MARGIN;
        drawRow(header, bold);
      }
      drawRow(wrapped, regular);
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
