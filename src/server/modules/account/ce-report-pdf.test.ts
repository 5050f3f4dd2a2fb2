// The Proof of CE report, read back as text: what a student (or their dental board) would see on the page.
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import type { Accreditation } from '#shared/api/certificates';
import { formatDate } from '#shared/domain/format';
import { pdfText } from '../../pdf-text.test-support.ts';
import { renderCeReport, type CeReportInput, type CeReportRow } from './ce-report-pdf.ts';

const GENERATED_AT = Date.parse('2026-11-22T15:00:00.000Z');
const DAY = 86_400_000;
const TABLE_HEADER = 'Date completed Course Lecturer CE type Credits AGD code';

// zero-padded so no title is a prefix of another ('Course 1' would match inside 'Course 10')
const rows = (count: number): CeReportRow[] =>
  Array.from({ length: count }, (_, i) => ({
    completedOn: new Date(GENERATED_AT - i * DAY).toISOString().slice(0, 10),
    title: `Periodontics update ${String(i + 1).padStart(3, '0')}`,
    certificate: `7K3M-9QXW-${String(i + 1).padStart(4, '0')}`,
    kind: i % 4 === 3 ? 'Podcast' : 'Course',
    lecturer: 'Dr. Ana Ruiz',
    ceTypeId: i % 2 === 0 ? 1 : 2,
    credits: 1.5,
    agdCode: '490',
    accreditation: [],
  }));

const input = (over: Partial<CeReportInput> = {}): CeReportInput => ({
  student: { name: 'Pat Jones', email: 'pat@example.com', agdNumber: '1234567' },
  rows: rows(3),
  totals: { ceHome: 3, ceLive: 1.5, ceTotal: 4.5 },
  generatedAt: GENERATED_AT,
  portalUrl: 'http://localhost:8080',
  ...over,
});

const count = (text: string, phrase: string) => text.split(phrase).length - 1;

