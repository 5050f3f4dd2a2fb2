// Where the student is among a course's steps, on the screens of the learning flow: counted from the steps the
// server says the class has, so a class without a sponsored video or a survey never counts them.
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answerApi, failures, ok } from '../test/api-stub.ts';
import { classAnswer, classDetail, examAnswer, endedLiveClass, seated, studentData, surveyAnswer } from '../test/fixtures.ts';
import { findText, queryText, renderAt } from '../test/render.tsx';

const viewed = studentData({ classViewCount: 1, gradebookId: 3 });
const evaluated = studentData({ classViewCount: 1, gradebookId: 3, evalTaken: true });

describe('the step line of the learning flow', () => {
  it('counts the sponsored video and the survey of a class that has them', async () => {
    answerApi({ 'GET class': ok(classAnswer(classDetail({ steps: ['view', 'evaluation', 'sva', 'survey', 'exam'] }), viewed)) });
    await renderAt('/eval/perio101');
    expect(await findText('Step 2 of 5 · Next: Sponsored video')).toBeTruthy();
  });

  it('goes from the evaluation to the exam for a class with neither', async () => {
    answerApi({ 'GET class': ok(classAnswer(classDetail({ steps: ['view', 'evaluation', 'exam'] }), viewed)) });
    await renderAt('/eval/perio101');
    expect(await findText('Step 2 of 3 · Next: Exam')).toBeTruthy();
  });

  it('puts the survey after the sponsored video', async () => {
    answerApi({ 'GET class': ok(classAnswer(classDetail(), evaluated)), 'GET survey': ok(surveyAnswer()) });
    await renderAt('/survey/perio101');
    expect(await findText('Step 4 of 5 · Next: Exam')).toBeTruthy();
    expect(screen.getByText('Question 1/1')).toBeTruthy();
  });

  it("asks a webinar's attendance second, after attending it", async () => {
    answerApi({ 'GET class': ok(classAnswer(endedLiveClass(), seated({ studentStarted: true }))) });
    await renderAt('/affidavit/live42');
    expect(await findText('Step 2 of 4 · Next: Evaluation')).toBeTruthy();
  });

  it('says the exam is the last step', async () => {
    answerApi({ 'GET class': ok(classAnswer(classDetail(), evaluated)), 'GET exam': ok(examAnswer()) });
    await renderAt('/exam/perio101');
    expect(await findText('Step 5 of 5 · Last step')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Submit Exam' })).toBeTruthy();
  });

  it('fills the bar once the exam is passed here', async () => {
    const graded = { status: true, exam: { minScore: 70, questions: [{ ...examAnswer().exam.questions[0]!, correctOption: 2 }] }, examScore: 100, passed: true, grades: [{ examQId: 1, correct: true }], msg: 'You passed with a score of 100%.' };
    answerApi({ 'GET class': ok(classAnswer(classDetail(), evaluated)), 'GET exam': ok(examAnswer()), 'POST grade-exam': ok(graded) });
    await renderAt('/exam/perio101');
    fireEvent.click(await screen.findByRole('radio', { name: '5 mm' }));
    fireEvent.click(screen.getByRole('button', { name: 'Submit Exam' }));
    expect(await findText('All 5 steps done')).toBeTruthy();
    expect(queryText('Step 5 of 5 · Last step')).toBeNull();
  });

  it.each([
    ['fails', failures.serverError],
    ['waits for the network (its retries go on)', failures.offline],
  ])('shows the exam without the line when the class read %s', async (_, failure) => {
    answerApi({ 'GET class': failure, 'GET exam': ok(examAnswer()) });
    await renderAt('/exam/perio101');
    expect(await screen.findByRole('button', { name: 'Submit Exam' })).toBeTruthy();
    expect(queryText('Step 5 of 5 · Last step')).toBeNull();
  });
});
