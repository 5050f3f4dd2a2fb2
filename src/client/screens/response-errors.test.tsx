// Spec §8 "Responses" texts on screen, one pair per save (lib/messages.ts): the sponsored video's answer, a survey
// answer and the attendance answer, each provoked by every way the server can refuse the save. A save with no
// answer (no network, a server error) is not a failure to show: it waits in the outbox and is sent again
// (issue 16), and the screen moves on saying so.
import { fireEvent, screen } from '@testing-library/react';
import { onlineManager } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { SAVED_ON_DEVICE } from '../lib/messages.ts';
import { outbox } from '../lib/outbox/index.ts';
import { answerApi, failures, ok, type Answer } from '../test/api-stub.ts';
import { classAnswer, classDetail, endedLiveClass, seated, studentData, surveyAnswer } from '../test/fixtures.ts';
import { findText, renderAt } from '../test/render.tsx';

const cases = (texts: { refused: string; broken: string }): [string, Answer, string][] => [
  ['a refusal with a reason', failures.refusedWithMessage('Complete evaluation before completing exam.'), 'Complete evaluation before completing exam.'],
  ['a refusal without a reason', failures.refused, texts.refused],
  ['a 200 saying status false', ok({ status: false }), texts.refused],
  ['an unreadable answer', failures.unreadable, texts.broken],
];

/** what a save with no answer leaves: kept on the device, to be sent again */
const waiting = [
  ['a server error', failures.serverError],
  ['no network', failures.offline],
] as const;

const pendingPaths = async () => (await outbox.list()).map((a) => [a.path, a.state]);

const afterEval = classAnswer(classDetail(), studentData({ classViewCount: 1, gradebookId: 3, evalTaken: true }));

describe('the sponsored video answer', () => {
  const sva = {
    id: 5,
    youtubeId: null,
    videoFile: null,
    companyName: 'Acme Dental',
    companyPhoto: null,
    headline: 'Try our new sealant',
    blurb: 'Free samples for your practice.',
    headlineButtons: 'Would you like a sample?',
    buttonTextYes: 'Yes, send me one',
    buttonTextNo: 'No thanks',
    answered: false,
  };
  it.each(cases({ refused: 'Error recording response. Try again later.', broken: 'System error recording response. Try again later.' }))(
    'shows its text on %s',
    async (_, failure, text) => {
      const calls = answerApi({ 'GET class': ok(afterEval), 'GET sva': ok({ status: true, rowCount: 1, data: [sva] }), 'POST save-sva-response': failure });
      await renderAt('/sva/perio101');
      fireEvent.click(await screen.findByRole('button', { name: 'Yes, send me one' }));
      expect(await findText(text)).toBeTruthy();
      expect(calls.find((c) => c.key === 'POST save-sva-response')?.body).toMatchObject({ c: 'perio101', v: 5, e: 2 });
      // not moved on to the survey: the answer was not recorded
      expect(window.location.pathname).toBe('/sva/perio101');
    },
  );
  it.each(waiting)('keeps the answer on the device and moves on, saying so, on %s', async (_, failure) => {
    answerApi({ 'GET class': ok(afterEval), 'GET sva': ok({ status: true, rowCount: 1, data: [sva] }), 'POST save-sva-response': failure });
    await renderAt('/sva/perio101');
    fireEvent.click(await screen.findByRole('button', { name: 'Yes, send me one' }));
    expect(await findText(SAVED_ON_DEVICE)).toBeTruthy();
    expect(window.location.pathname).not.toBe('/sva/perio101');
    expect(await pendingPaths()).toEqual([['save-sva-response', 'pending']]);
  });
});

describe('a survey answer', () => {
  it.each(cases({ refused: 'Data error.  Try again later.', broken: 'System Error.  Try again later.' }))('shows its text on %s', async (_, failure, text) => {
    answerApi({ 'GET class': ok(afterEval), 'GET survey': ok(surveyAnswer()), 'POST save-survey-response': failure });
    await renderAt('/survey/perio101');
    fireEvent.click(await screen.findByRole('radio', { name: 'Yes' }));
    fireEvent.click(screen.getByRole('button', { name: 'Finish' }));
    expect(await findText(text)).toBeTruthy();
    expect(window.location.pathname).toBe('/survey/perio101');
  });
  it.each(waiting)('keeps the answer on the device and moves on, saying so, on %s', async (_, failure) => {
    answerApi({ 'GET class': ok(afterEval), 'GET survey': ok(surveyAnswer()), 'POST save-survey-response': failure });
    await renderAt('/survey/perio101');
    fireEvent.click(await screen.findByRole('radio', { name: 'Yes' }));
    fireEvent.click(screen.getByRole('button', { name: 'Finish' }));
    expect(await findText(SAVED_ON_DEVICE)).toBeTruthy();
    expect(await pendingPaths()).toEqual([['save-survey-response', 'pending']]);
  });
});

