// The pages of a report the server prints (the Proof of CE report, the license tracker's transcript): US Letter
// with a margin, written from the top down, a table whose rows never split across pages, and a footer on each.
import { rgb, type PDFDocument, type PDFFont, type PDFPage } from 'pdf-lib';
import { wrap } from './text.ts';

export const PAGE = { width: 612, height: 792 }; // US Letter
export const MARGIN = 54;
const FOOTER_Y = 36;
/** where the writing stops: above the footer */
const BOTTOM = FOOTER_Y + 24;
export const GREY = rgb(0.55, 0.55, 0.55);

/** a table's type: its size and line height, the white between columns (a cell is wrapped to its column's width less
 * it), and above and below a row's rule */
export interface TableStyle {
  size: number;
  leading: number;
  gap: number;
  pad: number;
}

/** a report's pages and where on the last one the next line goes (`y`, from the bottom, as PDF counts) */
export class Sheet {
  page: PDFPage;
  y = PAGE.height - MARGIN;

  constructor(
    private readonly doc: PDFDocument,
    private readonly regular: PDFFont,
    private readonly bold: PDFFont,
    private readonly safe: (text: string) => string,
  ) {
    this.page = doc.addPage([PAGE.width, PAGE.height]);
  }

  newPage(): void {
    this.page = this.doc.addPage([PAGE.width, PAGE.height]);
    this.y = PAGE.height - MARGIN;
  }

  /** a new page when `height` would not fit above the footer */
  newPageIfShort(height: number): void {
    if (this.y - height < BOTTOM) this.newPage();
  }

  /** a thin line across the page at `y` */
  rule(): void {
    this.page.drawLine({ start: { x: MARGIN, y: this.y }, end: { x: PAGE.width - MARGIN, y: this.y }, thickness: 0.5, color: GREY });
  }

  /**
   * Every cell is wrapped in its column, so one long name or code cannot overprint its neighbour; a row that would
   * pass the footer starts a new page, under the header again.
   */
  table(columns: { label: string; width: number }[], t: TableStyle, rows: (string | string[])[][]): void {
    // a cell is one text, or paragraphs that each start a line
    const layout = (cells: (string | string[])[], font: PDFFont) =>
      cells.map((c, i) => [c].flat().flatMap((p) => wrap(this.safe(p), font, t.size, columns[i]!.width - t.gap)));
    const depth = (cells: string[][]) => (Math.max(...cells.map((l) => l.length)) - 1) * t.leading + t.pad;
    const drawRow = (cells: string[][], font: PDFFont) => {
      let x = MARGIN;
      cells.forEach((lines, i) => {
        lines.forEach((l, n) => this.page.drawText(l, { x, y: this.y - n * t.leading, size: t.size, font }));
        x += columns[i]!.width;
      });
      this.y -= depth(cells);
      this.rule();
      this.y -= t.leading + t.pad - 2;
    };
    const header = layout(columns.map((c) => c.label), this.bold);
    drawRow(header, this.bold);
    for (const row of rows) {
      const cells = layout(row, this.regular);
      if (this.y - depth(cells) < BOTTOM) {
        this.newPage();
        drawRow(header, this.bold);
      }
      drawRow(cells, this.regular);
    }
  }

  /** `text` and 'Page N of M' at the foot of every page, once all are written */
  footers(text: string): void {
    const pages = this.doc.getPages();
    const footer = this.safe(text);
    pages.forEach((p, i) => {
      const number = `Page ${i + 1} of ${pages.length}`;
      p.drawText(footer, { x: MARGIN, y: FOOTER_Y, size: 8, font: this.regular, color: GREY });
      p.drawText(number, { x: PAGE.width - MARGIN - this.regular.widthOfTextAtSize(number, 8), y: FOOTER_Y, size: 8, font: this.regular, color: GREY });
    });
  }
}
