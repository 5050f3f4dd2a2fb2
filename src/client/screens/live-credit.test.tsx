// Live credit rests on attending (decisions.md, the course gate): what the live page and the exam show a
// student who entered the webinar, by what they answered to the attendance question.
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LIVE_CREDIT } from '#shared/domain/guard-messages';
import { answerApi, ok } from '../test/api-stub.ts';
import { classAnswer, examAnswer, liveClass, seated, studentData } from '../test/fixtures.ts';
import { findText, queryText, renderAt } from '../test/render.tsx';

const startedAgo = (min: number, canShowExam: boolean) => {
  const at = new Date(Date.now() - min * 60_000).toISOString();
  return liveClass({ releaseDate: at, releaseDateUTC: at, serverTime: new Date().toISOString(), durationMin: 60, canShowExam });
};
/** under way: the server offers no exam yet (decision 0046) */
const inProgress = () => startedAgo(10, false);
/** its hour is over: the exam is open */
const ended = () => startedAgo(61, true);

describe('the live page without a seat', () => {
  // decision 0044: spec §4 reserved a seat on opening, so Back after releasing one booked it again
  it('books nothing: it opens the reservation page, where Reserve Seat is the student\'s to tap', async () => {
    const calls = answerApi({ 'GET class': ok(classAnswer(liveClass(), studentData())) });
    await renderAt('/classroom-live/live42');
    expect(await screen.findByRole('button', { name: 'Reserve Seat' })).toBeTruthy();
    expect(window.location.pathname).toBe('/classroom-reserve/live42');
    expect(calls.map((c) => c.key)).not.toContain('POST reserve-seat');
  });
});

describe('the live page after passing', () => {
  it('says the exam is completed, with the score, and offers the certificate', async () => {
    answerApi({ 'GET class': ok(classAnswer(ended(), seated({ studentStarted: true, attended: true, examTaken: true, examDate: '2026-11-20T15:00:00.000Z', examScore: 90 }))) });
    await renderAt('/classroom-live/live42');
    expect(await screen.findByText(/^Exam completed on .* with a score of 90%\.$/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Proof of CE' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Take Exam' })).toBeNull();
  });
});

