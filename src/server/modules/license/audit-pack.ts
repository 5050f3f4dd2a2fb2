// The audit pack of a license's cycle (issue 19): one PDF transcript (the student, the license, the cycle, every
// course with provider, date, hours, format and topics, self-reported ones marked, the totals against each rule, and
// the CE Pass certificates' verification links) and a ZIP with that transcript, every CE Pass certificate PDF of
// the cycle and every proof file the student uploaded for it. Made on request, never stored: it is always the
// record as it stands.
import { StandardFonts, type PDFFont } from 'pdf-lib';
import { zipSync, type Zippable } from 'fflate';
import { auditPackFileName, type Entry, type LicenseView } from '#shared/api/license';
import { SELF_REPORTED, TOPIC_LABELS, CONFIRM_WITH_BOARD } from '#shared/domain/license';
import { MARGIN, PAGE, Sheet, type TableStyle } from '../../pdf/sheet.ts';
import { createDocument, sanitiser, wrap } from '../../pdf/text.ts';
import { certificatePdfOf, certificates, storedAccreditations, toCertificate } from '../certificates/certificates.service.ts';
import type { LicenseDeps, LicenseService } from './license.service.ts';

const TABLE: TableStyle = { size: 8.5, leading: 10.5, gap: 4, pad: 4 };

const h = (n: number) => `${Math.round(n * 100) / 100} h`;
const topicsOf = (e: Entry) => [...e.topics.map((t) => TOPIC_LABELS[t]), ...e.otherTopics].join(', ');
const record = (e: Entry) => (e.source === 'self-reported' ? `${SELF_REPORTED}${e.hasProof ? ', proof attached' : ''}` : `CE Pass certificate ${e.certificateCode}`);

interface Column {
  label: string;
  width: number;
  cell: (e: Entry, cycleStart: string) => string;
}
const COLUMNS: Column[] = [
  { label: 'Date', width: 56, cell: (e, start) => (e.date < start ? `${e.date} (before this cycle)` : e.date) },
  { label: 'Course and provider', width: 168, cell: (e) => `${e.title} \u2014 ${e.provider}${e.agdCode ? ` (AGD ${e.agdCode})` : ''}` },
  { label: 'Hours', width: 34, cell: (e) => String(e.hours) },
  { label: 'Format', width: 50, cell: (e) => (e.format === 'live' ? 'Live' : 'Self-study') },
  { label: 'Topics', width: 96, cell: topicsOf },
  { label: 'Record', width: 100, cell: record },
];

export interface TranscriptInput {
  student: { name: string; email: string; agdNumber: string | null };
  view: Omit<LicenseView, 'status'>;
  generatedAt: number;
  portalUrl: string;
}

