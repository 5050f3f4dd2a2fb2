// Certificates as their readers meet them: the student's Proof of CE dialog (GET certificate), the PDF
// that arrives at a real SMTP server (send-cert) and the same PDF downloaded (certificate-pdf), and the public check a dental board auditor makes from
// the QR code (verify), which must say nothing more about the student than the paper does.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PDFDict, PDFDocument, PDFName, PDFRawStream } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Accreditation, Certificate } from '#shared/api/certificates';
import { accreditationLine } from '#shared/domain/accreditation';
import { formatDay } from '#shared/domain/format';
import { isoAt, nowIso } from '../../clock.ts';
import { loadConfig } from '../../config.ts';
import { importPack } from '../../content/importer.ts';
import { loadPack } from '../../content/load-pack.ts';
import { startSmtpSink, type SmtpSink } from '../../mail/smtp-sink.ts';
import { pdfText } from '../../pdf-text.test-support.ts';
import { localFolderStorage } from '../../storage/storage.ts';
import { buildTestApp, createStudents, json, type TestApp } from '../../test-support.ts';
import { qrPng, renderCertificate } from './certificate-pdf.ts';
import { CERT_MAIL_LIMIT, CERT_MAILS_PER_DAY } from './certificates.routes.ts';
import { CPD_NOTE, issueCertificate, NO_CERTIFICATE } from './certificates.service.ts';

interface PackClass {
  hash: string;
  title: string;
  description: string;
  agdCode?: string;
  learningObjectives?: string[];
  ceType: number;
  credits: number;
}
interface PackStudent {
  username: string;
  password: string;
  firstname: string;
  lastname: string;
  email: string;
  address: string;
  agdNumber?: string;
  completed: { class?: string; podcast?: string; daysAgo: number }[];
}
const pack = JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../../../../content/demo/pack.json'), 'utf8')) as { classes: PackClass[]; students: PackStudent[]; accreditations: Accreditation[] };
const demo = pack.students.find((s) => s.username === 'demostudent')!;
// the demo student's most recent completed class that prints an AGD code and learning objectives
const done = demo.completed
  .filter((d) => d.class)
  .map((d) => ({ ...d, cls: pack.classes.find((c) => c.hash === d.class)! }))
  .find((d) => d.cls.agdCode && d.cls.learningObjectives?.length)!;
const donePodcast = demo.completed.find((d) => d.podcast)!;

let t: TestApp;
let smtp: SmtpSink;
beforeAll(async () => {
  smtp = await startSmtpSink();
  t = await buildTestApp({ smtpUrl: smtp.url, rateLimits: { ...loadConfig({}).rateLimits, loginPerIpPer15Min: 1000 } });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const post = (url: string, payload: object, cookie?: string) =>
  t.app.inject({ method: 'POST', url: `/api/${url}`, headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) }, payload });
const get = (url: string, cookie?: string) => t.app.inject({ url: `/api/${url}`, headers: cookie ? { cookie } : {} });
const cookieOf = (res: { headers: Record<string, unknown> }) => /^(sid=[^;]*)/.exec(String(res.headers['set-cookie']))?.[1] ?? '';
async function loginDemo() {
  const res = await post('login', { u: demo.username, p: demo.password });
  expect(res.statusCode, res.body).toBe(200);
  return { cookie: cookieOf(res), hash: json(res).hash as string };
}
/** wrapped lines joined again, so a paragraph can be matched whole */
const flat = (text: string) => text.replace(/\s+/g, ' ');

/** pdf-lib's view of page 1: does its resources hold an image XObject (the QR code)? */
async function hasImage(bytes: Uint8Array): Promise<boolean> {
  const doc = await PDFDocument.load(bytes);
  expect(doc.getPageCount()).toBe(1);
  const xobjects = doc.getPage(0).node.Resources()?.lookupMaybe(PDFName.of('XObject'), PDFDict);
  if (!xobjects) return false;
  return xobjects.entries().some(([, ref]) => {
    const stream = doc.context.lookup(ref);
    return stream instanceof PDFRawStream && stream.dict.get(PDFName.of('Subtype')) === PDFName.of('Image');
  });
}

