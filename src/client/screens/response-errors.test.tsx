// Spec §8 "Responses" texts on screen, one pair per save (lib/messages.ts): the sponsored video's answer, a survey
// answer and the attendance answer, each provoked by every way the save can fail.
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { NETWORK_ERROR } from '../lib/api.ts';
import { answerApi, failures, ok, type Answer } from '../test/api-stub.ts';
import { classAnswer, classDetail, liveClass, seated, studentData } from '../test/fixtures.ts';
import { findText, renderAt } from '../test/render.tsx';

const cases = (texts: { refused: string; broken: string }): [string, Answer, string][] => [
  ['a refusal with a reason', failures.refusedWithMessage('Complete evaluation before completing exam.'), 'Complete evaluation before completing exam.'],
  ['a refusal without a reason', failures.refused, texts.refused],
  ['a 200 saying status false', ok({ status: false }), texts.refused],
  ['a server error', failures.serverError, texts.broken],
  ['an unreadable answer', failures.unreadable, texts.broken],
  ['no network', failures.offline, NETWORK_ERROR],
];

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
});

describe('a survey answer', () => {
  const survey = {
    hash: 'srv1',
    sessionHash: 'sess1',
    questions: [{ hash: 'q1', question: 'Do you use sealants?', type: 'yesno', buttons: [{ hash: 'b1', label: 'Yes' }, { hash: 'b2', label: 'No' }] }],
    submit: { label: 'Finish' },
  };
  it.each(cases({ refused: 'Data error.  Try again later.', broken: 'System Error.  Try again later.' }))('shows its text on %s', async (_, failure, text) => {
    answerApi({ 'GET class': ok(afterEval), 'GET survey': ok({ status: true, rowCount: 1, data: [survey] }), 'POST save-survey-response': failure });
    await renderAt('/survey/perio101');
    fireEvent.click(await screen.findByRole('radio', { name: 'Yes' }));
    fireEvent.click(screen.getByRole('button', { name: 'Finish' }));
    expect(await findText(text)).toBeTruthy();
    expect(window.location.pathname).toBe('/survey/perio101');
  });
});

describe('the attendance answer', () => {
  it.each(cases({ refused: 'System API error saving response.', broken: 'System error.  Contact technical support.' }))('shows its text on %s', async (_, failure, text) => {
    answerApi({ 'GET class': ok(classAnswer(liveClass(), seated({ studentStarted: true, gradebookId: 4 }))), 'POST save-affidavit': failure });
    await renderAt('/classroom-affidavit/live42');
    fireEvent.click(await screen.findByRole('button', { name: 'Yes I Attended' }));
    expect(await findText(text)).toBeTruthy();
    expect(window.location.pathname).toBe('/classroom-affidavit/live42');
  });
});
