// Sponsor ads and featured clicks as a caller sees them, and what lands in our own tables.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, json, type TestApp } from '../../test-support.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

const post = (url: string, payload: object, cookie?: string) =>
  t.app.inject({ method: 'POST', url: `/api/${url}`, headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) }, payload });
const login = async () => /^(sid=[^;]*)/.exec(String((await post('login', { u: 'demostudent', p: 'ce-pass-demo' })).headers['set-cookie']))![1]!;
const firstAd = async () => json(await t.app.inject('/api/ondemand')).mobileAds.banners[0].adId as number;

describe('mobile ads', () => {
  it('answers the ad detail of a listed banner, and 404 for an unknown ad', async () => {
    const a = await firstAd();
    const res = json(await t.app.inject(`/api/mobilead?a=${a}`));
    expect(res).toMatchObject({ status: true, rowCount: 1, data: [{ adId: a, buttonText: expect.any(String), confirmationMessageTitle: expect.any(String), confirmationMessage: expect.any(String) }] });
    const gone = await t.app.inject('/api/mobilead?a=999999');
    expect(gone.statusCode).toBe(404);
    expect(json(gone).errorMsg).toBe('This offer is no longer available.');
  });

  it('takes a lead from a visitor only with a valid e-mail, once per address, and from a student by the account e-mail', async () => {
    const a = await firstAd();
    for (const [e, message] of [[undefined, 'Email is required.'], ['  ', 'Email is required.'], ['not-an-email', 'Enter valid email address.']] as const) {
      const res = await post('mobilead-submit', { a, ...(e === undefined ? {} : { e }) });
      expect(res.statusCode).toBe(400);
      expect(json(res)).toEqual({ status: false, errorMsg: 'Correct errors and resubmit.', errors: { e: message } });
    }
    expect(json(await post('mobilead-submit', { a, e: ' Visitor@Example.com ' }))).toEqual({ status: true });
    expect(json(await post('mobilead-submit', { a, e: 'visitor@example.com' }))).toEqual({ status: true });
    const cookie = await login();
    expect(json(await post('mobilead-submit', { a }, cookie))).toEqual({ status: true });
    const leads = await t.database.db.selectFrom('adLeads').select(['email', 'studentId']).where('adId', '=', a).orderBy('id').execute();
    expect(leads.map((l) => l.email)).toEqual(['visitor@example.com', 'jordan.rivera@example.com']);
    expect(leads[1]!.studentId).not.toBeNull();
  });

  it('records banner views and clicks first-party', async () => {
    const a = await firstAd();
    expect(json(await post('ad-event', { a, e: 1 }))).toEqual({ status: true });
    expect(json(await post('ad-event', { a, e: 2 }))).toEqual({ status: true });
    expect((await post('ad-event', { a, e: 3 })).statusCode).toBe(400);
    expect((await post('ad-event', { a: 999999, e: 1 })).statusCode).toBe(404);
    const events = await t.database.db.selectFrom('adEvents').select('eventId').where('adId', '=', a).orderBy('id').execute();
    expect(events.map((e) => e.eventId)).toEqual([1, 2]);
  });
});

describe('featured content clicks', () => {
  it('records a click on what is featured, and refuses anything else', async () => {
    const home = json(await t.app.inject('/api/home'));
    const cls = home.featuredContent.featuredClass.hash as string;
    expect(json(await post('featuredcontent-click', { t: 36, h: cls }))).toEqual({ status: true });
    expect((await post('featuredcontent-click', { t: 37, h: cls })).statusCode).toBe(404);
    expect((await post('featuredcontent-click', { t: 36, h: 'not-featured-at-all' })).statusCode).toBe(404);
    const clicks = await t.database.db.selectFrom('featuredClicks').select(['slotType', 'hash']).execute();
    expect(clicks).toEqual([{ slotType: 36, hash: cls }]);
  });
});

describe('consent', () => {
  it('passes nothing to a sponsor once the student withdrew consent', async () => {
    const cookie = await login();
    await post('remove-consent', {}, cookie);
    const res = await post('mobilead-submit', { a: await firstAd() }, cookie);
    expect(res.statusCode).toBe(403);
    expect(json(res).errorMsg).toBe('You withdrew your consent on the GDPR page, so we no longer pass your details to sponsors.');
  });
});