describe('GET certificate', () => {
  it("gives the demo student's certificate for a completed class with every field of the Proof of CE dialog", async () => {
    const { cookie } = await loginDemo();
    const res = await get(`certificate?c=${done.cls.hash}`, cookie);
    expect(res.statusCode, res.body).toBe(200);
    const c = json(res).certificate as Certificate;
    const issued = await t.database.db.selectFrom('certificates').select(['code', 'completedOn', 'speakerName']).where('title', '=', done.cls.title).executeTakeFirstOrThrow();
    expect(c).toEqual({
      code: issued.code,
      studentName: `${demo.firstname} ${demo.lastname}`,
      title: done.cls.title,
      lecturer: issued.speakerName,
      completedOn: issued.completedOn,
      method: 'Electronically Mediated',
      creditType: 'Self-study',
      credits: done.cls.credits,
      agdCode: done.cls.agdCode,
      agdNumber: demo.agdNumber,
      description: done.cls.description,
      learningObjectives: done.cls.learningObjectives,
      // the demo pack's statements, both of whose periods cover the completion date, as the pack lists them
      accreditation: pack.accreditations,
      cpdNote: CPD_NOTE,
      verifyUrl: `http://localhost:8080/verify/${issued.code}`,
    });
    expect(c.lecturer).toBeTruthy();
    // the demo student's device gave no zone: the day in UTC
    expect(c.completedOn).toBe(new Date(t.clock.now() - done.daysAgo * 86_400_000).toISOString().slice(0, 10));
    expect(c.accreditation).toHaveLength(2);
  });

  it('gives a completed podcast episode its certificate too, with no AGD code or objectives', async () => {
    const { cookie } = await loginDemo();
    const res = await get(`certificate?p=${donePodcast.podcast}`, cookie);
    expect(res.statusCode, res.body).toBe(200);
    const c = json(res).certificate as Certificate;
    expect(c.agdCode).toBeNull();
    expect(c.learningObjectives).toEqual([]);
    expect(c.description).not.toBe('');
    expect(c.creditType).toBe('Self-study');
  });

  it('answers 404 for a course not completed, 400 without a course, 401 without a session, 403 for another hash', async () => {
    const { cookie, hash } = await loginDemo();
    const [other] = await createStudents(t, 1, 'nocert');
    for (const url of [`certificate?c=${done.cls.hash}`, `certificate?p=${donePodcast.podcast}`]) {
      const res = await get(url, other!.cookie);
      expect(res.statusCode, url).toBe(404);
      expect(json(res)).toEqual({ status: false, errorMsg: NO_CERTIFICATE });
    }
    // a class the demo student has only started
    expect((await get('certificate?c=sterilization-monitoring', cookie)).statusCode).toBe(404);
    expect((await get('certificate?c=no-such-class', cookie)).statusCode).toBe(404);
    expect((await get('certificate', cookie)).statusCode).toBe(400);
    expect((await get(`certificate?c=${done.cls.hash}`)).statusCode).toBe(401);
    expect((await get(`certificate?c=${done.cls.hash}&s=${hash}`, other!.cookie)).statusCode).toBe(403);
  });
});

