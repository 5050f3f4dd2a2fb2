// My license (issue 19) as a caller sees it: the demo student adds a license from a preset and sees each rule's
// source, a self-study limit lowers what counts, a course taken elsewhere with a photo satisfies a topic, impossible
// rules and bad files are refused in plain words, another student's licenses, courses and files are not found, a
// preset update keeps the student's edits, cycles roll on, the audit pack says what it should, and the retention job
// leaves every record. Runs on SQLite, and on PostgreSQL with TEST_DATABASE_URL.
import { randomUUID } from 'node:crypto';
import { unzipSync } from 'fflate';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as license from '#shared/api/license';
import type { Endpoint } from '#shared/api/endpoint';
import { IDEMPOTENCY_KEY_OTHER_BODY } from '#shared/api/idempotency';
import { importPack } from '../../content/importer.ts';
import { loadPack } from '../../content/load-pack.ts';
import { pdfText } from '../../pdf-text.test-support.ts';
import { hashToken } from '../../plugins/session.ts';
import { storageOf } from '../../storage/storage.ts';
import { buildTestApp, createStudents, json, type TestApp } from '../../test-support.ts';
import { inject } from '../../contract-fixtures.test-support.ts';
import { SAMPLE, multipartBody, type TestFile } from './multipart.test-support.ts';

let t: TestApp;
let demo: { id: number; cookie: string; name: string };
let other: { id: number; cookie: string };
const DAY = 86_400_000;

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.database.db;
  const row = await db.selectFrom('students').select(['id', 'firstname', 'lastname']).where('username', '=', 'demostudent').executeTakeFirstOrThrow();
  demo = { id: row.id, cookie: await sessionFor(row.id), name: `${row.firstname} ${row.lastname}` };
  const [s] = await createStudents(t, 1, 'lic-other');
  other = { id: s!.id, cookie: s!.cookie };
});
afterAll(async () => t?.close());

/** a session for the student, as login makes one, valid at the clock's present */
async function sessionFor(studentId: number): Promise<string> {
  const token = randomUUID().replaceAll('-', '');
  const at = new Date(t.clock.now()).toISOString();
  await t.database.db.insertInto('sessions').values({ tokenHash: hashToken(token), studentId, createdAt: at, lastSeenAt: at, expiresAt: new Date(t.clock.now() + 30 * DAY).toISOString(), userAgent: null }).execute();
  return `sid=${token}`;
}

const get = (ep: Endpoint, query: Record<string, string | number>, cookie?: string) =>
  t.app.inject({ url: `/api/${ep.path}?${new URLSearchParams(Object.entries(query).map(([k, x]): [string, string] => [k, String(x)]))}`, headers: cookie ? { cookie } : {} });
const post = (ep: Endpoint, body: object, cookie?: string, key?: string) =>
  t.app.inject({ method: 'POST', url: `/api/${ep.path}`, headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}), ...(key ? { 'idempotency-key': key } : {}) }, payload: body });
/** an upload as the contract's fixtures send one: the body as its record part, then the file */
const upload = (body: object, file: TestFile | null, cookie?: string, key?: string) => inject(t, license.postReportedCourseAdd, { body: body as Record<string, unknown>, ...(file ? { file } : {}) }, cookie, key);
const attach = (id: number, file: TestFile | null, cookie?: string) => inject(t, license.postReportedCourseProofAdd, { body: { id }, ...(file ? { file } : {}) }, cookie);
const ok = <S extends v.GenericSchema>(schema: S, res: { statusCode: number; body: string }): v.InferOutput<S> => {
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  return v.parse(schema, json(res));
};
const refused = (res: { statusCode: number; body: string }, status: number) => {
  expect(res.statusCode, res.body.slice(0, 300)).toBe(status);
  return json(res) as { status: false; errorMsg: string; errors?: Record<string, string> };
};
const addLicense = async (cookie: string, fields: Record<string, unknown> = {}) =>
  ok(license.LicenseView, await post(license.postLicenseAdd, { jurisdiction: 'Texas', licenseType: 'RDH', number: 'RDH 20417', renewalDate: '2027-03-31', cycleYears: 2, preset: 'tx-rdh', ...fields }, cookie));
const cpr = { title: 'BLS for Healthcare Providers', provider: 'American Red Cross', date: '2026-10-01', hours: 4, format: 'live', topics: ['cpr-bls'], otherTopics: [], agdCode: null };