describe('renderCeReport', () => {
  it('states who the report is for, when it was made and the credit totals', async () => {
    const text = await pdfText(await renderCeReport(input()));
    expect(text).toContain('CE Pass — Proof of Continuing Education');
    expect(text).toContain('Pat Jones');
    expect(text).toContain('pat@example.com');
    expect(text).toContain('AGD member number: 1234567');
    expect(text).toContain(`Report generated ${formatDate(GENERATED_AT)}`);
    expect(text).toContain('Self-study: 3 CEU Live, Interactive: 1.5 CEU Total: 4.5 CEU');
    expect(text).toContain('Issued by CE Pass, http://localhost:8080. Method: Electronically Mediated.');
    expect(text).toContain('Page 1 of 1');
  });

  it('lists each completed course with its date, lecturer, CE type, credits and AGD code', async () => {
    const text = await pdfText(await renderCeReport(input()));
    expect(text).toContain(TABLE_HEADER);
    expect(text).toContain(`${formatDate(GENERATED_AT)} Periodontics update 001 Dr. Ana Ruiz Self-study 1.5 490`);
    expect(text).toContain(`${formatDate(GENERATED_AT - DAY)} Periodontics update 002 Dr. Ana Ruiz Live, Interactive 1.5 490`);
    expect(text).toContain('Periodontics update 003');
  });

  it("prints each row's certificate number under its title, and where an auditor checks it", async () => {
    const text = await pdfText(await renderCeReport(input({ rows: rows(3) })));
    expect(text).toContain(`Report generated ${formatDate(GENERATED_AT)}`);
    expect(text).toContain("Check any certificate's number at http://localhost:8080/verify");
    for (const n of ['0001', '0002', '0003']) expect(count(text, `Certificate 7K3M-9QXW-${n}`)).toBe(1);
    // under the title, before the next row
    expect(text.indexOf('Certificate 7K3M-9QXW-0001')).toBeGreaterThan(text.indexOf('Periodontics update 001'));
    expect(text.indexOf('Certificate 7K3M-9QXW-0001')).toBeLessThan(text.indexOf('Periodontics update 002'));
  });

  it("says when there is no AGD number on file and leaves unknown cells blank rather than 'undefined'", async () => {
    const bare: CeReportRow = { completedOn: new Date(GENERATED_AT).toISOString().slice(0, 10), title: 'Infection control', certificate: 'AB12-CD34-EF56', kind: 'Course', lecturer: null, ceTypeId: null, credits: 0, agdCode: null, accreditation: [] };
    const text = await pdfText(await renderCeReport(input({ student: { name: 'Pat Jones', email: 'pat@example.com', agdNumber: null }, rows: [bare] })));
    expect(text).toContain('AGD member number: none on file');
    expect(text).toContain(`${formatDate(GENERATED_AT)} Infection control 0`);
    expect(text).not.toContain('undefined');
  });

  it('wraps a long course title inside its column, keeping every word', async () => {
    const title = 'Managing medically complex patients in general practice: anticoagulants, bisphosphonates and the diabetic patient';
    const [first] = rows(1);
    const text = await pdfText(await renderCeReport(input({ rows: [{ ...first!, title }] })));
    const inOrder = new RegExp(title.split(' ').map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('[\\s\\S]*?'));
    expect(text).toMatch(inOrder);
    expect(text).not.toContain(title); // the title did wrap, so the test above did exercise wrapping
  });

  it("prints each certificate's stored statements once, numbered, and refers to them from the rows that carry them", async () => {
    const one: Accreditation = { provider: 'CE Pass', approvalBody: 'Board One', statement: 'CE Pass is approved by Board One.', validFrom: '2026-01-01', validThrough: '2027-12-31' };
    const old: Accreditation = { provider: 'CE Pass', approvalBody: 'Board Two', statement: 'CE Pass was approved by Board Two.', validFrom: '2024-01-01', validThrough: '2025-12-31' };
    const [a, b, c] = rows(3);
    const text = await pdfText(await renderCeReport(input({ rows: [{ ...a!, accreditation: [one] }, { ...b!, accreditation: [one, old] }, { ...c!, accreditation: [] }] })));
    expect(text).toContain('Periodontics update 001 [1] Dr. Ana Ruiz');
    expect(text).toContain('Periodontics update 002 [1, 2] Dr. Ana Ruiz');
    // a certificate that carries no statement claims none
    expect(text).toContain(`${formatDate(GENERATED_AT - 2 * DAY)} Periodontics update 003 Dr. Ana Ruiz`);
    const notes = text.slice(text.indexOf('Accreditation statements'));
    expect(notes.replace(/\n/g, ' ')).toContain(
      '[1] CE Pass is approved by Board One. \u2014 Board One \u00b7 CE Pass \u00b7 valid January 1, 2026 through December 31, 2027. [2] CE Pass was approved by Board Two. \u2014 Board Two \u00b7 CE Pass \u00b7 valid January 1, 2024 through December 31, 2025.',
    );
    expect(count(text, 'CE Pass is approved by Board One.')).toBe(1);
  });

  it('prints no accreditation section when no certificate carries a statement', async () => {
    expect(await pdfText(await renderCeReport(input()))).not.toContain('Accreditation statements');
  });

  it('breaks onto a second page, repeating the table header and numbering the pages', async () => {
    // two lines a row (the title, then the certificate's number)
    const many = rows(40);
    const text = await pdfText(await renderCeReport(input({ rows: many })));
    expect(text).toContain('Page 1 of 2');
    expect(text).toContain('Page 2 of 2');
    expect(text).not.toContain('of 3');
    expect(count(text, TABLE_HEADER)).toBe(2);
    expect(text.lastIndexOf(TABLE_HEADER)).toBeGreaterThan(text.indexOf('Page 1 of 2'));
    for (const row of many) expect(text).toContain(row.title);
    expect(count(text, '(Podcast)')).toBe(10);
  });


  it('renders text the standard font cannot encode instead of throwing, leaving the rest intact', async () => {
    const [first] = rows(1);
    const bytes = await renderCeReport(
      input({
        student: { name: 'Zoë Łukasz Ćwik 李', email: 'zoe@example.com', agdNumber: '1234567' },
        rows: [{ ...first!, title: 'Implants \u2010 第二部分', lecturer: 'Dr. Ş. Öztürk' }],
      }),
    );
    const text = await pdfText(bytes);
    expect(text).toContain('Zoë Lukasz Cwik ?');
    expect(text).toContain('Implants - ???? Dr. S. Öztürk');
    expect(text).toContain('zoe@example.com');
    expect(text).toContain('AGD member number: 1234567');
    expect(text).toContain('Self-study: 3 CEU Live, Interactive: 1.5 CEU Total: 4.5 CEU');
    expect(text).toContain('Page 1 of 1');
    // metadata is not limited to WinAnsi, so the name is kept there as given
    expect((await PDFDocument.load(bytes)).getTitle()).toBe('Proof of CE report - Zoë Łukasz Ćwik 李');
  });

  it('is deterministic: the same input gives the same bytes, dated by the injected clock', async () => {
    const a = await renderCeReport(input({ rows: rows(40) }));
    const b = await renderCeReport(input({ rows: rows(40) }));
    expect(Buffer.from(a).equals(Buffer.from(b))).toBe(true);
    const doc = await PDFDocument.load(a, { updateMetadata: false });
    expect(doc.getCreationDate()?.getTime()).toBe(GENERATED_AT);
    expect(doc.getModificationDate()?.getTime()).toBe(GENERATED_AT);
    expect(doc.getAuthor()).toBe('CE Pass');
    expect(doc.getCreator()).toBe('CE Pass');
  });
});
