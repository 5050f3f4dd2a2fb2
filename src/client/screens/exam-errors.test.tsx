// Spec §8 "Exam" texts on screen: loading the exam (the server's reason or 'Unable to load student.  Returning
// to …' on the way back to the course, 'Technical error.  Contact support.' when it fails) and grading it.
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { WAITING_FOR_NETWORK } from '../components/ui/loading.tsx';
import { EXAM_QUEUED } from '../lib/messages.ts';
import { outbox } from '../lib/outbox/index.ts';
import { answerApi, failures, ok, type Answer } from '../test/api-stub.ts';
import { classAnswer, classDetail, examAnswer, studentData } from '../test/fixtures.ts';
import { findText, renderAt } from '../test/render.tsx';

const classroom = ok(classAnswer(classDetail(), studentData({ classViewCount: 1, evalTaken: true })));

describe('the exam that cannot be loaded', () => {
  it("returns to the classroom with the server's reason", async () => {
    answerApi({ 'GET exam': { status: 404, json: { status: false, errorMsg: 'Exam not available.  Try again later.' } }, 'GET class': classroom });
    await renderAt('/exam/perio101');
    expect(await findText('Exam not available.  Try again later.')).toBeTruthy();
    expect(window.location.pathname).toBe('/classroom/perio101');
    expect(await screen.findByRole('heading', { level: 1, name: 'Periodontal Charting Essentials' })).toBeTruthy();
  });

  it('returns to the classroom saying the student could not be loaded when the server gives no reason', async () => {
    answerApi({ 'GET exam': failures.refused, 'GET class': classroom });
    await renderAt('/exam/perio101');
    expect(await findText('Unable to load student.  Returning to classroom.')).toBeTruthy();
    expect(window.location.pathname).toBe('/classroom/perio101');
  });

  it('returns to the podcasts when an episode exam cannot be loaded', async () => {
    // the episode cannot be looked up either, so the way back is the podcast list
    answerApi({ 'GET exam': failures.refused, 'GET podcast': failures.refused });
    await renderAt('/exam-podcast/ep1');
    expect(await findText('Unable to load student.  Returning to podcasts.')).toBeTruthy();
    expect(window.location.pathname).toBe('/podcasts');
  });

  it.each<[string, Answer, string]>([
    ['a server error', failures.serverError, 'Technical error.  Contact support.'],
    ['an unreadable answer', failures.unreadable, 'Technical error.  Contact support.'],
    ['no network', failures.offline, WAITING_FOR_NETWORK],
  ])('stays and says so on %s', async (_, failure, text) => {
    answerApi({ 'GET exam': failure });
    await renderAt('/exam/perio101');
    expect(await findText(text)).toBeTruthy();
    expect(window.location.pathname).toBe('/exam/perio101');
  });
});

describe('grading', () => {
  it.each<[string, Answer, string]>([
    // (a 409 is a guard of spec §4: exam.tsx leaves for where that guard leads)
    ['a refusal with a reason', failures.refusedWithMessage('Please answer all questions.', 400), 'Please answer all questions.'],
    ['a refusal without a reason', failures.refused, 'Technical Error. Try again later.'],
    ['an unreadable answer', failures.unreadable, 'Technical error.  Contact support.'],
  ])('shows its text on %s', async (_, failure, text) => {
    answerApi({ 'GET exam': ok(examAnswer()), 'POST grade-exam': failure });
    await renderAt('/exam/perio101');
    fireEvent.click(await screen.findByRole('radio', { name: '5 mm' }));
    fireEvent.click(screen.getByRole('button', { name: 'Submit Exam' }));
    expect(await findText(text)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Submit Exam' })).toBeTruthy();
  });

  // no answer, or a server fault: the answers are kept on the device and graded when CE Pass answers again
  it.each<[string, Answer]>([
    ['no network', failures.offline],
    ['a server error', failures.serverError],
  ])('keeps the exam on the device to be graded later on %s', async (_, failure) => {
    answerApi({ 'GET exam': ok(examAnswer()), 'POST grade-exam': failure });
    await renderAt('/exam/perio101');
    fireEvent.click(await screen.findByRole('radio', { name: '5 mm' }));
    fireEvent.click(screen.getByRole('button', { name: 'Submit Exam' }));
    expect(await findText(EXAM_QUEUED)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Submit Exam' })).toBeNull();
    expect((await outbox.list()).map((a) => [a.path, a.label, a.state])).toEqual([['grade-exam', 'Exam: Periodontal Charting Essentials', 'pending']]);
  });
});

describe('answers on the device', () => {
  it('keeps the answers chosen through a reload until the exam is passed (decision 0045)', async () => {
    const passed = ok({ status: true, exam: { minScore: 70, questions: [{ ...examAnswer().exam.questions[0]!, correctOption: 2 }] }, examScore: 100, passed: true, grades: [{ examQId: 1, correct: true }], msg: 'Congratulations! You passed with a score of 100%.' });
    answerApi({ 'GET exam': ok(examAnswer()), 'POST grade-exam': passed });
    const first = await renderAt('/exam/perio101');
    fireEvent.click(await screen.findByRole('radio', { name: '5 mm' }));
    first.unmount();
    // the app opened again (a reload, or the phone closed it in the background)
    await renderAt('/exam/perio101');
    const kept = (await screen.findByRole('radio', { name: '5 mm' })) as HTMLInputElement;
    expect(kept.checked).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Submit Exam' }));
    expect(await findText('Congratulations! You passed with a score of 100%.')).toBeTruthy();
    expect(Object.keys(localStorage).filter((k) => k.startsWith('cepass.form.exam.'))).toEqual([]);
  });
});