export async function renderTranscript({ student, view, generatedAt, portalUrl }: TranscriptInput): Promise<Uint8Array> {
  const { license, cycle, progress, rules } = view;
  const doc = await createDocument(`CE transcript - ${student.name} - ${license.jurisdiction} ${license.licenseType}`, generatedAt);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const safe = sanitiser(regular);
  const sheet = new Sheet(doc, regular, bold, safe);
  const full = PAGE.width - 2 * MARGIN;
  const para = (s: string, size = 10, font: PDFFont = regular, gap = 3) => {
    const lines = wrap(safe(s), font, size, full);
    sheet.newPageIfShort(lines.length * (size + 3));
    for (const l of lines) {
      sheet.page.drawText(l, { x: MARGIN, y: sheet.y, size, font });
      sheet.y -= size + 3;
    }
    sheet.y -= gap;
  };

  para('CE Pass \u2014 CE transcript for license renewal', 16, bold, 8);
  para(student.name, 13, bold, 2);
  para(`${student.email} \u00b7 AGD member number: ${student.agdNumber ?? 'none on file'}`);
  para(`License: ${license.jurisdiction} ${license.licenseType}${license.number ? `, number ${license.number}` : ''}`, 11, bold, 2);
  para(`Cycle: ${cycle.start} to ${cycle.end} (renewal date)${cycle.current ? '' : ', finished'} \u00b7 ${license.cycleYears}-year cycle`);
  para(`Generated ${new Date(generatedAt).toISOString().slice(0, 10)}. Courses marked "${SELF_REPORTED}" were recorded by the student; CE Pass certificates can be checked at the links below.`, 9, regular, 10);

  // totals by category against the rules
  para('Totals', 11, bold, 2);
  para(`Earned ${h(progress.earned)}; counted toward the renewal ${h(progress.counted)}${progress.required !== null ? ` of ${h(progress.required)} required` : ''}.`);
  para(`Live: earned ${h(progress.live.earned)}, counted ${h(progress.live.counted)}. Self-study: earned ${h(progress.selfStudy.earned)}, counted ${h(progress.selfStudy.counted)}${progress.selfStudy.cap !== null ? ` (limit ${h(progress.selfStudy.cap)})` : ''}.`);
  for (const r of progress.rules) {
    const source = rules.find((x) => x.id === r.ruleId)?.preset?.source;
    const met = r.met ? ' \u2014 met' : ' \u2014 not met';
    // a topic asked without hours is one course on it
    const shown =
      r.kind === 'self-study-maximum' || r.kind === 'category-cap'
        ? `${h(r.counted)} counted (limit ${h(r.required)})`
        : r.kind === 'topic' && r.required === 0
          ? `${r.counted > 0 ? `${h(r.counted)} taken` : 'no course yet'}${met}`
          : `${h(r.counted)} of ${h(r.required)}${met}`;
    para(`\u2022 ${r.label}: ${shown}${source ? ` [source: ${source.label}${source.secondary ? ', secondary' : ''}, checked ${source.checkedOn}]` : ''}`, 9.5, regular, 1);
  }
  if (progress.rules.length === 0) para('No rules set for this license.', 9.5);
  if (rules.some((r) => r.preset)) para(`Rules from a preset are starting points. ${CONFIRM_WITH_BOARD}.`, 8.5, regular, 2);
  sheet.y -= 8;

  // the courses
  sheet.newPageIfShort(40);
  para('Courses', 11, bold, 4);
  if (view.entries.length === 0) para('No courses in this cycle yet.');
  else sheet.table(COLUMNS, TABLE, view.entries.map((e) => COLUMNS.map((c) => c.cell(e, cycle.start))));

  const verifiable = view.entries.filter((e) => e.verifyUrl);
  if (verifiable.length) {
    sheet.y -= 8;
    para('CE Pass certificates: verification links', 11, bold, 4);
    for (const e of verifiable) para(`${e.certificateCode}: ${e.verifyUrl}`, 9, regular, 1);
  }

  sheet.footers(`CE Pass, ${portalUrl}. ${CONFIRM_WITH_BOARD} for the requirements that apply to you.`);
  return doc.save();
}

/** a ZIP entry's name from a proof: never a path, whatever the stored name says */
const entryName = (s: string) => s.replace(/[^A-Za-z0-9 ._-]+/g, '_').replace(/^[.\s]+/, '') || 'file';

export function auditPack(deps: LicenseDeps, licenses: LicenseService) {
  const { db, clock, publicUrl, storage } = deps;

  async function transcript(studentId: number, licenseId: number, cycleEnd?: string) {
    const { status: _status, ...view } = await licenses.view(studentId, licenseId, cycleEnd);
    const s = await db.selectFrom('students').select(['firstname', 'lastname', 'email', 'agdNumber']).where('id', '=', studentId).executeTakeFirstOrThrow();
    const pdf = await renderTranscript({ student: { name: `${s.firstname} ${s.lastname}`, email: s.email, agdNumber: s.agdNumber }, view, generatedAt: clock.now(), portalUrl: publicUrl });
    return { license: view.license, cycle: view.cycle, view, pdf };
  }

  async function zip(studentId: number, licenseId: number, cycleEnd?: string) {
    const t = await transcript(studentId, licenseId, cycleEnd);
    const now = clock.now();
    // stored, not deflated: PDFs and photos are compressed already; one time on every entry, so equal input gives equal bytes
    const files: Zippable = {};
    const add = (name: string, bytes: Uint8Array) => (files[name] = [bytes, { level: 0, mtime: now }]);
    add(auditPackFileName(t.license, t.cycle.end, 'pdf'), t.pdf);

    const codes = t.view.entries.filter((e) => e.certificateCode).map((e) => e.certificateCode!);
    if (codes.length) {
      const rows = await certificates(db).where('ct.studentId', '=', studentId).where('ct.code', 'in', codes).execute();
      const statements = await storedAccreditations(db, rows.map((r) => r.id));
      for (const row of rows) {
        const { filename, pdf } = await certificatePdfOf(toCertificate(row, statements.get(row.id)!, publicUrl), now);
        add(`certificates/${filename}`, pdf);
      }
    }
    for (const e of t.view.entries.filter((x) => x.source === 'self-reported' && x.hasProof)) {
      const row = await db.selectFrom('reportedCourses').select(['proofKey', 'proofName']).where('id', '=', e.id).where('studentId', '=', studentId).executeTakeFirst();
      const bytes = row?.proofKey ? await storage.read(row.proofKey) : null;
      if (bytes) add(`proofs/${e.date}-${e.id}-${entryName(row!.proofName ?? 'proof')}`, bytes);
    }
    return { license: t.license, cycle: t.cycle, zip: zipSync(files) };
  }

  return { transcript, zip };
}