describe('GET verify', () => {
  it('says a real certificate is genuine and what it certifies, and nothing more about the student', async () => {
    const { cookie, hash } = await loginDemo();
    const c = json(await get(`certificate?c=${done.cls.hash}`, cookie)).certificate as Certificate;
    const res = await get(`verify?code=${c.code}`);
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual({
      status: true,
      genuine: true,
      certificate: { code: c.code, studentName: c.studentName, title: c.title, lecturer: c.lecturer, completedOn: c.completedOn, creditType: c.creditType, credits: c.credits, agdCode: c.agdCode, accreditation: pack.accreditations },
    });
    const student = await t.database.db.selectFrom('students').selectAll().where('hash', '=', hash).executeTakeFirstOrThrow();
    for (const secret of [student.email, student.username, student.hash, student.address, student.phone, student.agdNumber!, student.zip, demo.email, demo.address]) {
      expect(res.body.toLowerCase(), secret).not.toContain(secret.toLowerCase());
    }
    // the same answer logged in as anyone, or as no one
    expect(json(await get(`verify?code=${c.code}`, cookie))).toEqual(json(res));
  });

  it('reads a number as an auditor types it from the paper: any case, dashes anywhere, O for zero, I or L for one (decision 0040)', async () => {
    const { cookie } = await loginDemo();
    const c = json(await get(`certificate?c=${done.cls.hash}`, cookie)).certificate as Certificate;
    // issued in its printed form: three groups of four, none of the characters that read as another
    expect(c.code).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/);
    const genuine = json(await get(`verify?code=${c.code}`));
    const typed = c.code.toLowerCase().replaceAll('-', '').replaceAll('0', 'o').replaceAll('1', 'l');
    for (const code of [typed, `-${c.code.slice(0, 7)}--${c.code.slice(7)}`]) {
      expect(json(await get(`verify?code=${encodeURIComponent(code)}`)), code).toEqual(genuine);
    }
    // one character wrong is another number
    const wrong = c.code.replace(/^./, (x) => (x === '7' ? '8' : '7'));
    expect(json(await get(`verify?code=${wrong}`))).toEqual({ status: true, genuine: false, certificate: null });
  });

  it('finds a number issued before decision 0040 as it was printed, and only so (it is case-sensitive)', async () => {
    const { cookie } = await loginDemo();
    const c = json(await get(`certificate?c=${done.cls.hash}`, cookie)).certificate as Certificate;
    await t.database.db.updateTable('certificates').set({ code: '-01vitekprEl' }).where('code', '=', c.code).execute();
    try {
      expect(json(await get('verify?code=-01vitekprEl'))).toMatchObject({ genuine: true, certificate: { code: '-01vitekprEl', title: c.title } });
      expect(json(await get('verify?code=-01VITEKPREL'))).toMatchObject({ genuine: false });
    } finally {
      await t.database.db.updateTable('certificates').set({ code: c.code }).where('code', '=', '-01vitekprEl').execute();
    }
  });

  it('says a made-up number is not genuine (200), and refuses what is not a certificate number (400)', async () => {
    const res = await get('verify?code=MadeUpCode123');
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual({ status: true, genuine: false, certificate: null });
    expect((await get('verify?code=x')).statusCode).toBe(400);
    expect((await get('verify')).statusCode).toBe(400);
  });
});

