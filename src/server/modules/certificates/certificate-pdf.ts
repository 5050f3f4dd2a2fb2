// The certificate of one completed course (issue 6; spec §2 "Proof of CE dialog"): one landscape Letter
// page a dental board auditor can read on paper and check online through its QR code.
import { StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import QRCode from 'qrcode';
import type { Certificate } from '#shared/api/certificates';
import { accreditationLine } from '#shared/domain/accreditation';
import { formatDay } from '#shared/domain/format';
import { createDocument, fitLine, sanitiser, wrap, wrapAtMost } from '../../pdf/text.ts';

const PAGE = { width: 792, height: 612 }; // US Letter, landscape
const MARGIN = 54;
const CONTENT_WIDTH = PAGE.width - 2 * MARGIN;
const CENTRE = PAGE.width / 2;
const QR_SIZE = 96;
const INK = rgb(0.1, 0.12, 0.16);
const GREY = rgb(0.4, 0.42, 0.46);
const ACCENT = rgb(0.05, 0.33, 0.55);

/** The verification link as a PNG QR code: medium error correction survives a smudged printout. */
export async function qrPng(url: string): Promise<Uint8Array> {
  return new Uint8Array(await QRCode.toBuffer(url, { type: 'png', errorCorrectionLevel: 'M', margin: 1, scale: 8 }));
}

/**
 * Everything the certificate prints, on one page: text that does not fit is shortened (the description
 * first, then the objectives), never spilled onto a second page. `qrPng` null leaves the QR out (the
 * link is printed regardless). `generatedAt` stamps the metadata, so equal input gives equal bytes.
 */
export async function renderCertificate(c: Certificate, qrPngBytes: Uint8Array | null, generatedAt: number): Promise<Uint8Array> {
  const doc = await createDocument(`Certificate of Completion - ${c.title} - ${c.studentName}`, generatedAt);
  doc.setSubject(`Proof of Continuing Education, certificate ${c.code}`);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const italic = await doc.embedFont(StandardFonts.HelveticaOblique);
  const safe = sanitiser(regular);
  const page: PDFPage = doc.addPage([PAGE.width, PAGE.height]);

  const draw = (s: string, x: number, y: number, size: number, font: PDFFont = regular, color = INK) => page.drawText(s, { x, y, size, font, color });
  const centred = (s: string, y: number, size: number, font: PDFFont = regular, color = INK) =>
    draw(s, CENTRE - font.widthOfTextAtSize(s, size) / 2, y, size, font, color);

  // a double frame: the look of a certificate, and a visual edge for what belongs to it
  page.drawRectangle({ x: 18, y: 18, width: PAGE.width - 36, height: PAGE.height - 36, borderColor: ACCENT, borderWidth: 2 });
  page.drawRectangle({ x: 24, y: 24, width: PAGE.width - 48, height: PAGE.height - 48, borderColor: ACCENT, borderWidth: 0.5 });

  // heading, who, and what
  let y = PAGE.height - 70;
  centred('Certificate of Completion', y, 26, bold, ACCENT);
  y -= 22;
  // who issued it, at the top, where an auditor looks first (a phone walk as an auditor, decision 0045)
  centred('Proof of Continuing Education, issued by CE Pass', y, 13, regular, GREY);
  y -= 28;
  centred('This certifies that', y, 10, italic, GREY);
  y -= 26;
  const name = fitLine(safe(c.studentName), bold, 22, 12, CONTENT_WIDTH);
  centred(name.text, y, name.size, bold);
  y -= 20;
  centred('has completed the continuing education course', y, 10, italic, GREY);
  y -= 20;
  // a long title takes two lines, then a smaller size, then an ellipsis
  let titleSize = 15;
  let titleLines = wrap(safe(c.title), bold, titleSize, CONTENT_WIDTH);
  while (titleLines.length > 2 && titleSize > 11) titleLines = wrap(safe(c.title), bold, (titleSize -= 1), CONTENT_WIDTH);
  if (titleLines.length > 2) titleLines = wrapAtMost(safe(c.title), bold, titleSize, CONTENT_WIDTH, 2);
  for (const l of titleLines) {
    centred(l, y, titleSize, bold);
    y -= titleSize + 3;
  }
  if (c.lecturer) {
    y -= 2;
    const lecturer = fitLine(safe(`Lecturer: ${c.lecturer}`), regular, 11, 8, CONTENT_WIDTH);
    centred(lecturer.text, y, lecturer.size);
    y -= 14;
  }
  y -= 4;
  page.drawLine({ start: { x: MARGIN, y }, end: { x: PAGE.width - MARGIN, y }, thickness: 0.5, color: GREY });

  // the record: label and value rows beside the QR code
  const detailsTop = y - 16;
  y = detailsTop;
  const LABEL_WIDTH = 118;
  const valueWidth = CONTENT_WIDTH - LABEL_WIDTH - QR_SIZE - 16;
  const rows: [string, string][] = [
    ['Date completed', formatDay(c.completedOn)],
    ['Method', c.method],
    ['Credit type', c.creditType],
    ['Credit hours', String(c.credits)],
    ...(c.agdCode ? [['AGD subject code', c.agdCode] as [string, string]] : []),
    ...(c.agdNumber ? [['AGD member number', c.agdNumber] as [string, string]] : []),
    ['Certificate number', c.code],
    ['Verify at', c.verifyUrl],
  ];
  for (const [label, value] of rows) {
    draw(label, MARGIN, y, 10, bold, GREY);
    const lines = wrapAtMost(safe(value), regular, 10, valueWidth, 2);
    lines.forEach((l, i) => draw(l, MARGIN + LABEL_WIDTH, y - i * 12, 10));
    y -= 12 * lines.length + 2;
  }
  if (qrPngBytes) {
    const qr = await doc.embedPng(qrPngBytes);
    const qrX = PAGE.width - MARGIN - QR_SIZE;
    const qrY = detailsTop + 10 - QR_SIZE;
    page.drawImage(qr, { x: qrX, y: qrY, width: QR_SIZE, height: QR_SIZE });
    const caption = 'Scan to verify';
    draw(caption, qrX + (QR_SIZE - regular.widthOfTextAtSize(caption, 7)) / 2, qrY - 9, 7, regular, GREY);
    y = Math.min(y, qrY - 9);
  }
  const bodyTop = y - 8;

  // the accreditation statements the certificate stored and the CPD note sit at the foot; the course text
  // fills what is between. Each statement ends with its body, provider and period in one paragraph, so a
  // printout states which approval it relies on and when that approval held.
  const FOOT_SIZE = 7.5;
  const FOOT_LEADING = 9.5;
  const statements = c.accreditation.map((a) => `${a.statement} \u2014 ${accreditationLine(a)}.`);
  const foot = [...statements, c.cpdNote].map((p) => wrap(safe(p), regular, FOOT_SIZE, CONTENT_WIDTH));
  const footHeight = foot.reduce((h, p) => h + p.length * FOOT_LEADING + 3, 0);
  let fy = 40 + footHeight - FOOT_LEADING;
  page.drawLine({ start: { x: MARGIN, y: fy + FOOT_LEADING + 2 }, end: { x: PAGE.width - MARGIN, y: fy + FOOT_LEADING + 2 }, thickness: 0.5, color: GREY });
  for (const p of foot) {
    for (const l of p) {
      draw(l, MARGIN, fy, FOOT_SIZE, regular, GREY);
      fy -= FOOT_LEADING;
    }
    fy -= 3;
  }
  const bodyBottom = 40 + footHeight + 10;

  // description, then the learning objectives as bullets; shortened to the lines there are
  const SIZE = 9;
  const LEADING = 11;
  const HEADING = 14;
  const GAP = 6; // between the description and the objectives
  const BULLET_INDENT = 10;
  const objectives = c.learningObjectives.map((o) => safe(o)).filter(Boolean);
  const description = safe(c.description);
  const headings = (description ? HEADING : 0) + (objectives.length ? HEADING + GAP : 0);
  const lines = Math.max(0, Math.floor((bodyTop - bodyBottom - headings) / LEADING));
  const objectiveLines = objectives.map((o) => wrap(o, regular, SIZE, CONTENT_WIDTH - BULLET_INDENT));
  const wantedObjectives = objectiveLines.reduce((n, l) => n + l.length, 0);
  // the description keeps at least two lines (or all it has) when the objectives would fill the page
  const descriptionLines = description ? wrapAtMost(description, regular, SIZE, CONTENT_WIDTH, Math.max(Math.min(2, lines), lines - wantedObjectives)) : [];
  let left = lines - descriptionLines.length;

  y = bodyTop;
  if (description && descriptionLines.length) {
    draw('Course description', MARGIN, y, 10, bold, ACCENT);
    y -= HEADING;
    for (const l of descriptionLines) {
      draw(l, MARGIN, y, SIZE);
      y -= LEADING;
    }
  }
  if (objectives.length && left > 0) {
    y -= GAP;
    draw('Learning objectives', MARGIN, y, 10, bold, ACCENT);
    y -= HEADING;
    // when they do not all fit, the last line says how many were left out rather than dropping them silently
    if (wantedObjectives > left) left -= 1;
    let shownCount = 0;
    for (const [i, o] of objectives.entries()) {
      if (left <= 0) break;
      const full = objectiveLines[i]!;
      // an objective that only partly fits is cut with an ellipsis
      const shown = full.length <= left ? full : wrapAtMost(o, regular, SIZE, CONTENT_WIDTH - BULLET_INDENT, left);
      draw('\u2022', MARGIN, y, SIZE);
      for (const l of shown) {
        draw(l, MARGIN + BULLET_INDENT, y, SIZE);
        y -= LEADING;
      }
      left -= shown.length;
      shownCount++;
    }
    const omitted = objectives.length - shownCount;
    if (omitted > 0) draw(`\u2026 and ${omitted} more learning ${omitted === 1 ? 'objective' : 'objectives'}`, MARGIN + BULLET_INDENT, y, SIZE, italic, GREY);
  }

  return doc.save();
}
