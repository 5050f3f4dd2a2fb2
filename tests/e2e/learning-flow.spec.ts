// The learning flow up to the exam through the running app, with a fresh student registered through the API:
// the classroom (playing the video logs the view, watch later on and off), Take Exam, the evaluation refused
// empty then accepted, the sponsored video to its end, Replay Video and 'Skip to the offer', the offer's yes,
// every survey question, and the exam's page; and the guard that sends a student who never viewed the class
// back to it. Every state visited is scanned with axe.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import { expect, expectAccessible, logIn, newStudent, screenReady, test } from './fixtures.ts';

// the pack's own fields for on-demand classes, their sponsored videos and surveys
interface PackClass {
  hash: string;
  kind: string;
  title: string;
  exam?: unknown;
  sponsoredVideo?: string;
  survey?: string;
}
interface PackSva {
  key: string;
  company: string;
  headline: string;
  buttonYes: string;
  buttonNo: string;
}
interface PackSurvey {
  key: string;
  submitLabel: string;
  questions: { question: string; type: 'yesno' | 'single' | 'multi'; options: string[] }[];
}
const pack = JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../../content/demo/pack.json'), 'utf8')) as {
  classes: PackClass[];
  companies: { key: string; name: string }[];
  sponsoredVideos: PackSva[];
  surveys: PackSurvey[];
};

// an on-demand video class with every step: exam, sponsored video and survey
const cls = pack.classes.find((c) => c.kind === 'video' && c.exam && c.sponsoredVideo && c.survey)!;
const sva = pack.sponsoredVideos.find((s) => s.key === cls.sponsoredVideo)!;
const company = pack.companies.find((co) => co.key === sva.company)!.name;
const survey = pack.surveys.find((s) => s.key === cls.survey)!;

const VIEW_FIRST = 'Please view class before taking exam.';
const REQUIRED = 'Answer is required.';
const CORRECT_ERRORS = 'Correct errors and resubmit.';





const studentData = async (api: APIRequestContext) =>
  ((await (await api.get(`/api/class?c=${cls.hash}`)).json()) as { studentData: { classViewCount: number; inqueue: number; evalTaken: boolean } }).studentData;

