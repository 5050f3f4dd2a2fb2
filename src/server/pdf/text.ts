// What every PDF the server makes (the Proof of CE report, certificates) needs alike: a document whose
// bytes depend only on its input, text the standard fonts can encode, and word wrap that never overflows.
import { PDFDocument, type PDFFont } from 'pdf-lib';

/**
 * A new document stamped with `generatedAt` rather than the wall clock (pdf-lib's updateMetadata would
 * stamp the clock), so equal input gives equal bytes.
 */
export async function createDocument(title: string, generatedAt: number): Promise<PDFDocument> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  const generated = new Date(generatedAt);
  doc.setTitle(title);
  doc.setAuthor('CE Pass');
  doc.setCreator('CE Pass');
  doc.setProducer('CE Pass');
  doc.setLanguage('en-US');
  doc.setCreationDate(generated);
  doc.setModificationDate(generated);
  return doc;
}

// letters and dashes that Unicode does not decompose to anything WinAnsi has
const FALLBACK: Record<string, string> = { Ł: 'L', ł: 'l', Đ: 'D', đ: 'd', ı: 'i', '\u2010': '-', '\u2011': '-', '\u2212': '-' };

/**
 * The standard fonts only encode WinAnsi and pdf-lib throws on anything else, while names and titles are
 * user or CMS text: keep what the font has, fall back to the unaccented letter, else '?'.
 */
export function sanitiser(font: PDFFont): (text: string) => string {
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
export function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
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

const ELLIPSIS = '\u2026'; // in WinAnsi, so every standard font has it

/**
 * `wrap`, cut to at most `maxLines`; when text was dropped the last line ends in an ellipsis (words
 * removed until it fits), so a shortened text says so. maxLines 0 gives no lines.
 */
export function wrapAtMost(text: string, font: PDFFont, size: number, width: number, maxLines: number): string[] {
  const lines = wrap(text, font, size, width);
  if (lines.length <= maxLines) return lines;
  if (maxLines <= 0) return [];
  const kept = lines.slice(0, maxLines);
  let last = kept[maxLines - 1]!;
  while (last && font.widthOfTextAtSize(`${last}${ELLIPSIS}`, size) > width) {
    const space = last.lastIndexOf(' ');
    last = space > 0 ? last.slice(0, space) : last.slice(0, -1);
  }
  kept[maxLines - 1] = `${last.replace(/[\s,;:.]+$/, '')}${ELLIPSIS}`;
  return kept;
}

/** the largest size from `size` down to `minSize` at which one line fits `width`; below that, cut with an ellipsis */
export function fitLine(text: string, font: PDFFont, size: number, minSize: number, width: number): { text: string; size: number } {
  for (let s = size; s >= minSize; s -= 0.5) if (font.widthOfTextAtSize(text, s) <= width) return { text, size: s };
  return { text: wrapAtMost(text, font, minSize, width, 1)[0] ?? '', size: minSize };
}