describe('a survey left in the middle', () => {
  it('opens at the first question the server has no answer to, in the same session', async () => {
    const questions = ['q1', 'q2', 'q3'].map((hash, i) => ({ hash, question: `Question text ${i + 1}`, type: 'yesno', buttons: [{ hash: `${hash}y`, label: 'Yes' }, { hash: `${hash}n`, label: 'No' }] }));
    const survey = { hash: 'srv1', sessionHash: 'sess1', answered: [{ q: 'q1', choices: ['q1y'] }], questions, submit: { label: 'Finish' } };
    const calls = answerApi({ 'GET class': ok(afterEval), 'GET survey': ok({ status: true, rowCount: 1, data: [survey] }), 'POST save-survey-response': ok({ status: true }) });
    await renderAt('/survey/perio101');
    expect(await screen.findByRole('heading', { name: 'Question 2/3' })).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Question text 2' })).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: 'No' }));
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('heading', { name: 'Question 3/3' })).toBeTruthy();
    expect(calls.filter((c) => c.key === 'POST save-survey-response').map((c) => c.body)).toEqual([expect.objectContaining({ q: 'q2', choices: ['q2n'], sessionHash: 'sess1', isLast: false })]);
  });
});

describe('a survey answered with the phone in airplane mode (the browser says offline)', () => {
  it('keeps the answer on the device at once and moves on, saying so', async () => {
    answerApi({ 'GET class': ok(afterEval), 'GET survey': ok({ status: true, rowCount: 1, data: [{ hash: 'srv1', sessionHash: 'sess1', answered: [], questions: [{ hash: 'q1', question: 'Useful?', type: 'yesno', buttons: [{ hash: 'q1y', label: 'Yes' }, { hash: 'q1n', label: 'No' }] }], submit: { label: 'Finish' } }] }), 'POST save-survey-response': failures.offline });
    await renderAt('/survey/perio101');
    fireEvent.click(await screen.findByRole('radio', { name: 'Yes' }));
    onlineManager.setOnline(false);
    try {
      fireEvent.click(screen.getByRole('button', { name: 'Finish' }));
      expect(await findText(SAVED_ON_DEVICE)).toBeTruthy();
      expect(await pendingPaths()).toEqual([['save-survey-response', 'pending']]);
    } finally {
      onlineManager.setOnline(true);
    }
  });
});

describe('a survey answered offline, then opened again (a reload)', () => {
  const questions = ['q1', 'q2', 'q3'].map((hash, i) => ({ hash, question: `Question text ${i + 1}`, type: 'yesno', buttons: [{ hash: `${hash}y`, label: 'Yes' }, { hash: `${hash}n`, label: 'No' }] }));
  const survey = { hash: 'srv1', sessionHash: 'sess1', answered: [], questions, submit: { label: 'Finish' } };
  const answerOffline = async (label: string) => {
    fireEvent.click(await screen.findByRole('radio', { name: 'Yes' }));
    fireEvent.click(screen.getByRole('button', { name: label }));
  };

  it('resumes after the answers waiting on the device, not at the first the server lacks', async () => {
    answerApi({ 'GET class': ok(afterEval), 'GET survey': ok({ status: true, rowCount: 1, data: [survey] }), 'POST save-survey-response': failures.offline });
    const first = await renderAt('/survey/perio101');
    await answerOffline('Next');
    expect(await screen.findByRole('heading', { name: 'Question 2/3' })).toBeTruthy();
    first.unmount();
    // the server still has no answer: the first waits in the outbox
    expect(await pendingPaths()).toEqual([['save-survey-response', 'pending']]);
    await renderAt('/survey/perio101');
    expect(await screen.findByRole('heading', { name: 'Question 2/3' })).toBeTruthy();
  });

  it('goes on to the exam when every answer is on the server or the device', async () => {
    answerApi({
      'GET class': ok(afterEval),
      'GET survey': ok({ status: true, rowCount: 1, data: [{ ...survey, answered: [{ q: 'q1', choices: ['q1y'] }, { q: 'q2', choices: ['q2y'] }] }] }),
      'POST save-survey-response': failures.offline,
      'GET exam': failures.offline,
    });
    const first = await renderAt('/survey/perio101');
    await answerOffline('Finish');
    await vi.waitFor(() => expect(window.location.pathname).toBe('/exam/perio101'));
    first.unmount();
    await renderAt('/survey/perio101');
    await vi.waitFor(() => expect(window.location.pathname).toBe('/exam/perio101'));
  });
});

describe('the attendance answer', () => {
  it.each(cases({ refused: 'System API error saving response.', broken: 'System error.  Contact technical support.' }))('shows its text on %s', async (_, failure, text) => {
    answerApi({ 'GET class': ok(classAnswer(endedLiveClass(), seated({ studentStarted: true, gradebookId: 4 }))), 'POST save-affidavit': failure });
    await renderAt('/classroom-affidavit/live42');
    fireEvent.click(await screen.findByRole('button', { name: 'Yes I Attended' }));
    expect(await findText(text)).toBeTruthy();
    expect(window.location.pathname).toBe('/classroom-affidavit/live42');
  });
  it.each(waiting)('keeps the answer on the device and moves on, saying so, on %s', async (_, failure) => {
    answerApi({ 'GET class': ok(classAnswer(endedLiveClass(), seated({ studentStarted: true, gradebookId: 4 }))), 'POST save-affidavit': failure });
    await renderAt('/classroom-affidavit/live42');
    fireEvent.click(await screen.findByRole('button', { name: 'Yes I Attended' }));
    expect(await findText(SAVED_ON_DEVICE)).toBeTruthy();
    expect(await pendingPaths()).toEqual([['save-affidavit', 'pending']]);
  });
});