describe('presets: starting points with their sources', () => {
  it('lists Texas, New York, Florida and California, every rule with its source link and the day it was checked; Ohio is left out', async () => {
    const { presets } = ok(license.getLicensePresets.response, await get(license.getLicensePresets, {}, demo.cookie));
    expect(presets.map((p) => p.id)).toEqual(['tx-rdh', 'ny-rdh', 'fl-rdh', 'ca-rdh']);
    for (const p of presets) for (const r of p.rules) expect(r.source.url).toMatch(/^https?:\/\//), expect(r.source.checkedOn).toMatch(/^2026-11-2\d$/);
    // California rests on secondary sources only, and says so
    expect(presets.find((p) => p.id === 'ca-rdh')!.rules.every((r) => r.source.secondary)).toBe(true);
    expect(presets.find((p) => p.id === 'ca-rdh')!.caveat).toContain('secondary');
    expect(presets.find((p) => p.id === 'tx-rdh')!.rules.find((r) => r.key === 'total')!.source).toMatchObject({ label: '22 TAC §104.1 (Texas Administrative Code)', secondary: false });
  });

  it('a visitor is asked to log in', async () => {
    expect(refused(await get(license.getLicensePresets, {}), 401).errorMsg).toBe('Please log in to continue.');
  });
});

describe('a license from a preset, its progress and its rules', () => {
  let id: number;

  it('copies the preset’s rules with their sources; the demo student’s CE Pass certificates count as self-study', async () => {
    const view = await addLicense(demo.cookie);
    id = view.license.id;
    expect(view.rules.map((r) => r.preset?.key)).toEqual(['total', 'risk-management-cap', 'bls', 'jurisprudence', 'human-trafficking']);
    expect(view.rules.every((r) => !r.edited)).toBe(true);
    expect(view.cycle).toEqual({ start: '2025-04-01', end: '2027-03-31', current: true });
    // six certificates in the demo pack: 1 + 1 + 1 + 2 + 0.5 + 1 hours, all self-study
    expect(view.progress).toMatchObject({ required: 24, earned: 6.5, counted: 6.5, live: { earned: 0, counted: 0 }, selfStudy: { earned: 6.5, counted: 6.5, cap: null }, met: false, daysToRenewal: 129 });
    expect(view.entries.filter((e) => e.source === 'ce-pass')).toHaveLength(6);
    expect(view.entries.every((e) => e.verifyUrl === `http://localhost:8080/verify/${e.certificateCode}`)).toBe(true);
    // some hours toward the total: partly met; nothing yet toward a topic: missing; a cap bounds, it is met
    expect(view.progress.rules.map((r) => r.status)).toEqual(['partly-met', 'met', 'missing', 'missing', 'missing']);
    expect(view.progress.whatsLeft.map((w) => w.text)).toEqual(['17.5 h more CE in this cycle', 'A course on CPR/BLS, any length', 'A course on Ethics or jurisprudence, any length', 'A course on Human trafficking, any length']);
  });

  it('a self-study limit below her self-study hours lowers what counts', async () => {
    const view = ok(license.LicenseView, await post(license.postLicenseRuleSave, { license: id, id: null, rule: { kind: 'self-study-maximum', hours: 4 } }, demo.cookie));
    expect(view.progress.selfStudy).toEqual({ earned: 6.5, counted: 4, cap: 4 });
    expect(view.progress.counted).toBe(4);
    expect(view.progress.whatsLeft[0]!.text).toBe('20 h more CE in this cycle, all live: self-study is at its limit');
    const added = view.rules.at(-1)!;
    expect(added).toMatchObject({ kind: 'self-study-maximum', hours: 4, preset: null, edited: false });
  });

  it('what’s left links a missing topic to the CE Pass courses that carry it, not those already completed', async () => {
    const [s] = await createStudents(t, 1, 'lic-left');
    const view = await addLicense(s!.cookie, { preset: null });
    const after = ok(license.LicenseView, await post(license.postLicenseRuleSave, { license: view.license.id, id: null, rule: { kind: 'topic', hours: 2, topic: 'infection-control' } }, s!.cookie));
    const left = after.progress.whatsLeft[0]!;
    expect(left.text).toBe('2 h on Infection control');
    expect(left.courses.length).toBeGreaterThan(0);
    expect(left.courses.every((c) => c.kind === 'class' && c.show === null)).toBe(true);
    const tagged = (await t.database.db.selectFrom('classes').select(['hash', 'topics']).where('hash', 'in', left.courses.map((c) => c.hash)).execute()).map((c) => JSON.parse(c.topics!));
    expect(tagged.every((topics) => topics.includes('infection-control'))).toBe(true);
    // the demo student completed Bloodborne Pathogens: it is not offered to her again
    const mine = ok(license.LicenseView, await post(license.postLicenseRuleSave, { license: (await addLicense(demo.cookie, { preset: null })).license.id, id: null, rule: { kind: 'topic', hours: 5, topic: 'infection-control' } }, demo.cookie));
    expect(mine.progress.whatsLeft[0]!.text).toBe('3 h more on Infection control');
    expect(mine.progress.rules[0]).toMatchObject({ status: 'partly-met', counted: 2, required: 5 });
    expect(mine.progress.whatsLeft[0]!.courses.map((c) => c.hash)).not.toContain('bloodborne-pathogens-exposure');
  });

  it('impossible rules are refused with a message per field; nothing is saved', async () => {
    const before = ok(license.LicenseView, await get(license.getLicense, { id }, demo.cookie)).rules;
    const cap = refused(await post(license.postLicenseRuleSave, { license: id, id: null, rule: { kind: 'category-cap', hours: 30, topic: 'cpr-bls' } }, demo.cookie), 422);
    expect(cap).toEqual({ status: false, errorMsg: 'The CPR/BLS cap (30 h) cannot be above the total of 24 h.', errors: { hours: 'The CPR/BLS cap (30 h) cannot be above the total of 24 h.' } });
    expect(refused(await post(license.postLicenseRuleSave, { license: id, id: null, rule: { kind: 'category-cap', hours: 4, topic: 'risk-management' } }, demo.cookie), 422).errors).toEqual({ topic: 'This license already has a Risk management cap rule: change that one instead.' });
    const total = before.find((r) => r.kind === 'total')!;
    expect(refused(await post(license.postLicenseRuleSave, { license: id, id: total.id, rule: { kind: 'total', hours: 5 } }, demo.cookie), 422).errorMsg).toBe('The Risk management cap (8 h) cannot be above the total of 5 h.');
    expect(refused(await post(license.postLicenseRuleSave, { license: id, id: null, rule: { kind: 'total', hours: 30 } }, demo.cookie), 422).errors).toEqual({ kind: 'This license already has a total hours rule: change that one instead.' });
    // past the forms, straight to the API: the contract's 400 in the forms' own sentences, in the usual shape
    expect(refused(await post(license.postLicenseRuleSave, { license: id, id: null, rule: { kind: 'topic', hours: -2, topic: 'cpr-bls' } }, demo.cookie), 400)).toEqual({ status: false, errorMsg: 'Hours cannot be negative.' });
    expect(refused(await post(license.postLicenseRuleSave, { license: id, id: null, rule: { kind: 'topic', hours: 'two', topic: 'cpr-bls' } }, demo.cookie), 400).errorMsg).toBe('Enter the hours as a number, like 2 or 1.5.');
    expect(refused(await post(license.postLicenseRuleSave, { license: id, id: null, rule: { kind: 'self-study-maximum', hours: null, percent: 150 } }, demo.cookie), 400).errorMsg).toBe('Enter a share from 0 to 100 %.');
    expect(refused(await post(license.postLicenseRuleSave, { license: id, id: null, rule: { kind: 'topic', hours: 2, topic: 'cpr-bls', everyYears: 1.5 } }, demo.cookie), 400).errorMsg).toBe('Enter a whole number of years from 1 to 10, or leave it empty for every cycle.');
    // a choice from a list no form can get wrong keeps the contract's field path
    expect(refused(await post(license.postLicenseRuleSave, { license: id, id: null, rule: { kind: 'most', hours: 2 } }, demo.cookie), 400).errorMsg).toBe('rule.kind must be a rule kind');
    expect(refused(await post(license.postLicenseAdd, { jurisdiction: ' ', licenseType: 'RDH', number: null, renewalDate: '2027-02-30x', cycleYears: 2, preset: null }, demo.cookie), 400).errorMsg).toBe('Enter the state or jurisdiction of the license.');
    const form = { jurisdiction: 'Texas', licenseType: 'RDH', number: null, cycleYears: 2, preset: null };
    expect(refused(await post(license.postLicenseAdd, { ...form, renewalDate: '2027-02-30' }, demo.cookie), 400).errorMsg).toBe('The renewal date must be a real date, written YYYY-MM-DD.');
    expect(refused(await post(license.postLicenseAdd, { ...form, renewalDate: '2027-03-31', cycleYears: 9 }, demo.cookie), 400).errorMsg).toBe('The cycle is 1 to 5 years.');
    expect(refused(await post(license.postLicenseAdd, { ...form, renewalDate: '1900-01-01' }, demo.cookie), 422).errors).toEqual({ renewalDate: 'Enter a renewal date within 10 years of today.' });
    // a hygienist's preset makes no dentist's license: its rules are an RDH's hours
    expect(refused(await post(license.postLicenseAdd, { ...form, licenseType: 'DDS/DMD', renewalDate: '2027-03-31', preset: 'tx-rdh' }, demo.cookie), 422).errors).toEqual({
      licenseType: 'This starting point is for RDH licenses. For another license type, start from scratch.',
    });
    expect(ok(license.LicenseView, await get(license.getLicense, { id }, demo.cookie)).rules).toEqual(before);
  });

  it('a course taken elsewhere, with a photo, satisfies CPR/BLS and adds its live hours; it is labelled self-reported', async () => {
    const { course } = ok(license.postReportedCourseAdd.response, await upload(cpr, SAMPLE.jpeg(), demo.cookie));
    expect(course).toMatchObject({ title: cpr.title, hours: 4, format: 'live', topics: ['cpr-bls'], proof: { name: 'cpr-card.jpg', type: 'image/jpeg', bytes: SAMPLE.jpeg().bytes.length } });
    const view = ok(license.LicenseView, await get(license.getLicense, { id }, demo.cookie));
    const bls = view.rules.find((r) => r.preset?.key === 'bls')!;
    expect(view.progress.rules.find((r) => r.ruleId === bls.id)!.met).toBe(true);
    expect(view.progress.live).toEqual({ earned: 4, counted: 4 });
    expect(view.progress.counted).toBe(8);
    expect(view.entries.find((e) => e.id === course.id)).toMatchObject({ source: 'self-reported', provider: 'American Red Cross', hasProof: true, certificateCode: null });

    // the proof, to its owner only: a download that the browser never renders or sniffs
    const file = await get(license.getReportedCourseProof, { id: course.id }, demo.cookie);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/octet-stream');
    expect(file.headers['content-disposition']).toBe('attachment; filename="cpr-card.jpg"');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.headers['cache-control']).toBe('private, no-store');
    expect(new Uint8Array(file.rawPayload)).toEqual(SAMPLE.jpeg().bytes);
    expect(refused(await get(license.getReportedCourseProof, { id: course.id }, other.cookie), 404).errorMsg).toBe('No such course.');
    expect(refused(await get(license.getReportedCourseProof, { id: course.id }), 401).errorMsg).toBe('Please log in to continue.');
    // and never as media, whatever its key
    const key = (await t.database.db.selectFrom('reportedCourses').select('proofKey').where('id', '=', course.id).executeTakeFirstOrThrow()).proofKey!;
    expect(key).toMatch(new RegExp(`^private/proofs/${demo.id}/[A-Za-z0-9_-]{32}\\.jpg$`));
    expect((await t.app.inject({ url: `/media/${key}`, headers: { cookie: demo.cookie } })).statusCode).toBe(404);
  });

  it('another student finds none of her licenses, rules, courses or files, and can change none', async () => {
    const courseId = ok(license.getReportedCourses.response, await get(license.getReportedCourses, {}, demo.cookie)).courses[0]!.id;
    const ruleId = ok(license.LicenseView, await get(license.getLicense, { id }, demo.cookie)).rules[0]!.id;
    const form = { jurisdiction: 'Texas', licenseType: 'RDH', number: null, renewalDate: '2027-03-31', cycleYears: 2 };
    for (const res of [
      await get(license.getLicense, { id }, other.cookie),
      await get(license.getLicenseTranscript, { id }, other.cookie),
      await get(license.getLicenseAuditPack, { id }, other.cookie),
      await post(license.postLicenseEdit, { id, ...form }, other.cookie),
      await post(license.postLicenseRemove, { id }, other.cookie),
      await post(license.postLicenseRuleSave, { license: id, id: ruleId, rule: { kind: 'total', hours: 1 } }, other.cookie),
      await post(license.postLicenseRuleRemove, { license: id, id: ruleId }, other.cookie),
    ])
      expect(refused(res, 404).errorMsg).toBe('No such license.');
    expect(refused(await post(license.postReportedCourseRemove, { id: courseId }, other.cookie), 404).errorMsg).toBe('No such course.');
    expect(ok(license.getLicenses.response, await get(license.getLicenses, {}, other.cookie)).licenses).toEqual([]);
    expect(ok(license.getReportedCourses.response, await get(license.getReportedCourses, {}, other.cookie)).courses).toEqual([]);
    // her s names her: another student sending it is refused as everywhere
    const hash = (await t.database.db.selectFrom('students').select('hash').where('id', '=', demo.id).executeTakeFirstOrThrow()).hash;
    expect(refused(await get(license.getLicenses, { s: hash }, other.cookie), 403).errorMsg).toBe('This record belongs to another student.');
    expect(ok(license.LicenseView, await get(license.getLicense, { id }, demo.cookie)).license.number).toBe('RDH 20417');
  });

  it('the transcript PDF says who, which license and cycle, every course with its details, the totals against the rules and the verification links', async () => {
    const res = await get(license.getLicenseTranscript, { id }, demo.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe('attachment; filename="ce-pass-texas-rdh-2027-03-31.transcript.pdf"');
    const text = await pdfText(new Uint8Array(res.rawPayload));
    const view = ok(license.LicenseView, await get(license.getLicense, { id }, demo.cookie));
    for (const phrase of [
      'CE Pass — CE transcript for license renewal',
      demo.name,
      'License: Texas RDH, number RDH 20417',
      'Cycle: 2025-04-01 to 2027-03-31 (renewal date)',
      'Earned 10.5 h; counted toward the renewal 8 h of 24 h required.',
      'Live: earned 4 h, counted 4 h. Self-study: earned 6.5 h, counted 4 h (limit 4 h).',
      '24 h in the cycle: 8 h of 24 h — not met',
      'CPR/BLS: 4 h taken — met',
      'Human trafficking: no course yet — not met',
      'At most 4 h self-study: 4 h counted (limit 4 h)',
      'source: 22 TAC §104.1 (Texas Administrative Code), checked 2026-11-24',
      // the table's cells wrap: the course's row starts with its date, title, provider, hours, format and topic
      '2026-10-01 BLS for Healthcare Providers — American 4 Live CPR/BLS Self-reported, proof',
      'Infection control',
      'CE Pass certificates: verification links',
    ])
      expect(text).toContain(phrase);
    for (const e of view.entries.filter((x) => x.certificateCode)) expect(text).toContain(`${e.certificateCode}: http://localhost:8080/verify/${e.certificateCode}`);
  });

  it('the audit pack ZIP holds the transcript, every CE Pass certificate PDF of the cycle and every proof', async () => {
    const res = await get(license.getLicenseAuditPack, { id }, demo.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toBe('attachment; filename="ce-pass-texas-rdh-2027-03-31.audit-pack.zip"');
    const files = unzipSync(new Uint8Array(res.rawPayload));
    const view = ok(license.LicenseView, await get(license.getLicense, { id }, demo.cookie));
    const course = view.entries.find((e) => e.source === 'self-reported')!;
    expect(Object.keys(files).sort()).toEqual(
      [
        'ce-pass-texas-rdh-2027-03-31.transcript.pdf',
        ...view.entries.filter((e) => e.certificateCode).map((e) => `certificates/ce-pass-certificate-${e.certificateCode}.pdf`),
        `proofs/2026-10-01-${course.id}-cpr-card.jpg`,
      ].sort(),
    );
    expect(files[`proofs/2026-10-01-${course.id}-cpr-card.jpg`]).toEqual(SAMPLE.jpeg().bytes);
    const cert = view.entries.find((e) => e.certificateCode)!;
    expect(await pdfText(files[`certificates/ce-pass-certificate-${cert.certificateCode}.pdf`]!)).toContain(cert.title);
  });
});

describe('proof files: judged by their content, kept under a private key, named safely', () => {
  const count = async () => (await t.database.db.selectFrom('reportedCourses').select('id').where('studentId', '=', other.id).execute()).length;

  it('text dressed as a JPEG, a file over the limit, an empty file and a body that is not multipart are refused in plain words; nothing is kept', async () => {
    const before = await count();
    const fake = { name: 'photo.jpg', type: 'image/jpeg', bytes: Buffer.from('<html><script>alert(1)</script></html>') };
    expect(refused(await upload(cpr, fake, other.cookie), 415)).toEqual({ status: false, errorMsg: 'The proof must be a photo (JPEG or PNG) or a PDF.', errors: { proof: 'The proof must be a photo (JPEG or PNG) or a PDF.' } });
    // a JPEG's start without its end is no JPEG either
    expect(refused(await upload(cpr, { ...fake, bytes: Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]) }, other.cookie), 415).errorMsg).toBe('The proof must be a photo (JPEG or PNG) or a PDF.');
    const big = new Uint8Array(license.PROOF_MAX_BYTES + 1);
    big.set(SAMPLE.pdf().bytes);
    expect(refused(await upload(cpr, { name: 'scan.pdf', type: 'application/pdf', bytes: big }, other.cookie), 413).errorMsg).toBe('The file is too large: at most 10 MB.');
    expect(refused(await upload(cpr, { name: 'empty.jpg', type: 'image/jpeg', bytes: new Uint8Array() }, other.cookie), 400).errorMsg).toBe('The file is empty. Choose the photo or PDF again.');
    expect(refused(await post(license.postReportedCourseAdd, cpr, other.cookie), 400).errorMsg).toBe('Send the record and its file as multipart/form-data.');
    const noRecord = multipartBody([{ name: 'proof', file: SAMPLE.jpeg() }]);
    expect(refused(await t.app.inject({ method: 'POST', url: '/api/reported-course-add', headers: { 'content-type': noRecord.contentType, cookie: other.cookie }, payload: noRecord.payload }), 400).errorMsg).toBe('record is required');
    const twoFiles = multipartBody([{ name: 'record', text: JSON.stringify(cpr) }, { name: 'proof', file: SAMPLE.jpeg() }, { name: 'proof', file: SAMPLE.png() }]);
    expect(refused(await t.app.inject({ method: 'POST', url: '/api/reported-course-add', headers: { 'content-type': twoFiles.contentType, cookie: other.cookie }, payload: twoFiles.payload }), 413).errorMsg).toBe('Send one record and at most one file.');
    expect(refused(await upload({ ...cpr, hours: -1 }, SAMPLE.jpeg(), other.cookie), 400).errorMsg).toBe('Hours cannot be negative.');
    expect(refused(await upload({ ...cpr, hours: 0.1 }, SAMPLE.jpeg(), other.cookie), 400).errorMsg).toBe('A course has at least 0.25 hours.');
    expect(refused(await upload({ ...cpr, date: '2026-12-24' }, SAMPLE.jpeg(), other.cookie), 422).errors).toEqual({ date: 'The date is in the future. Record a course once you have taken it.' });
    expect(refused(await upload(cpr, SAMPLE.jpeg()), 401).errorMsg).toBe('Please log in to continue.');
    expect(await count()).toBe(before);
  });

  it('a name with path tricks is kept as its last part with the extension of what the file is; PNG and PDF are proofs too', async () => {
    const png = ok(license.postReportedCourseAdd.response, await upload(cpr, { ...SAMPLE.png(), name: '../../etc/passwd.jpg' }, other.cookie)).course;
    expect(png.proof).toMatchObject({ name: 'passwd.png', type: 'image/png' });
    const pdf = ok(license.postReportedCourseAdd.response, await upload(cpr, { ...SAMPLE.pdf(), name: 'C:\\Users\\me\\ceu (final)!.exe', type: 'image/gif' }, other.cookie)).course;
    expect(pdf.proof).toMatchObject({ name: 'ceu _final_.pdf', type: 'application/pdf' });
    const none = ok(license.postReportedCourseAdd.response, await upload({ ...cpr, agdCode: '142' }, null, other.cookie)).course;
    expect(none).toMatchObject({ proof: null, agdCode: '142' });
    const file = await get(license.getReportedCourseProof, { id: pdf.id }, other.cookie);
    expect(file.headers['content-disposition']).toBe('attachment; filename="ceu _final_.pdf"');
    expect(refused(await get(license.getReportedCourseProof, { id: none.id }, other.cookie), 404).errorMsg).toBe('This course has no proof file.');
  });

  it('a course recorded without proof gets one later, and a proof is replaced; checked like the first, its owner\'s only', async () => {
    const none = ok(license.postReportedCourseAdd.response, await upload(cpr, null, other.cookie)).course;
    expect(refused(await attach(none.id, null, other.cookie), 400).errors).toEqual({ proof: 'Choose the photo or PDF of the certificate.' });
    expect(refused(await attach(none.id, { name: 'card.jpg', type: 'image/jpeg', bytes: Buffer.from('not a photo') }, other.cookie), 415).errorMsg).toBe('The proof must be a photo (JPEG or PNG) or a PDF.');
    // another student's course is not found, whoever asks for it by its id
    expect(refused(await attach(none.id, SAMPLE.jpeg(), demo.cookie), 404).errorMsg).toBe('No such course.');
    expect(refused(await get(license.getReportedCourseProof, { id: none.id }, other.cookie), 404).errorMsg).toBe('This course has no proof file.');

    const added = ok(license.postReportedCourseProofAdd.response, await attach(none.id, { ...SAMPLE.jpeg(), name: 'bls-card.jpg' }, other.cookie)).course;
    expect(added).toMatchObject({ id: none.id, title: cpr.title, proof: { name: 'bls-card.jpg', type: 'image/jpeg' } });
    expect((await get(license.getReportedCourseProof, { id: none.id }, other.cookie)).rawPayload).toEqual(Buffer.from(SAMPLE.jpeg().bytes));
    const kept = async () => (await t.database.db.selectFrom('reportedCourses').select('proofKey').where('id', '=', none.id).executeTakeFirstOrThrow()).proofKey!;
    const first = await kept();

    const replaced = ok(license.postReportedCourseProofAdd.response, await attach(none.id, { ...SAMPLE.pdf(), name: 'bls-card.pdf' }, other.cookie)).course;
    expect(replaced.proof).toMatchObject({ name: 'bls-card.pdf', type: 'application/pdf' });
    expect((await get(license.getReportedCourseProof, { id: none.id }, other.cookie)).rawPayload).toEqual(Buffer.from(SAMPLE.pdf().bytes));
    // the photo it replaced is not kept
    expect(await kept()).not.toBe(first);
    expect(await storageOf(t.config).read(first)).toBeNull();
  });

  it('sent twice under one Idempotency-Key it is recorded once; the same key with another file is refused', async () => {
    const key = randomUUID();
    const before = await count();
    const first = await upload(cpr, SAMPLE.jpeg(), other.cookie, key);
    const again = await upload(cpr, SAMPLE.jpeg(), other.cookie, key);
    expect(first.statusCode).toBe(200);
    expect(again.body).toBe(first.body);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await count()).toBe(before + 1);
    expect(refused(await upload(cpr, SAMPLE.png(), other.cookie, key), 422).errorMsg).toBe(IDEMPOTENCY_KEY_OTHER_BODY);
    expect(await count()).toBe(before + 1);
  });
});

