// The exam as a caller sees it: no answer key in any answer before a pass, the guards, grading on the
// server against the pass mark, wrong answers marked without the right ones, a pass recording credits
// and a certificate, and one grading for one attempt however many times it is sent.
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadPack } from '../../content/load-pack.ts';
import type { Pack } from '../../content/pack-schema.ts';
import { pdfText } from '../../pdf-text.test-support.ts';
import { buildTestApp, createStudents, json, type TestApp } from '../../test-support.ts';

let t: TestApp;
let pack: Pack;
beforeAll(async () => {
  t = await buildTestApp();
  pack = (await loadPack(path.resolve('content/demo/pack.json'))).pack;
});
afterAll(async () => t?.close());

const post = (url: string, payload: object, cookie: string) => t.app.inject({ method: 'POST', url: `/api/${url}`, headers: { 'content-type': 'application/json', cookie }, payload });
const get = (url: string, cookie: string) => t.app.inject({ url: `/api/${url}`, headers: { cookie } });

/** a class with an exam in the pack, and its answer key as the pack has it (1-based options) */
const course = () => {
  const c = pack.classes!.find((x) => x.kind === 'video' && x.exam)!;
  return { hash: c.hash, minScore: c.exam!.minScore, key: c.exam!.questions.map((q) => q.correct) };
};

/** a student who viewed the class and took the evaluation (the steps before the exam, as rows) */
async function readyStudent(hash: string) {
  const [s] = await createStudents(t, 1, 'exam');
  const cls = await t.database.db.selectFrom('classes').select('id').where('hash', '=', hash).executeTakeFirstOrThrow();
  const at = new Date(t.clock.now()).toISOString();
  await t.database.db.insertInto('gradebook').values({ studentId: s!.id, classId: cls.id, podcastId: null, viewCount: 1, evalTakenAt: at, createdAt: at, updatedAt: at }).execute();
  return s!;
}

/** a grade may say whether the given answer was right ("correct"), never which option is */
const ANSWER_KEY_FIELDS = /correctOption|correctAnswer|"answer"|isCorrect|"key"/i;

