// What lists and class pages show besides errors: spec §8's 'No upcoming classes.' on the home page's upcoming
// live webinars (§2 gives that list no text of its own), and no credit line for an item that carries no credit.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CE_TYPE } from '#shared/domain/constants';
import { answerApi, ok } from '../test/api-stub.ts';
import { classAnswer, classDetail, listItem, studentData } from '../test/fixtures.ts';
import { findText, queryText, renderAt } from '../test/render.tsx';

const home = (over: { webinars?: unknown[]; classes?: unknown[] } = {}) =>
  ok({
    status: true,
    webinars: { status: true, data: over.webinars ?? [], seats: [] },
    classes: { status: true, data: over.classes ?? [] },
    podcasts: { status: true, data: [] },
    featuredContent: { status: false, featuredClass: null, featuredPodcast: null, featuredHash: null },
  });

describe('empty live lists', () => {
  it("home's upcoming live webinars say 'No upcoming classes.'", async () => {
    answerApi({ 'GET home': home() });
    await renderAt('/home', { loggedIn: false });
    const section = (await screen.findByRole('heading', { name: 'Upcoming Live Webinars' })).closest('section')!;
    expect(within(section).getByText('No upcoming classes.')).toBeTruthy();
  });

  it("the webinars page keeps its own 'No upcoming webinars.'", async () => {
    answerApi({ 'GET upcoming': ok({ status: true, rowCount: 0, totalRows: 0, pageSize: 10, page: 0, data: [], seats: [], mobileAds: null }) });
    await renderAt('/webinars', { loggedIn: false });
    expect(await findText('No upcoming webinars.')).toBeTruthy();
    expect(queryText('No upcoming classes.')).toBeNull();
  });
});

describe('credit lines', () => {
  it('a product-training row carries no credit line, a course row its credits and CE type', async () => {
    const tutorial = listItem();
    const course = listItem({ hash: 'perio101', className: 'Periodontal Charting Essentials', credits: 1.5, ceTypeId: CE_TYPE.HOMESTUDY, creditName: 'Self-study' });
    answerApi({ 'GET home': home({ classes: [tutorial, course] }) });
    await renderAt('/home', { loggedIn: false });
    const tutorialRow = (await screen.findByRole('link', { name: /Loading the Intraoral Scanner/ })).closest('li')!;
    expect(tutorialRow.textContent).not.toMatch(/CEU|undefined/);
    const courseRow = screen.getByRole('link', { name: /Periodontal Charting Essentials/ }).closest('li')!;
    expect(within(courseRow).getByText('1.5 CEU Self-study')).toBeTruthy();
  });

  it('a tutorial page shows no Credits entry', async () => {
    const tutorial = classDetail({ hash: 'tut9', className: 'Loading the Intraoral Scanner', isTutorial: true, credits: 0, ceTypeId: CE_TYPE.NONCE, creditName: 'undefined' });
    answerApi({ 'GET class': ok(classAnswer(tutorial, studentData())) });
    const view = await renderAt('/classroom/tut9');
    expect(await screen.findByRole('heading', { level: 1, name: 'Loading the Intraoral Scanner' })).toBeTruthy();
    expect(screen.getByText('Speaker')).toBeTruthy();
    expect(screen.queryByText('Credits')).toBeNull();
    expect(view.container.textContent).not.toMatch(/CEU|undefined/);
  });

  it('a course page shows its credits with the CE type', async () => {
    answerApi({ 'GET class': ok(classAnswer(classDetail(), studentData())) });
    await renderAt('/classroom/perio101');
    const term = await screen.findByText('Credits');
    expect(term.nextElementSibling?.textContent).toBe('1.5 CEU Self-study');
  });
});

describe('Reserved Seats', () => {
  const row = (hash: string, over: { hasSeat: boolean; isWaiting: boolean; cancelCode: string | null }) => ({
    classId: hash.length,
    hash,
    className: `Webinar ${hash}`,
    photo: 'img/w.jpg',
    speakerName: 'Dr. Lee',
    sponsorCompanyName: null,
    releaseDateUTC: new Date(Date.now() + 86_400_000).toISOString(),
    credits: 1,
    creditName: 'CEU Live, Interactive',
    inProgress: false,
    ...over,
  });
  it("counts seats as 'Reserved: N Live Webinars' and waitlist places beside it, not among them", async () => {
    answerApi({
      'GET seats': ok({ status: true, rowCount: 3, data: [row('a1', { hasSeat: true, isWaiting: false, cancelCode: 'c1' }), row('b2', { hasSeat: true, isWaiting: false, cancelCode: 'c2' }), row('c3', { hasSeat: true, isWaiting: true, cancelCode: null })] }),
    });
    await renderAt('/seats');
    await waitFor(() => expect(document.querySelector('main .list-count, .list-count')?.textContent).toBe('Reserved: 2 Live Webinars, 1 on the waitlist'));
  });
});