describe('cycles, certificates by their date, and presets updated later', () => {
  it('a certificate counts in the cycle of its completion date; after the renewal date the next cycle is current and the finished one stays viewable', async () => {
    // the demo's Bloodborne Pathogens certificate was completed 205 days before the test clock: 2026-05-01
    const view = await addLicense(demo.cookie, { jurisdiction: 'California', renewalDate: '2026-06-30', cycleYears: 1, preset: 'ca-rdh' });
    expect(view.cycle).toEqual({ start: '2026-07-01', end: '2027-06-30', current: true });
    expect(view.license.renewalDate).toBe('2027-06-30');
    expect(view.cycles.map((c) => c.end)).toEqual(['2027-06-30', '2026-06-30']);
    expect(view.entries.some((e) => e.title.startsWith('Bloodborne'))).toBe(false);
    const finished = ok(license.LicenseView, await get(license.getLicense, { id: view.license.id, cycle: '2026-06-30' }, demo.cookie));
    expect(finished.cycle).toEqual({ start: '2025-07-01', end: '2026-06-30', current: false });
    const infection = finished.rules.find((r) => r.preset?.key === 'infection-control')!;
    expect(finished.progress.rules.find((r) => r.ruleId === infection.id)).toMatchObject({ counted: 2, met: true });
    expect(refused(await get(license.getLicense, { id: view.license.id, cycle: '2025-06-30' }, demo.cookie), 404).errorMsg).toBe('This license has no cycle ending on that date.');

    // and a year on, the current cycle rolls again by itself
    t.clock.advance(365 * DAY);
    try {
      const later = ok(license.LicenseView, await get(license.getLicense, { id: view.license.id }, await sessionFor(demo.id)));
      expect(later.cycles.map((c) => c.end)).toEqual(['2028-06-30', '2027-06-30', '2026-06-30']);
    } finally {
      t.clock.advance(-365 * DAY);
    }
  });

  it('a later preset update brings unedited rules up to date and keeps the student’s edited and removed ones', async () => {
    const [s] = await createStudents(t, 1, 'lic-preset');
    const view = await addLicense(s!.cookie);
    const rule = (key: string) => view.rules.find((r) => r.preset?.key === key)!;
    // she edits the total and removes the human trafficking rule
    ok(license.LicenseView, await post(license.postLicenseRuleSave, { license: view.license.id, id: rule('total').id, rule: { kind: 'total', hours: 30 } }, s!.cookie));
    ok(license.LicenseView, await post(license.postLicenseRuleRemove, { license: view.license.id, id: rule('human-trafficking').id }, s!.cookie));

    const { pack } = await loadPack('content/demo/pack.json', { checkMedia: false });
    const tx = pack.licensePresets!.find((p) => p.id === 'tx-rdh')!;
    const checked = { ...tx.rules[0]!.source, checkedOn: '2027-01-15' };
    const updated = {
      ...tx,
      rules: [
        ...tx.rules.filter((r) => r.key !== 'bls').map((r) => (r.key === 'total' ? { ...r, hours: 26, source: checked } : r.key === 'risk-management-cap' ? { ...r, hours: 6, source: checked } : r)),
        { key: 'opioids', kind: 'topic' as const, hours: 2, topic: 'opioid-prescribing' as const, otherTopic: null, percent: null, everyYears: null, note: null, source: checked },
      ],
    };
    await importPack(t.database.db, { pack: { format: 'ce-pass-content/1', licensePresets: [updated] }, dir: '/nonexistent' }, { now: t.clock.now(), storage: storageOf(t.config), passwordHashCost: 10 });

    const after = ok(license.LicenseView, await get(license.getLicense, { id: view.license.id }, s!.cookie));
    const byKey = Object.fromEntries(after.rules.map((r) => [r.preset?.key ?? r.id, r]));
    expect(byKey.total).toMatchObject({ hours: 30, edited: true });
    expect(byKey['risk-management-cap']).toMatchObject({ hours: 6, edited: false, preset: { source: { checkedOn: '2027-01-15' } } });
    expect(byKey.opioids).toMatchObject({ kind: 'topic', topic: 'opioid-prescribing', hours: 2, edited: false });
    expect(byKey.bls).toBeUndefined();
    expect(byKey['human-trafficking']).toBeUndefined();
    expect(Object.keys(byKey).sort()).toEqual(['jurisprudence', 'opioids', 'risk-management-cap', 'total']);
    // the other preset's licenses are untouched by an update that does not name it
    expect(ok(license.getLicensePresets.response, await get(license.getLicensePresets, {}, s!.cookie)).presets.find((p) => p.id === 'tx-rdh')!.rules.map((r) => r.key)).toEqual(['total', 'risk-management-cap', 'jurisprudence', 'human-trafficking', 'opioids']);
  });

  it('the retention job never prunes licenses, rules, reported courses or their files, even years later', async () => {
    const db = t.database.db;
    const snapshot = async () => ({
      licenses: (await db.selectFrom('licenses').select('id').execute()).length,
      rules: (await db.selectFrom('licenseRules').select('id').execute()).length,
      courses: (await db.selectFrom('reportedCourses').select(['id', 'proofKey']).execute()),
    });
    const before = await snapshot();
    expect(before.courses.filter((c) => c.proofKey).length).toBeGreaterThan(2);
    t.clock.advance(7 * 365 * DAY);
    try {
      await t.retention.runOnce();
    } finally {
      t.clock.advance(-7 * 365 * DAY);
    }
    expect(await snapshot()).toEqual(before);
    for (const c of before.courses.filter((x) => x.proofKey)) expect(await storageOf(t.config).read(c.proofKey!)).not.toBeNull();
  });
});
