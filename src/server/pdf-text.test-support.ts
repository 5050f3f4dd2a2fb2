// Lets tests assert what a generated PDF says (reports, certificates) rather than how its bytes look.
import { extractTextItems } from 'unpdf';

/** Baselines closer than this are one visual line (pdf.js positions carry float noise). */
const SAME_LINE = 2;

/**
 * All pages' text, one visual line per line, pages in order. Items on a line are joined by one space
 * and runs of whitespace collapsed, so a table row reads 'Wed Nov 5, 2025 Title Lecturer ...' and a test
 * can match a phrase without caring how the PDF split it into text runs.
 */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  // pdf.js takes ownership of (detaches) the buffer it is given; the caller may still need theirs
  const { items } = await extractTextItems(new Uint8Array(bytes));
  const lines: string[] = [];
  for (const pageItems of items) {
    const rows: { y: number; parts: { x: number; str: string }[] }[] = [];
    for (const { str, x, y } of pageItems) {
      if (!str.trim()) continue;
      let row = rows.find((r) => Math.abs(r.y - y) < SAME_LINE);
      if (!row) rows.push((row = { y, parts: [] }));
      row.parts.push({ x, str });
    }
    rows.sort((a, b) => b.y - a.y);
    for (const row of rows) {
      row.parts.sort((a, b) => a.x - b.x);
      lines.push(row.parts.map((p) => p.str).join(' ').replace(/\s+/g, ' ').trim());
    }
  }
  return lines.join('\n');
}
