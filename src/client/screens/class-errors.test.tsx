// Spec §8 "Class" texts on screen, provoked by each way a call can fail: Reserve Seat, Enter Webinar (the class
// start) and loading the class on the classroom and live pages.
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { NETWORK_ERROR, type FailureTexts } from '../lib/api.ts';
import { WAITING_FOR_NETWORK } from '../components/ui/loading.tsx';
import { CLASS_START_ERROR, GET_CLASS_ERROR, RESERVE_ERROR } from '../lib/messages.ts';
import { answerApi, failures, ok, type Answer } from '../test/api-stub.ts';
import { classAnswer, liveClass, seated, studentData } from '../test/fixtures.ts';
import { findText, renderAt } from '../test/render.tsx';

/** each failure and what the screen says: the server's reason, the service text, the trapped text, offline */
const cases = (texts: FailureTexts, network = texts.network ?? NETWORK_ERROR): [string, Answer, string][] => [
  ['a refusal with a reason', failures.refusedWithMessage('This webinar has already ended.'), 'This webinar has already ended.'],
  ['a refusal without a reason', failures.refused, texts.refused],
  ['a server error', failures.serverError, texts.broken],
  ['an unreadable answer', failures.unreadable, texts.broken],
  ['no network', failures.offline, network],
];

describe('Reserve Seat', () => {
  it.each(cases(RESERVE_ERROR))('shows its text on %s', async (_, failure, text) => {
    const calls = answerApi({ 'GET class': ok(classAnswer(liveClass(), studentData())), 'POST reserve-seat': failure });
    await renderAt('/classroom-reserve/live42');
    fireEvent.click(await screen.findByRole('button', { name: 'Reserve Seat' }));
    expect(await findText(text)).toBeTruthy();
    expect(calls.map((c) => c.key)).toContain('POST reserve-seat');
    // still on the reservation page, with the button to try again
    expect(screen.getByRole('button', { name: 'Reserve Seat' })).toBeTruthy();
  });
});

describe('Enter Webinar', () => {
  it.each(cases(CLASS_START_ERROR))('shows its text on %s', async (_, failure, text) => {
    answerApi({ 'GET class': ok(classAnswer(liveClass(), seated())), 'POST class-start': failure });
    await renderAt('/classroom-live/live42');
    const enter = await screen.findByRole('button', { name: 'Enter Webinar' });
    expect((enter as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(enter);
    expect(await findText(text)).toBeTruthy();
  });

});

describe('loading the class', () => {
  // a load with no answer says the screen needs a connection, and offers to try again
  it.each(cases(GET_CLASS_ERROR, WAITING_FOR_NETWORK))('the classroom shows its text on %s', async (_, failure, text) => {
    answerApi({ 'GET class': failure });
    await renderAt('/classroom/perio101');
    expect(await findText(text)).toBeTruthy();
  });
  it.each(cases(GET_CLASS_ERROR, WAITING_FOR_NETWORK))('the live page shows its text on %s', async (_, failure, text) => {
    answerApi({ 'GET class': failure });
    await renderAt('/classroom-live/live42');
    expect(await findText(text)).toBeTruthy();
  });
});