describe('POST send-cert', () => {
  it('e-mails the certificate PDF, with every printed field and the QR code, to the student', async () => {
    const { cookie } = await loginDemo();
    const c = json(await get(`certificate?c=${done.cls.hash}`, cookie)).certificate as Certificate;
    const res = await post('send-cert', { c: done.cls.hash }, cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res)).toEqual({ status: true });
    const mail = await smtp.waitFor((m) => m.subject === `Your CE Pass certificate: ${done.cls.title}`);
    expect(mail.to).toBe(demo.email);
    expect(mail.text).toContain(c.verifyUrl);
    const pdf = mail.attachments.find((a) => a.contentType === 'application/pdf');
    expect(pdf?.filename).toBe(`ce-pass-certificate-${c.code}.pdf`);
    const bytes = new Uint8Array(pdf!.content);
    const text = flat(await pdfText(bytes));
    expect(text).toContain('Certificate of Completion');
    expect(text).toContain('Proof of Continuing Education, issued by CE Pass');
    expect(text).toContain(`${demo.firstname} ${demo.lastname}`);
    expect(text).toContain(done.cls.title);
    expect(text).toContain(`Lecturer: ${c.lecturer}`);
    expect(text).toContain(`Date completed ${formatDay(c.completedOn)}`);
    expect(text).toContain('Method Electronically Mediated');
    expect(text).toContain('Credit type Self-study');
    expect(text).toContain(`Credit hours ${done.cls.credits}`);
    expect(text).toContain(`AGD subject code ${done.cls.agdCode}`);
    // the student's AGD member number as it stood at the pass, for the AGD's reporting and an auditor
    expect(demo.agdNumber).toBeTruthy();
    expect(text).toContain(`AGD member number ${demo.agdNumber}`);
    expect(done.cls.learningObjectives![0]).toBeTruthy();
    expect(text).toContain(done.cls.learningObjectives![0]);
    for (const a of pack.accreditations) expect(text).toContain(`${a.statement} \u2014 ${accreditationLine(a)}.`);
    expect(text).toContain(CPD_NOTE);
    expect(text).toContain(`Certificate number ${c.code}`);
    expect(text).toContain(c.verifyUrl);
    expect(await hasImage(bytes)).toBe(true);
  });

  it('answers 404 for a course the student has not completed and 401 without a session, sending nothing', async () => {
    const [other] = await createStudents(t, 1, 'nosend');
    const before = await t.database.db.selectFrom('emailOutbox').select('id').where('kind', '=', 'certificate').execute();
    const res = await post('send-cert', { c: done.cls.hash }, other!.cookie);
    expect(res.statusCode).toBe(404);
    expect(json(res).errorMsg).toBe(NO_CERTIFICATE);
    expect((await post('send-cert', { c: done.cls.hash })).statusCode).toBe(401);
    expect((await post('send-cert', {}, other!.cookie)).statusCode).toBe(400);
    const after = await t.database.db.selectFrom('emailOutbox').select('id').where('kind', '=', 'certificate').execute();
    expect(after).toHaveLength(before.length);
  });

  it(`sends at most ${CERT_MAILS_PER_DAY} a day per account, then says so in a plain sentence`, async () => {
    // a student of our own with one completed class, so the count starts at zero
    const [s] = await createStudents(t, 1, 'limit');
    const db = t.database.db;
    const cls = await db.selectFrom('classes').select(['id', 'name', 'credits', 'ceTypeId', 'agdCode']).where('hash', '=', done.cls.hash).executeTakeFirstOrThrow();
    const at = new Date(t.clock.now()).toISOString();
    const { id: gradebookId } = await db
      .insertInto('gradebook')
      .values({ studentId: s!.id, classId: cls.id, podcastId: null, startedAt: at, endedAt: at, attended: null, evalTakenAt: at, svaDoneAt: at, surveyDoneAt: at, examTakenAt: at, examScore: 100, credits: cls.credits, ceTypeId: cls.ceTypeId, createdAt: at, updatedAt: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('certificates')
      .values({ code: 'limitTestCode01', studentId: s!.id, gradebookId, studentName: 'Load Student 0', title: cls.name, speakerName: null, credits: cls.credits, ceTypeId: cls.ceTypeId, agdCode: cls.agdCode, completedAt: at, completedOn: at.slice(0, 10), issuedAt: at })
      .execute();

    const mine = json(await get(`certificate?c=${done.cls.hash}`, s!.cookie)).certificate as Certificate;
    expect(mine.lecturer).toBeNull();
    for (let i = 0; i < CERT_MAILS_PER_DAY; i++) expect((await post('send-cert', { c: done.cls.hash }, s!.cookie)).statusCode).toBe(200);
    const over = await post('send-cert', { c: done.cls.hash }, s!.cookie);
    expect(over.statusCode).toBe(429);
    expect(json(over).errorMsg).toBe(CERT_MAIL_LIMIT);
    await smtp.waitFor((m) => m.to === s!.email && m.attachments.some((a) => a.filename === 'ce-pass-certificate-limitTestCode01.pdf'));
    // another account is not affected
    const { cookie } = await loginDemo();
    expect((await post('send-cert', { p: donePodcast.podcast }, cookie)).statusCode).toBe(200);
    // a day later the student may send again
    t.clock.advance(24 * 3600_000 + 1000);
    expect((await post('send-cert', { c: done.cls.hash }, s!.cookie)).statusCode).toBe(200);
  });
});

describe('GET certificate-pdf', () => {
  it('hands the student the very PDF the e-mail carries, as a private attachment named like the e-mailed one', async () => {
    const { cookie } = await loginDemo();
    const c = json(await get(`certificate?c=${done.cls.hash}`, cookie)).certificate as Certificate;
    // the same moment for both: a PDF is stamped with when it was made, and is otherwise the same bytes
    const res = await get(`certificate-pdf?c=${done.cls.hash}`, cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="ce-pass-certificate-${c.code}.pdf"`);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const bytes = new Uint8Array(res.rawPayload);
    const text = flat(await pdfText(bytes));
    expect(text).toContain(`${demo.firstname} ${demo.lastname}`);
    expect(text).toContain(done.cls.title);
    expect(text).toContain(`Certificate number ${c.code}`);
    expect(await hasImage(bytes)).toBe(true);

    // only the mail sent now: earlier tests mailed this certificate at other moments
    const sentBefore = smtp.messages.length;
    expect((await post('send-cert', { c: done.cls.hash }, cookie)).statusCode).toBe(200);
    const mail = await smtp.waitFor((m) => smtp.messages.indexOf(m) >= sentBefore && m.to === demo.email && m.attachments.some((a) => a.filename === `ce-pass-certificate-${c.code}.pdf`));
    const mailed = mail.attachments.find((a) => a.contentType === 'application/pdf')!;
    expect(Buffer.from(mailed.content).equals(Buffer.from(bytes))).toBe(true);
  });

  it("gives a podcast episode's certificate too, and opens in the browser's viewer with disposition=inline", async () => {
    const { cookie } = await loginDemo();
    const c = json(await get(`certificate?p=${donePodcast.podcast}`, cookie)).certificate as Certificate;
    const res = await get(`certificate-pdf?p=${donePodcast.podcast}&disposition=inline`, cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toBe(`inline; filename="ce-pass-certificate-${c.code}.pdf"`);
    expect(flat(await pdfText(new Uint8Array(res.rawPayload)))).toContain(c.title);
    expect((await get(`certificate-pdf?p=${donePodcast.podcast}&disposition=open`, cookie)).statusCode).toBe(400);
  });

  it("refuses another student's certificate (404 by the course, 403 by the hash), a visitor (401) and a request naming no course (400)", async () => {
    const { cookie, hash } = await loginDemo();
    const [other] = await createStudents(t, 1, 'nopdf');
    for (const url of [`certificate-pdf?c=${done.cls.hash}`, `certificate-pdf?p=${donePodcast.podcast}`]) {
      const res = await get(url, other!.cookie);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(json(res)).toEqual({ status: false, errorMsg: NO_CERTIFICATE });
    }
    const theirs = await get(`certificate-pdf?c=${done.cls.hash}&s=${hash}`, other!.cookie);
    expect(theirs.statusCode).toBe(403);
    expect(json(theirs).errorMsg).toBe('This record belongs to another student.');
    const visitor = await get(`certificate-pdf?c=${done.cls.hash}`);
    expect(visitor.statusCode).toBe(401);
    expect(json(visitor)).toEqual({ status: false, errorMsg: 'Please log in to continue.' });
    expect((await get('certificate-pdf', cookie)).statusCode).toBe(400);
    expect((await get(`certificate-pdf?c=${done.cls.hash}&p=${donePodcast.podcast}`, cookie)).statusCode).toBe(400);
    expect((await get('certificate-pdf?c=sterilization-monitoring', cookie)).statusCode).toBe(404);
  });
});

describe('renderCertificate', () => {
  const GENERATED_AT = Date.parse('2026-11-22T15:00:00.000Z');
  const base: Certificate = {
    code: 'AbCdEf123456',
    studentName: 'Zoë Łukasiewicz-Đorđević',
    title: 'Periodontal maintenance intervals',
    lecturer: 'Dr. Ana Ruiz',
    completedOn: '2026-11-10',
    method: 'Electronically Mediated',
    creditType: 'Live, Interactive',
    credits: 1.5,
    agdCode: null,
    agdNumber: null,
    description: 'A short description.',
    learningObjectives: ['Explain the interval.'],
    accreditation: [
      { provider: 'CE Pass', approvalBody: 'Board One', statement: 'CE Pass is approved by Board One for continuing dental education credit.', validFrom: '2026-01-01', validThrough: '2027-12-31' },
      { provider: 'CE Pass', approvalBody: 'Board Two', statement: 'CE Pass is a recognized provider of Board Two, which does not endorse individual courses.', validFrom: '2025-11-01', validThrough: '2027-10-31' },
    ],
    cpdNote: CPD_NOTE,
    verifyUrl: 'https://cepass.example/verify/AbCdEf123456',
  };

  it('gives the same bytes for the same input', async () => {
    const qr = await qrPng(base.verifyUrl);
    const [a, b] = await Promise.all([renderCertificate(base, qr, GENERATED_AT), renderCertificate(base, qr, GENERATED_AT)]);
    expect(Buffer.from(a).equals(Buffer.from(b))).toBe(true);
  });

  it('prints names outside the standard fonts without failing, leaves out what is absent, and the QR when none is given', async () => {
    const bytes = await renderCertificate(base, null, GENERATED_AT);
    const text = flat(await pdfText(bytes));
    expect(text).toContain('Zoë Lukasiewicz-Dordevic'); // ë is in WinAnsi; Ł and Đ fall back
    expect(text).toContain('Credit type Live, Interactive');
    expect(text).toContain('Credit hours 1.5');
    expect(text).not.toContain('AGD subject code');
    expect(text).not.toContain('AGD member number');
    expect(await hasImage(bytes)).toBe(false);
  });

  it('shortens a long description and many objectives to one page, and keeps the statements whole', async () => {
    const long = Array.from({ length: 80 }, (_, i) => `Sentence ${i} about the course content.`).join(' ');
    const objectives = Array.from({ length: 30 }, (_, i) => `Objective ${String(i + 1).padStart(2, '0')}: describe one more thing the course teaches in some detail.`);
    const title = 'A very long course title that keeps going '.repeat(6).trim();
    const bytes = await renderCertificate({ ...base, title, description: long, learningObjectives: objectives, lecturer: 'Dr. '.concat('Longname '.repeat(30)) }, await qrPng(base.verifyUrl), GENERATED_AT);
    expect(await hasImage(bytes)).toBe(true);
    const text = flat(await pdfText(bytes));
    expect(text).toContain('Sentence 0 about');
    expect(text).not.toContain('Sentence 79 about');
    expect(text).toContain('Objective 01:');
    expect(text).not.toContain('Objective 30:');
    expect(text).toMatch(/… and \d+ more learning objectives/);
    expect(text).toContain('\u2026');
    for (const a of base.accreditation) expect(text).toContain(`${a.statement} \u2014 ${accreditationLine(a)}.`);
    expect(text).toContain(CPD_NOTE);
    expect(text).toContain(base.verifyUrl);
  });
});

describe('accreditation periods', () => {
  // a statement of our own whose period ends on 2026-11-30, imported the way an operator imports one
  const ENDING: Accreditation = {
    provider: 'CE Pass Test Provider',
    approvalBody: 'Ending Board',
    statement: 'CE Pass Test Provider is approved by the Ending Board for continuing dental education credit.',
    validFrom: '2026-01-01',
    validThrough: '2026-11-30',
  };

  /** a student (signed in now) who passed the demo class at `at`: the gradebook row, and the certificate the pass issues */
  async function passedAt(at: string, prefix: string) {
    const [s] = await createStudents(t, 1, prefix);
    const db = t.database.db;
    const cls = await db.selectFrom('classes').select(['id', 'name', 'credits', 'ceTypeId', 'agdCode']).where('hash', '=', done.cls.hash).executeTakeFirstOrThrow();
    const { id: gradebookId } = await db
      .insertInto('gradebook')
      .values({ studentId: s!.id, classId: cls.id, podcastId: null, startedAt: at, endedAt: at, attended: null, evalTakenAt: at, svaDoneAt: at, surveyDoneAt: at, examTakenAt: at, examScore: 100, credits: cls.credits, ceTypeId: cls.ceTypeId, createdAt: at, updatedAt: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.transaction().execute((trx) =>
      issueCertificate(trx, { studentId: s!.id, gradebookId, studentName: `Load Student 0`, title: cls.name, speakerName: null, credits: Number(cls.credits), ceTypeId: cls.ceTypeId, agdCode: cls.agdCode, at }),
    );
    return s!;
  }

  /** what the student's certificate says in the dialog's answer, on /verify, and in the e-mailed PDF */
  async function printed(s: { cookie: string; email: string }) {
    const c = json(await get(`certificate?c=${done.cls.hash}`, s.cookie)).certificate as Certificate;
    const verified = json(await get(`verify?code=${c.code}`)).certificate as { accreditation: Accreditation[] };
    expect((await post('send-cert', { c: done.cls.hash }, s.cookie)).statusCode).toBe(200);
    const mail = await smtp.waitFor((m) => m.to === s.email && m.attachments.some((a) => a.filename === `ce-pass-certificate-${c.code}.pdf`));
    const pdf = flat(await pdfText(new Uint8Array(mail.attachments.find((a) => a.contentType === 'application/pdf')!.content)));
    return { api: c.accreditation, verify: verified.accreditation, pdf };
  }
  const approvalBodies = (list: Accreditation[]) => list.map((a) => a.approvalBody);

  it('prints a statement on a certificate completed within its period, also after the period ended, and never on one completed after', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'ce-pass-accreditation-'));
    writeFileSync(path.join(dir, 'pack.json'), JSON.stringify({ format: 'ce-pass-content/1', accreditations: [ENDING] }));
    const report = await importPack(t.database.db, await loadPack(path.join(dir, 'pack.json')), { now: t.clock.now(), storage: localFolderStorage(path.join(dir, 'media')), passwordHashCost: 10 });
    expect(report.added).toEqual({ accreditations: 1 });

    // the reading happens on the first day after the period; the passes are dated when they happened
    t.clock.set(Date.parse('2026-12-01T00:00:00.000Z'));
    const before = await passedAt(isoAt(Date.parse('2026-11-22T15:00:00.000Z')), 'within');
    // the last second of the last day still counts: the period includes validThrough
    const lastDay = await passedAt(isoAt(Date.parse('2026-11-30T23:59:59.000Z')), 'lastday');
    const after = await passedAt(nowIso(t.clock), 'after');

    // read after the period ended: what was stored at the pass is what prints
    const early = await printed(before);
    expect(approvalBodies(early.api)).toEqual([...approvalBodies(pack.accreditations), 'Ending Board']);
    expect(early.api.at(-1)).toEqual(ENDING);
    expect(early.verify).toEqual(early.api);
    expect(early.pdf).toContain(`${ENDING.statement} \u2014 Ending Board \u00b7 CE Pass Test Provider \u00b7 valid January 1, 2026 through November 30, 2026.`);
    expect(approvalBodies((json(await get(`certificate?c=${done.cls.hash}`, lastDay.cookie)).certificate as Certificate).accreditation)).toContain('Ending Board');

    const late = await printed(after);
    expect(approvalBodies(late.api)).toEqual(approvalBodies(pack.accreditations));
    expect(late.verify).toEqual(late.api);
    expect(late.pdf).not.toContain(ENDING.statement);
    expect(late.pdf).not.toContain('Ending Board');
    // the statements still in force are printed on it
    for (const a of pack.accreditations) expect(late.pdf).toContain(a.statement);

    // the Proof of CE report prints what each certificate stored, as the certificates do
    const ceReport = async (s: { cookie: string; email: string }) => {
      expect((await post('send-ce-report', {}, s.cookie)).statusCode).toBe(200);
      const mail = await smtp.waitFor((m) => m.to === s.email && m.subject === 'Your CE Pass Proof of CE report');
      return flat(await pdfText(new Uint8Array(mail.attachments.find((a) => a.contentType === 'application/pdf')!.content)));
    };
    expect(await ceReport(before)).toContain(`${ENDING.statement} \u2014 Ending Board`);
    const lateReport = await ceReport(after);
    expect(lateReport).toContain('Accreditation statements');
    expect(lateReport).not.toContain('Ending Board');
  });
});