test('a new student goes from the classroom through the evaluation, sponsored video and survey to the exam', async ({ page, playwright, baseURL }) => {
  test.setTimeout(90_000);
  const student = await newStudent(playwright, baseURL, 'a');
  const classroom = `/classroom/${cls.hash}`;
  await logIn(page, student, classroom);

  // the classroom: details, Take Exam open, the video behind View Class
  await screenReady(page);
  await expect(page.getByRole('heading', { level: 1, name: cls.title })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Take Exam' })).toBeEnabled();
  await expectAccessible(page, '/classroom');
  await page.getByRole('button', { name: 'View Class' }).click();
  await expect(page.getByRole('button', { name: 'Hide Class' })).toHaveAttribute('aria-expanded', 'true');
  const video = page.locator('#class-media video');
  await expect(video).toBeVisible();
  expect((await studentData(student.api)).classViewCount).toBe(0);
  // shown is not viewed: the page says what counts
  await expect(page.getByText('Play the class to count your view: the exam needs it.')).toBeVisible();

  // playing it logs the view, once
  await video.evaluate((v: HTMLVideoElement) => v.play());
  await expect.poll(async () => (await studentData(student.api)).classViewCount, { message: 'the view is logged' }).toBeGreaterThanOrEqual(1);
  await expect(page.getByText('Your view of this class is counted.')).toBeVisible();
  await video.evaluate((v: HTMLVideoElement) => v.pause());
  await expectAccessible(page, '/classroom with the video open');

  // watch later: the plus button adds, the same button then removes
  await page.getByRole('button', { name: 'Add to Watch Later' }).click();
  await expect(page.getByRole('button', { name: 'Remove from Watch Later' })).toBeVisible();
  await expect(page.getByText('Added to Watch Later.')).toBeAttached();
  expect((await studentData(student.api)).inqueue).not.toBe(0);
  // by keyboard: the button turns and keeps the focus while it works (decision 0047: a disabled one dropped it)
  await page.getByRole('button', { name: 'Remove from Watch Later' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Add to Watch Later' })).toBeFocused();
  // the button turns at the tap (the decision is the device's first, lib/outbox); the server has it a moment later
  await expect.poll(async () => (await studentData(student.api)).inqueue, { message: 'the removal reaches the server' }).toBe(0);

  // Take Exam opens the evaluation, which refuses an empty submit with one message per rating
  await page.getByRole('button', { name: 'Take Exam' }).click();
  await expect(page).toHaveURL(new RegExp(`/eval/${cls.hash}$`));
  await screenReady(page);
  await expect(page.getByText(cls.title)).toBeVisible();
  // where the student is: the view done, this class's sponsored video and survey ahead, then the exam
  await expect(page.getByText('Step 2 of 5 · Next: Sponsored video', { exact: true })).toBeVisible();
  // by keyboard each rating is one stop, also once the one left says it is required (that blur renders the form
  // again, and Tab stopped on each choice of the next rating: decision 0047)
  const excellent = page.getByRole('radio', { name: 'Excellent' });
  await excellent.nth(0).focus();
  await page.keyboard.press('Tab');
  await expect(excellent.nth(1)).toBeFocused();
  await expect(page.getByText(REQUIRED)).toHaveCount(1);
  await page.keyboard.press('Tab');
  await expect(excellent.nth(2)).toBeFocused();
  await page.getByRole('button', { name: 'Submit Evaluation' }).click();
  await expect(page.getByText(REQUIRED)).toHaveCount(10);
  await expect(page.getByText(CORRECT_ERRORS)).toBeVisible();
  // the first unanswered rating has focus, so keyboard users start where the form needs them
  await expect(page.getByRole('radio', { name: 'Excellent' }).first()).toBeFocused();
  await expectAccessible(page, '/eval with errors');
  expect((await studentData(student.api)).evalTaken).toBe(false);

  // answered: the messages go as each group is answered, and the save leads to the sponsored video
  for (let i = 0; i < 10; i++) await excellent.nth(i).check();
  await expect(page.getByText(REQUIRED)).toHaveCount(0);
  await page.getByLabel('Comments (optional)').fill('Clear, practical and well paced.');
  // a reload (or the phone closing the app in the background) loses nothing of it
  await page.reload();
  await screenReady(page);
  await expect(page.getByLabel('Comments (optional)')).toHaveValue('Clear, practical and well paced.');
  for (let i = 0; i < 10; i++) await expect(excellent.nth(i)).toBeChecked();
  await page.getByRole('button', { name: 'Submit Evaluation' }).click();
  await expect(page).toHaveURL(new RegExp(`/sva/${cls.hash}$`));
  expect((await studentData(student.api)).evalTaken).toBe(true);
  // once sent, the device keeps nothing of it
  expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('cepass.form.')))).toEqual([]);

  // the sponsored video: when it ends, the offer
  await screenReady(page);
  await expect(page.getByRole('heading', { name: `A message from ${company}` })).toBeVisible();
  await expect(page.getByText('Step 3 of 5 · Next: Survey', { exact: true })).toBeVisible();
  const sponsored = page.locator('.sva-video video');
  await expect(sponsored).toBeVisible();
  await sponsored.evaluate(async (v: HTMLVideoElement) => {
    if (Number.isNaN(v.duration)) await new Promise((resolve) => v.addEventListener('loadedmetadata', resolve, { once: true }));
    v.muted = true;
    v.currentTime = Math.max(0, v.duration - 0.3);
    await v.play();
  });
  const offer = page.getByRole('heading', { name: sva.headline });
  await expect(offer).toBeVisible({ timeout: 10_000 });
  await expect(offer).toBeFocused();
  await expectAccessible(page, '/sva offer');

  // Replay Video goes back to the video; 'Skip to the offer' reaches the offer from the keyboard without watching
  await page.getByRole('button', { name: 'Replay Video' }).click();
  await expect(page.locator('.sva-video video')).toBeVisible();
  await page.getByRole('button', { name: 'Skip to the offer' }).focus();
  await page.keyboard.press('Enter');
  await expect(offer).toBeFocused();

  // yes: saved, then the survey, one question per screen
  await page.getByRole('button', { name: sva.buttonYes }).click();
  await expect(page).toHaveURL(new RegExp(`/survey/${cls.hash}$`));
  await screenReady(page);
  await expect(page.getByText('Step 4 of 5 · Next: Exam', { exact: true })).toBeVisible();
  const total = survey.questions.length;
  for (const [i, q] of survey.questions.entries()) {
    await expect(page.getByText(`Question ${i + 1}/${total}`, { exact: true })).toBeVisible();
    const group = page.getByRole('group', { name: q.question });
    await expect(group).toBeVisible();
    const submit = page.getByRole('button', { name: i === total - 1 ? survey.submitLabel : 'Next', exact: true });
    // nothing chosen yet, on this question too: the choices of the one before are gone
    await expect(submit).toBeDisabled();
    await expect(group.locator('input:checked')).toHaveCount(0);
    if (q.type === 'multi') {
      await group.getByRole('checkbox', { name: q.options[0]!, exact: true }).check();
      await group.getByRole('checkbox', { name: q.options[1]!, exact: true }).check();
      await expect(group.locator('input:checked')).toHaveCount(2);
    } else {
      await group.getByRole('radio', { name: q.options[0]!, exact: true }).check();
      await group.getByRole('radio', { name: q.options[1]!, exact: true }).check();
      // one choice only
      await expect(group.locator('input:checked')).toHaveCount(1);
    }
    if (i === 0) await expectAccessible(page, '/survey question');
    await expect(submit).toBeEnabled();
    await submit.click();
  }

  // the last answer ends the survey: on to the exam, the last step
  await expect(page).toHaveURL(new RegExp(`/exam/${cls.hash}$`));
  await expect(page.getByText('Step 5 of 5 · Last step', { exact: true })).toBeVisible();

  // back later (an exam to retake): Take Exam goes on past the evaluation, the sponsor's video and the survey, all
  // done, to the exam; the video is not played again
  await page.goto(`/classroom/${cls.hash}`);
  await screenReady(page);
  await page.getByRole('button', { name: 'Take Exam' }).click();
  await expect(page).toHaveURL(new RegExp(`/exam/${cls.hash}$`), { timeout: 15_000 });
  await expect(page.locator('.sva-video video')).toHaveCount(0);
  await student.api.dispose();
});