describe('the live page after entering', () => {
  it('offers Take Exam once the webinar has ended and the student has not said they did not attend', async () => {
    answerApi({ 'GET class': ok(classAnswer(ended(), seated({ studentStarted: true }))) });
    await renderAt('/classroom-live/live42');
    expect(await screen.findByRole('link', { name: 'Take Exam' })).toBeTruthy();
    expect(queryText(LIVE_CREDIT)).toBeNull();
    // nothing to enter any more, and the countdown's place says why
    expect(screen.queryByRole('button', { name: 'Enter Webinar' })).toBeNull();
    expect(queryText('This webinar has ended.')).toBeTruthy();
    expect(queryText('Webinar in Progress...')).toBeNull();
  });

  it('asks the server again the moment the webinar ends: Take Exam comes without waiting for the 15-second reload', async () => {
    // its hour ends 1.5 seconds from now; the server opens the exam at the end, by its clock (the test's)
    const end = Date.now() + 1_500;
    const start = new Date(end - 60 * 60_000).toISOString();
    let reads = 0;
    answerApi({
      'GET class': () => {
        reads++;
        return ok(classAnswer(liveClass({ releaseDate: start, releaseDateUTC: start, serverTime: new Date().toISOString(), durationMin: 60, canShowExam: Date.now() >= end }), seated({ studentStarted: true })));
      },
    });
    await renderAt('/classroom-live/live42');
    expect(await screen.findByText(/^The exam opens when the webinar ends/)).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Take Exam' })).toBeNull();
    // well before the 15-second reload
    expect(await screen.findByRole('link', { name: 'Take Exam' }, { timeout: 6_000 })).toBeTruthy();
    expect(Date.now()).toBeGreaterThanOrEqual(end);
    expect(reads).toBeGreaterThanOrEqual(2);
  });

  it('while it is under way, offers no Take Exam and says when the exam opens', async () => {
    answerApi({ 'GET class': ok(classAnswer(inProgress(), seated({ studentStarted: true }))) });
    await renderAt('/classroom-live/live42');
    expect(await screen.findByText(/^The exam opens when the webinar ends, at \d{1,2}:\d\d [AP]M \S+\.$/)).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Take Exam' })).toBeNull();
  });

  it('names the day of an end after midnight: a late-evening webinar ends the next day', async () => {
    // 11:30 PM on the device's clock, 90 minutes long
    const start = new Date();
    start.setDate(start.getDate() + 1);
    start.setHours(23, 30, 0, 0);
    const at = start.toISOString();
    answerApi({ 'GET class': ok(classAnswer(liveClass({ releaseDate: at, releaseDateUTC: at, serverTime: new Date().toISOString(), durationMin: 90, canShowExam: false }), seated({ studentStarted: true }))) });
    await renderAt('/classroom-live/live42');
    const next = new Date(start.getTime() + 90 * 60_000);
    const day = next.toLocaleDateString('en-US', { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric' }).replaceAll(',', '');
    const [weekday, month, date, year] = day.split(' ');
    expect(await screen.findByText(`The exam opens when the webinar ends, on ${weekday} ${month} ${date}, ${year} at 1:00 AM ${/[AP]M (\S+)$/.exec(next.toLocaleTimeString('en-US', { timeZoneName: 'short' }))![1]}.`)).toBeTruthy();
  });

  it('takes a keyboard user on Enter Webinar to the line that says it has ended, when the button goes at the end', async () => {
    // its hour ends 1.5 seconds from now, and the student, seated, has the meeting's code
    const end = Date.now() + 1_500;
    const start = new Date(end - 60 * 60_000).toISOString();
    answerApi({ 'GET class': ok(classAnswer(liveClass({ releaseDate: start, releaseDateUTC: start, serverTime: new Date().toISOString(), durationMin: 60, zoomCode: '123456789', canShowExam: false }), seated())) });
    await renderAt('/classroom-live/live42');
    const enter = await screen.findByRole('button', { name: 'Enter Webinar' });
    enter.focus();
    expect(document.activeElement).toBe(enter);
    const endedLine = await screen.findByText('This webinar has ended.', {}, { timeout: 4_000 });
    // the line's own place, not the page's body (which holds every line)
    await waitFor(() => {
      expect(document.activeElement).not.toBe(document.body);
      expect(document.activeElement?.contains(endedLine)).toBe(true);
    });
    expect(screen.queryByRole('button', { name: 'Enter Webinar' })).toBeNull();
  });

  it("says 'Live credit requires attending the webinar.' instead of Take Exam after 'No, I Did Not Attend'", async () => {
    answerApi({ 'GET class': ok(classAnswer(ended(), seated({ studentStarted: true, attended: false }))) });
    await renderAt('/classroom-live/live42');
    expect(await findText(LIVE_CREDIT)).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Take Exam' })).toBeNull();
  });

  it('offers no Take Exam before the webinar begins, though the student entered early', async () => {
    answerApi({ 'GET class': ok(classAnswer(liveClass({ canShowExam: false }), seated({ studentStarted: true }))) });
    await renderAt('/classroom-live/live42');
    expect(await screen.findByRole('button', { name: 'Enter Webinar' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Take Exam' })).toBeNull();
  });
});

describe('the exam of a webinar the student did not attend', () => {
  it('goes back to the course with the sentence, never showing the questions', async () => {
    answerApi({ 'GET exam': ok(examAnswer({ attended: false })), 'GET class': ok(classAnswer(ended(), seated({ studentStarted: true, attended: false }))) });
    await renderAt('/exam/live42');
    // the guard's notice (the live page it leads to says the same under its actions)
    expect(await screen.findByText(LIVE_CREDIT, { selector: '.alert-body' })).toBeTruthy();
    await waitFor(() => expect(window.location.pathname).not.toBe('/exam/live42'));
    expect(screen.queryByRole('button', { name: 'Submit Exam' })).toBeNull();
  });
});