describe('the exam', () => {
  it('never sends an answer key before a pass, and refuses a student who skipped the evaluation', async () => {
    const c = course();
    const s = await readyStudent(c.hash);
    const exam = await get(`exam?c=${c.hash}`, s.cookie);
    expect(exam.statusCode).toBe(200);
    expect(exam.body).not.toMatch(ANSWER_KEY_FIELDS);
    const body = json(exam);
    expect(body.exam.questions).toHaveLength(c.key.length);
    expect(body.exam.minScore).toBe(c.minScore);

    const [fresh] = await createStudents(t, 1, 'noeval');
    expect(json(await post('class-view', { c: c.hash }, fresh!.cookie)).status).toBe(true);
    const refused = await post('grade-exam', { c: c.hash, a: [], attemptKey: randomUUID() }, fresh!.cookie);
    expect(refused.statusCode).toBe(409);
    expect(json(refused).errorMsg).toBe('Complete evaluation before completing exam.');
  });

  it('grades on the server: a failure marks wrong answers without the right ones; a retake passes, records credits and a certificate', async () => {
    const c = course();
    const s = await readyStudent(c.hash);
    const ids: number[] = json(await get(`exam?c=${c.hash}`, s.cookie)).exam.questions.map((q: { examQId: number }) => q.examQId);

    const partial = await post('grade-exam', { c: c.hash, a: [{ examQId: ids[0], option: 1 }], attemptKey: randomUUID() }, s.cookie);
    expect(partial.statusCode).toBe(400);
    expect(json(partial).errorMsg).toBe('Please answer all questions.');

    // every answer wrong: the option after the right one
    const wrong = ids.map((id, i) => ({ examQId: id, option: (c.key[i]! % 4) + 1 }));
    const failed = await post('grade-exam', { c: c.hash, a: wrong, attemptKey: randomUUID() }, s.cookie);
    expect(failed.statusCode).toBe(200);
    expect(failed.body).not.toMatch(ANSWER_KEY_FIELDS);
    const f = json(failed);
    expect(f).toMatchObject({ passed: false, examScore: 0 });
    expect(f.msg).toBe(`Your score of 0% is insufficient to pass this course. A score of ${c.minScore}% or greater is required. Review your answers and re-submit exam.`);
    expect(f.grades).toEqual(ids.map((id) => ({ examQId: id, correct: false })));

    const right = ids.map((id, i) => ({ examQId: id, option: c.key[i]! }));
    await t.database.db.updateTable('students').set({ agdNumber: '7654321' }).where('id', '=', s.id).execute();
    const passed = json(await post('grade-exam', { c: c.hash, a: right, attemptKey: randomUUID() }, s.cookie));
    expect(passed).toMatchObject({ passed: true, examScore: 100 });
    expect(passed.exam.questions.map((q: { correctOption: number }) => q.correctOption)).toEqual(c.key);

    const gradebook = await t.database.db.selectFrom('gradebook').select(['examTakenAt', 'examScore', 'credits']).where('studentId', '=', s.id).executeTakeFirstOrThrow();
    expect(gradebook.examScore).toBe(100);
    expect(gradebook.examTakenAt).not.toBeNull();
    const certs = await t.database.db.selectFrom('certificates').select(['studentName', 'credits', 'agdNumber']).where('studentId', '=', s.id).execute();
    expect(certs).toHaveLength(1);
    // the AGD member number as it stood at the pass: a later change of the profile leaves the certificate as issued
    expect(certs[0]!.agdNumber).toBe('7654321');
    await t.database.db.updateTable('students').set({ agdNumber: null }).where('id', '=', s.id).execute();
    expect(json(await get(`certificate?c=${c.hash}`, s.cookie)).certificate.agdNumber).toBe('7654321');
    expect(json(await get('account-home', s.cookie)).summary.ceTotal).toBe(Number(gradebook.credits));

    const again = await post('grade-exam', { c: c.hash, a: right, attemptKey: randomUUID() }, s.cookie);
    expect(again.statusCode).toBe(409);
    expect(json(again).errorMsg).toBe('Exam completed.  Returning to classroom.');
  });

  it('dates a pass the day it is on the device it was sent from: everywhere the certificate is read, and in the license cycle (decision 0045)', async () => {
    const c = course();
    const start = t.clock.now();
    // 8:05 PM on November 30 in Chicago is 02:05 on December 1 in UTC (and 11:05 AM in Tokyo)
    t.clock.set(Date.parse('2026-12-01T02:05:00.000Z'));
    try {
      const dayOf = async (tz: string) => {
        const s = await readyStudent(c.hash);
        const ids: number[] = json(await get(`exam?c=${c.hash}`, s.cookie)).exam.questions.map((q: { examQId: number }) => q.examQId);
        const right = ids.map((id, i) => ({ examQId: id, option: c.key[i]! }));
        expect(json(await post('grade-exam', { c: c.hash, a: right, attemptKey: randomUUID(), tz }, s.cookie))).toMatchObject({ passed: true });
        const cert = json(await get(`certificate?c=${c.hash}`, s.cookie)).certificate;
        const verified = json(await t.app.inject(`/api/verify?code=${cert.code}`)).certificate;
        const pdf = (await pdfText(new Uint8Array((await get(`certificate-pdf?c=${c.hash}`, s.cookie)).rawPayload))).replace(/\s+/g, ' ');
        return { s, api: cert.completedOn, verify: verified.completedOn, pdf };
      };
      const chicago = await dayOf('America/Chicago');
      expect([chicago.api, chicago.verify]).toEqual(['2026-11-30', '2026-11-30']);
      expect(chicago.pdf).toContain('Date completed Mon Nov 30, 2026');
      const tokyo = await dayOf('Asia/Tokyo');
      expect([tokyo.api, tokyo.verify]).toEqual(['2026-12-01', '2026-12-01']);
      expect(tokyo.pdf).toContain('Date completed Tue Dec 1, 2026');

      // a license renewed on November 30: the Chicago pass counts in the cycle that ends that day
      const add = await post('license-add', { jurisdiction: 'Texas', licenseType: 'RDH', number: 'RDH 1', renewalDate: '2026-11-30', cycleYears: 1, preset: 'tx-rdh' }, chicago.s.cookie);
      expect(add.statusCode, add.body).toBe(200);
      const ended = json(await get(`license?id=${json(add).license.id}&cycle=2026-11-30`, chicago.s.cookie));
      expect(ended.cycle).toMatchObject({ start: '2025-12-01', end: '2026-11-30' });
      expect(ended.entries.filter((e: { source: string; date: string }) => e.source === 'ce-pass').map((e: { date: string }) => e.date)).toEqual(['2026-11-30']);
    } finally {
      t.clock.set(start);
    }
  });

  it('grades one attempt once when it is sent 20 times at once', async () => {
    const c = course();
    const s = await readyStudent(c.hash);
    const ids: number[] = json(await get(`exam?c=${c.hash}`, s.cookie)).exam.questions.map((q: { examQId: number }) => q.examQId);
    const right = ids.map((id, i) => ({ examQId: id, option: c.key[i]! }));
    const attemptKey = randomUUID();
    const answers = await Promise.all(Array.from({ length: 20 }, () => post('grade-exam', { c: c.hash, a: right, attemptKey }, s.cookie)));
    expect(answers.map((r) => r.statusCode)).toEqual(answers.map(() => 200));
    expect(answers.every((r) => json(r).passed === true && json(r).examScore === 100)).toBe(true);
    const exam = await t.database.db.selectFrom('exams as e').innerJoin('classes as c', 'c.id', 'e.classId').select('e.id').where('c.hash', '=', c.hash).executeTakeFirstOrThrow();
    expect(await t.database.db.selectFrom('examAttempts').select('id').where('studentId', '=', s.id).where('examId', '=', exam.id).execute()).toHaveLength(1);
    expect(await t.database.db.selectFrom('certificates').select('id').where('studentId', '=', s.id).execute()).toHaveLength(1);
  });
});