test('the evaluation of a class never viewed sends the student to the classroom, saying why', async ({ page, playwright, baseURL }) => {
  const student = await newStudent(playwright, baseURL, 'b');
  // straight from the login to the evaluation, as a link in an e-mail would go
  await page.goto(`/login?rurl=${encodeURIComponent(`/eval/${cls.hash}`)}`);
  await screenReady(page);
  await page.getByLabel('Username').fill(student.username);
  await page.getByLabel('Password').fill(student.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/classroom/${cls.hash}$`));
  await expect(page.getByText(VIEW_FIRST)).toBeVisible();
  await screenReady(page);
  await expectAccessible(page, '/classroom with the guard’s alert');
  // the sponsored video and the survey need the evaluation first
  await page.goto(`/survey/${cls.hash}`);
  await expect(page).toHaveURL(new RegExp(`/classroom/${cls.hash}$`));
  await expect(page.getByText(VIEW_FIRST)).toBeVisible();
  // played: the view is counted, and the alert that asked for it goes (it stayed above 'counted' before 0047)
  await page.getByRole('button', { name: 'View Class' }).click();
  await page.locator('#class-media video').evaluate((v: HTMLVideoElement) => v.play());
  await expect(page.getByText('Your view of this class is counted.')).toBeVisible();
  await expect(page.getByText(VIEW_FIRST)).toHaveCount(0);
  await student.api.dispose();
});
