// The catalogue read calls against the demo pack, imported by the real importer: what a caller sees.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import * as catalog from '#shared/api/catalog';
import * as classes from '#shared/api/classes';
import * as podcasts from '#shared/api/podcasts';
import { loadPack } from '../../content/load-pack.ts';
import type { Pack } from '../../content/pack-schema.ts';
import { hashToken } from '../../plugins/session.ts';
import { buildTestApp, json, type TestApp } from '../../test-support.ts';
import { PAGE_SIZE } from './catalog.routes.ts';

let t: TestApp;
let pack: Pack;
const TOKEN = 'catalog-test-session-token';
const cookie = { cookie: `sid=${TOKEN}` };

beforeAll(async () => {
  t = await buildTestApp();
  pack = (await loadPack(path.resolve('content/demo/pack.json'))).pack;
  // a session for the demo student, as login (issue 3) will create it
  const demo = await t.database.db.selectFrom('students').select('id').where('username', '=', 'demostudent').executeTakeFirstOrThrow();
  const now = new Date(t.clock.now()).toISOString();
  const later = new Date(t.clock.now() + 86_400_000).toISOString();
  await t.database.db.insertInto('sessions').values({ tokenHash: hashToken(TOKEN), studentId: demo.id, createdAt: now, lastSeenAt: now, expiresAt: later, userAgent: null }).execute();
});
afterAll(async () => t?.close());

const get = async (url: string, headers: Record<string, string> = {}) => {
  const res = await t.app.inject({ url, headers });
  expect(res.statusCode, `${url}: ${res.body.slice(0, 200)}`).toBe(200);
  return json(res);
};
const liveCount = () => pack.classes!.filter((c) => c.kind === 'live').length;
const onDemandCount = () => pack.classes!.filter((c) => c.kind !== 'live' && c.kind !== 'tutorial').length;

describe('home', () => {
  it('shows the next webinars, the newest classes and podcasts, and the featured items', async () => {
    const body = v.parse(catalog.getHome.response, await get('/api/home'));
    expect(body.webinars.data).toHaveLength(6);
    const starts = body.webinars.data.map((w) => Date.parse(w.releaseDateUTC));
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
    // the in-progress demo webinar is still "upcoming" until it ends
    expect(starts[0]).toBeLessThan(t.clock.now());
    expect(body.classes.data).toHaveLength(6);
    expect(body.classes.data.every((c) => c.typeId !== 20 && Date.parse(c.releaseDateUTC) <= t.clock.now())).toBe(true);
    expect(body.podcasts.data).toHaveLength(6);
    expect(body.featuredContent.featuredClass?.hash).toBe(pack.featured!.class);
    expect(body.featuredContent.featuredPodcast?.hash).toBe(pack.featured!.podcast);
    expect(body.webinars.seats).toEqual([]);
  });

  it('marks the logged-in student’s seats and waitlist places', async () => {
    const body = v.parse(catalog.getUpcoming.response, await get('/api/upcoming?page=0', cookie));
    const demo = pack.students!.find((s) => s.username === 'demostudent')!;
    const mine = body.data.filter((w) => w.hasSeat);
    const waiting = demo.seats!.filter((s) => s.waiting).map((s) => s.class);
    expect(mine.map((w) => w.hash).sort()).toEqual(demo.seats!.map((s) => s.class).filter((h) => body.data.some((w) => w.hash === h)).sort());
    expect(mine.filter((w) => w.isWaiting).map((w) => w.hash)).toEqual(waiting.filter((h) => body.data.some((w) => w.hash === h)));
    expect(body.seats).toEqual(mine.map((w) => ({ hash: w.hash, isWaiting: w.isWaiting })));
  });

  it('never lets `s` name another student (403) or stand in for a session (401)', async () => {
    expect((await t.app.inject({ url: '/api/home?s=someone-else', headers: cookie })).statusCode).toBe(403);
    const anon = await t.app.inject('/api/home?s=someone-else');
    expect(anon.statusCode).toBe(401);
  });
});

describe('lists', () => {
  it('pages on-demand classes: zero-based pages, server page size, featured item and ads', async () => {
    const p0 = v.parse(catalog.getOndemand.response, await get('/api/ondemand?page=0'));
    expect(p0.totalRows).toBe(onDemandCount());
    expect(p0.pageSize).toBe(PAGE_SIZE);
    expect(p0.rowCount).toBe(PAGE_SIZE);
    expect(p0.featuredContent?.featuredHash).toBe(pack.featured!.class);
    expect(p0.mobileAds).toMatchObject({ indexStart: 3, interval: 5, rows: PAGE_SIZE });
    expect(p0.mobileAds!.banners.length).toBe(pack.ads!.length);
    const p1 = v.parse(catalog.getOndemand.response, await get('/api/ondemand?page=1'));
    expect(p1.page).toBe(1);
    expect(p1.data.map((c) => c.hash)).not.toContain(p0.data[0]!.hash);
    const dates = [...p0.data, ...p1.data].map((c) => c.releaseDateUTC);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it('clamps a page past the end to the last page', async () => {
    const last = Math.ceil(onDemandCount() / PAGE_SIZE) - 1;
    const body = v.parse(catalog.getOndemand.response, await get('/api/ondemand?page=999'));
    expect(body.page).toBe(last);
    expect(body.rowCount).toBe(onDemandCount() - last * PAGE_SIZE);
  });

  it('lists every upcoming webinar, soonest first', async () => {
    const body = v.parse(catalog.getUpcoming.response, await get('/api/upcoming'));
    expect(body.totalRows).toBe(liveCount());
    // /webinars has no page number: the one page must hold them all
    expect(body.rowCount).toBe(liveCount());
  });

  it('marks the demo’s webinar under way LIVE NOW, on home and the upcoming list, and no other row', async () => {
    const underWay = pack.classes!.filter((c) => c.kind === 'live' && (c.release as { minutesFromNow?: number }).minutesFromNow! < 0).map((c) => c.hash);
    expect(underWay).toHaveLength(1);
    const home = v.parse(catalog.getHome.response, await get('/api/home'));
    expect(home.webinars.data.filter((w) => w.inProgress).map((w) => w.hash)).toEqual(underWay);
    expect(home.classes.data.filter((c) => c.inProgress)).toEqual([]);
    const upcoming = v.parse(catalog.getUpcoming.response, await get('/api/upcoming', cookie));
    expect(upcoming.data.filter((w) => w.inProgress).map((w) => w.hash)).toEqual(underWay);
  });

  it('lists tutorials and podcasts', async () => {
    const tut = v.parse(catalog.getTutorials.response, await get('/api/tutorials'));
    expect(tut.totalRows).toBe(pack.classes!.filter((c) => c.kind === 'tutorial').length);
    expect(tut.data[0]!.sponsorCompanyName).toBeTruthy();
    const pods = v.parse(catalog.getPodcasts.response, await get('/api/podcasts?page=0'));
    expect(pods.totalRows).toBe(pack.podcastShows!.flatMap((s) => s.episodes).length);
    expect(pods.featuredContent?.featuredHash).toBe(pack.featured!.podcast);
  });

  it('filters by category, by company and by keyword', async () => {
    const items = v.parse(catalog.getSearchItems.response, await get('/api/search-items'));
    expect(items.catList.map((c) => c.categoryName)).toEqual(pack.categories!.map((c) => c.name));
    expect(items.companyList).toHaveLength(pack.companies!.length);

    const cat = pack.categories![0]!;
    const catId = items.catList.find((c) => c.categoryName === cat.name)!.categoryID;
    const byCat = v.parse(catalog.getOndemand.response, await get(`/api/ondemand?cid=${catId}`));
    expect(byCat.totalRows).toBe(pack.classes!.filter((c) => c.kind !== 'live' && c.kind !== 'tutorial' && c.categories.includes(cat.key)).length);
    expect(byCat.totalRows).toBeGreaterThan(0);
    // a filtered list has no featured row: it might not match the filter
    expect(byCat.featuredContent).toMatchObject({ status: false, featuredHash: null, featuredClass: null });

    const company = items.companyList.find((c) => c.companyName === 'ImplanTech Systems')!;
    const byCo = v.parse(catalog.getTutorials.response, await get(`/api/tutorials?coid=${company.companyID}`));
    expect(byCo.data.every((c) => c.sponsorCompanyName === 'ImplanTech Systems')).toBe(true);

    const word = 'implant';
    const byWord = v.parse(catalog.getSearch.response, await get(`/api/search?q=${word}`));
    const all = [...byWord.webinars.data, ...byWord.classes.data];
    expect(all.length).toBeGreaterThan(0);
    expect(all.every((c) => `${c.className} ${c.description} ${c.speakerName} ${c.sponsorCompanyName}`.toLowerCase().includes(word))).toBe(true);
  });

  it('ignores keywords of two characters or fewer, except 3m (spec §5)', async () => {
    const all = v.parse(catalog.getOndemand.response, await get('/api/ondemand'));
    const short = v.parse(catalog.getOndemand.response, await get('/api/ondemand?q=ab'));
    expect(short.totalRows).toBe(all.totalRows);
    const wild = v.parse(catalog.getOndemand.response, await get('/api/ondemand?q=%25%25%25'));
    expect(wild.totalRows).toBe(0);
  });
});

describe('full-text search', () => {
  /** every on-demand row, page by page, unfiltered */
  async function allOndemand(q = '') {
    const rows: { hash: string; text: string }[] = [];
    for (let page = 0; ; page++) {
      const res = v.parse(catalog.getOndemand.response, await get(`/api/ondemand?page=${page}${q}`));
      rows.push(...res.data.map((c) => ({ hash: c.hash, text: `${c.className} ${c.description} ${c.speakerName} ${c.sponsorCompanyName ?? ''}`.toLowerCase() })));
      if (page + 1 >= Math.ceil(res.totalRows / res.pageSize)) return rows;
    }
  }
  const hashes = (rows: { hash: string }[]) => rows.map((r) => r.hash).sort();

  it('finds every class with a word starting with each search term, in title, speaker, sponsor or description', async () => {
    const all = await allOndemand();
    // stems as typed (Porter leaves them whole), so a plain word-prefix test is the oracle
    for (const q of ['perio', 'implant manag', 'fluorid']) {
      const terms = q.split(' ');
      const expected = all.filter((r) => terms.every((t) => new RegExp(`(^|[^a-z0-9])${t}`).test(r.text)));
      expect(expected.length, q).toBeGreaterThan(0);
      expect(hashes(await allOndemand(`&q=${encodeURIComponent(q)}`)), q).toEqual(hashes(expected));
    }
  });

  it('finds a speaker and a sponsor by name, and a plural by its stem', async () => {
    const all = await allOndemand();
    const some = all.find((r) => r.text.includes('implant'))!;
    const res = v.parse(catalog.getOndemand.response, await get(`/api/ondemand?q=implants`));
    expect(res.data.map((c) => c.hash)).toContain(some.hash);
    const first = v.parse(catalog.getOndemand.response, await get('/api/ondemand')).data[0]!;
    const bySpeaker = v.parse(catalog.getOndemand.response, await get(`/api/ondemand?q=${encodeURIComponent(first.speakerName.split(' ').at(-1)!)}`));
    expect(bySpeaker.data.map((c) => c.hash)).toContain(first.hash);
    const sponsored = all.find((r) => r.text.includes('implantech'));
    if (sponsored) expect(v.parse(catalog.getOndemand.response, await get('/api/ondemand?q=ImplanTech')).totalRows).toBeGreaterThan(0);
  });

  it('treats punctuation as a separator and small words as nothing to search for', async () => {
    for (const q of ['"perio*', 'perio:)(', "o'neil", 'AND OR NOT', 'x" OR 1=1 --']) {
      const res = await t.app.inject(`/api/search?q=${encodeURIComponent(q)}`);
      expect(res.statusCode, q).toBe(200);
    }
    expect(v.parse(catalog.getOndemand.response, await get('/api/ondemand?q=the%20and')).totalRows).toBe(0);
  });
});

describe('search by kind (issue 13)', () => {
  /** a word of `text` starts with `term`: the index's own rule, as the pack's text says it */
  const hasWordFrom = (text: string, term: string) => new RegExp(`(^|[^a-z0-9])${term}`).test(text.toLowerCase());
  const speakerName = (key: string) => pack.speakers!.find((s) => s.key === key)!.name;
  const companyName = (key?: string) => (key ? pack.companies!.find((c) => c.key === key)!.name : '');
  const classText = (c: NonNullable<Pack['classes']>[number]) => `${c.title} ${c.description} ${speakerName(c.speaker)} ${companyName(c.company)}`;
  const search = async (query: string) => v.parse(catalog.getSearch.response, await get(`/api/search${query}`));

  it('answers a keyword grouped by kind, product training and e-books included', async () => {
    const found = await search('?q=fluo');
    const tutorials = pack.classes!.filter((c) => c.kind === 'tutorial' && hasWordFrom(classText(c), 'fluo'));
    const books = pack.ebooks!.filter((b) => hasWordFrom(`${b.title} ${b.subtitle ?? ''} ${b.blurb}`, 'fluo'));
    expect(tutorials.length).toBeGreaterThan(0);
    expect(books.length).toBeGreaterThan(0);
    expect(found.tutorials.totalRows).toBe(tutorials.length);
    expect(found.tutorials.data.map((c) => c.className).sort()).toEqual(tutorials.map((c) => c.title).sort());
    expect(found.ebooks.totalRows).toBe(books.length);
    expect(found.ebooks.data.map((b) => b.title)).toEqual(books.map((b) => b.title));
    // an e-book answers in the library's own shape, so the client shows it with the library's row
    expect(found.ebooks.data[0]).toEqual(v.parse(catalog.getBooks.response, await get('/api/books')).data.find((b) => b.hash === books[0]!.hash));
    // the other kinds keep their answer: on-demand classes only, never a tutorial
    expect(found.classes.totalRows).toBe(pack.classes!.filter((c) => c.kind !== 'live' && c.kind !== 'tutorial' && hasWordFrom(classText(c), 'fluo')).length);
    expect(found.classes.data.some((c) => tutorials.some((tut) => tut.hash === c.hash))).toBe(false);
    expect(found.podcasts.totalRows).toBeGreaterThan(0);
  });

  it('finds an e-book by a word of its title or subtitle, stemmed like the classes', async () => {
    const book = pack.ebooks!.find((b) => b.title.includes('Ergonomics'))!;
    expect((await search('?q=ergonomic')).ebooks.data.map((b) => b.hash)).toEqual([book.hash]);
    // every term must match: one word of another book's title is not enough
    expect((await search('?q=ergonomics%20implant')).ebooks.data.map((b) => b.hash)).toEqual([]);
    expect((await search(`?q=${encodeURIComponent('protecting your back')}`)).ebooks.data.map((b) => b.hash)).toEqual([book.hash]);
  });

  it('without a filter lists every kind: the first rows of each and how many there are', async () => {
    const found = await search('');
    expect(found.tutorials.totalRows).toBe(pack.classes!.filter((c) => c.kind === 'tutorial').length);
    expect(found.tutorials.data).toHaveLength(6);
    expect(found.ebooks.totalRows).toBe(pack.ebooks!.length);
    expect(found.ebooks.data.map((b) => b.title)).toEqual(pack.ebooks!.slice(0, 6).map((b) => b.title));
    // a keyword the server ignores (spec §5) is no filter
    expect((await search('?q=fl')).ebooks.totalRows).toBe(pack.ebooks!.length);
  });

  it('narrows tutorials by category and company; e-books, which have neither, match no such filter', async () => {
    const items = v.parse(catalog.getSearchItems.response, await get('/api/search-items'));
    const company = items.companyList.find((c) => c.companyName === 'ImplanTech Systems')!;
    const byCo = await search(`?coid=${company.companyID}`);
    expect(byCo.tutorials.totalRows).toBe(pack.classes!.filter((c) => c.kind === 'tutorial' && companyName(c.company) === 'ImplanTech Systems').length);
    expect(byCo.tutorials.totalRows).toBeGreaterThan(0);
    expect(byCo.ebooks).toMatchObject({ totalRows: 0, data: [] });
    const cat = pack.categories!.find((c) => pack.classes!.some((k) => k.kind === 'tutorial' && k.categories.includes(c.key)))!;
    const catId = items.catList.find((c) => c.categoryName === cat.name)!.categoryID;
    const byCat = await search(`?cid=${catId}`);
    expect(byCat.tutorials.totalRows).toBe(pack.classes!.filter((c) => c.kind === 'tutorial' && c.categories.includes(cat.key)).length);
    expect(byCat.ebooks.totalRows).toBe(0);
  });

  it('shows a featured item only when it matches the search', async () => {
    const featuredClass = pack.classes!.find((c) => c.hash === pack.featured!.class)!;
    expect((await search('')).featuredContent.featuredClass?.hash).toBe(featuredClass.hash);
    // 'fluo' finds the featured podcast (silver diamine fluoride) but not the featured class
    expect(hasWordFrom(classText(featuredClass), 'fluo')).toBe(false);
    const fluo = await search('?q=fluo');
    expect(fluo.featuredContent.featuredClass).toBeNull();
    expect(fluo.featuredContent.featuredPodcast?.hash).toBe(pack.featured!.podcast);
    const word = featuredClass.title.split(' ').find((w) => w.length > 5)!.toLowerCase();
    expect((await search(`?q=${encodeURIComponent(word)}`)).featuredContent.featuredClass?.hash).toBe(featuredClass.hash);
    expect((await search('?q=xylophone')).featuredContent).toMatchObject({ status: false, featuredClass: null, featuredPodcast: null });
  });
});

describe('one item', () => {
  it('returns a class with no answer keys and no meeting code for visitors', async () => {
    const live = pack.classes!.find((c) => c.kind === 'live' && c.meetingCode)!;
    const res = await t.app.inject(`/api/class?c=${live.hash}`);
    const body = v.parse(classes.getClass.response, json(res));
    expect(body.classObj.className).toBe(live.title);
    expect(body.classObj.zoomCode).toBeNull();
    expect(body.classObj.meetingReady).toBe(true);
    expect(body.studentData).toBeNull();
    expect(res.body).not.toMatch(/correct/i);
  });

  it('gives a seat holder the meeting code and their own class data', async () => {
    const demo = pack.students!.find((s) => s.username === 'demostudent')!;
    const reservedHash = demo.seats!.find((s) => !s.waiting)!.class;
    const body = v.parse(classes.getClass.response, await get(`/api/class?c=${reservedHash}`, cookie));
    expect(body.studentData).toMatchObject({ isReserved: true, hasSeat: true, isWaiting: false });
    expect(body.studentData!.attendeeId).toBeGreaterThan(0);
    expect(body.classObj.zoomCode).toBe(pack.classes!.find((c) => c.hash === reservedHash)!.meetingCode ?? null);
  });

  it('keeps the session alive while it is used (idle timeout slides, absolute one does not)', async () => {
    const row = () => t.database.db.selectFrom('sessions').select(['lastSeenAt', 'expiresAt']).where('tokenHash', '=', hashToken(TOKEN)).executeTakeFirstOrThrow();
    const before = await row();
    t.clock.advance(2 * 3600_000);
    await get('/api/home', cookie);
    const after = await row();
    expect(after.lastSeenAt).toBe(new Date(t.clock.now()).toISOString());
    expect(after.expiresAt).toBe(before.expiresAt);
    t.clock.advance(-2 * 3600_000);
  });

  it('does not open an on-demand class before its release', async () => {
    const video = pack.classes!.find((c) => c.kind === 'video')!;
    const future = new Date(t.clock.now() + 86_400_000).toISOString();
    await t.database.db.updateTable('classes').set({ releaseDate: future }).where('hash', '=', video.hash).execute();
    const res = await t.app.inject(`/api/class?c=${video.hash}`);
    expect(res.statusCode).toBe(404);
    expect(json(res).errorMsg).toBe('No class selected.');
    // a visitor's list may be up to 5 s old (the anonymous catalogue cache)
    t.clock.advance(5001);
    const list = await get('/api/ondemand?page=0');
    expect(list.data.map((c: { hash: string }) => c.hash)).not.toContain(video.hash);
  });

  it("says each class's steps from the view to the exam, counting only the sponsored video and survey it has", async () => {
    const stepsOf = async (hash: string) => v.parse(classes.getClass.response, await get(`/api/class?c=${hash}`)).classObj.steps;
    // (not the first on-demand class: the test before puts its release in the future)
    const cs = pack.classes!;
    expect(await stepsOf(cs.filter((c) => c.kind === 'video' && c.sponsoredVideo && c.survey).at(-1)!.hash)).toEqual(['view', 'evaluation', 'sva', 'survey', 'exam']);
    expect(await stepsOf(cs.filter((c) => c.kind === 'video' && !c.sponsoredVideo && c.survey).at(-1)!.hash)).toEqual(['view', 'evaluation', 'survey', 'exam']);
    expect(await stepsOf(cs.find((c) => c.kind === 'live' && !c.sponsoredVideo && !c.survey)!.hash)).toEqual(['start', 'attendance', 'evaluation', 'exam']);
    expect(await stepsOf(cs.find((c) => c.kind === 'tutorial')!.hash)).toEqual([]);
  });

  it('answers an unknown class with the spec’s message', async () => {
    const res = await t.app.inject('/api/class?c=no-such-class');
    expect(res.statusCode).toBe(404);
    expect(json(res).errorMsg).toBe('No class selected.');
  });

  it('returns an episode with its transcript, and its series', async () => {
    const show = pack.podcastShows![0]!;
    const ep = show.episodes[0]!;
    const body = v.parse(podcasts.getPodcast.response, await get(`/api/podcast?p=${ep.hash}`));
    expect(body.podcast).toMatchObject({ title: ep.title, podcastShowHash: show.hash, mp3: ep.mp3, transcript: ep.transcript });
    const series = v.parse(podcasts.getPodcastShow.response, await get(`/api/podcast-show?ps=${show.hash}`));
    expect(series.data[0]!.title).toBe(show.title);
    expect(series.podcasts.data.map((p) => p.hash).sort()).toEqual(show.episodes.map((e) => e.hash).sort());
    expect(series.bannerAds.bannerAds.length).toBeGreaterThan(0);
  });

  it('returns e-books, blurbs and the account lookup lists', async () => {
    const books = v.parse(catalog.getBooks.response, await get('/api/books'));
    expect(books.data.map((b) => b.title)).toEqual(pack.ebooks!.map((b) => b.title));
    const terms = v.parse(catalog.getBlurb.response, await get('/api/blurb?code=terms'));
    expect(terms.data[0]!.blurb).toContain('<h2');
    expect((await t.app.inject('/api/blurb?code=nothing')).statusCode).toBe(404);
    const items = await get('/api/account-items');
    expect(items.states.length).toBeGreaterThanOrEqual(51);
    expect(items.jobTitles.map((j: { label: string }) => j.label)).toContain('Dental Hygienist');
  });
});

describe('e-books', () => {
  it('opens an e-book only for a logged-in student and records each download', async () => {
    const book = pack.ebooks![0]!;
    const pdf = `/media/${book.pdf}`;
    const anonymous = await t.app.inject(pdf);
    expect(anonymous.statusCode).toBe(302);
    expect(anonymous.headers.location).toBe('/login?rurl=%2Febooks');
    const mine = await t.app.inject({ url: pdf, headers: cookie });
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['content-type']).toBe('application/pdf');
    expect(mine.headers['cache-control']).toBe('private, max-age=86400');
    expect(mine.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // a course PDF is not an e-book: the classroom shows it to anyone
    const coursePdf = pack.classes!.find((c) => c.pdf)!.pdf!;
    expect((await t.app.inject(`/media/${coursePdf}`)).statusCode).toBe(200);

    const record = (h: string, headers: Record<string, string> = {}) =>
      t.app.inject({ method: 'POST', url: '/api/book-response-mvp', headers: { 'content-type': 'application/json', ...headers }, payload: { h } });
    expect((await record(book.hash)).statusCode).toBe(401);
    expect(json(await record(book.hash, cookie))).toEqual({ status: true });
    expect((await record('no-such-book', cookie)).statusCode).toBe(404);
    const downloads = await t.database.db.selectFrom('ebookDownloads as d').innerJoin('ebooks as e', 'e.id', 'd.ebookId').select('e.hash').execute();
    expect(downloads).toEqual([{ hash: book.hash }]);
  });
});

describe('the anonymous catalogue cache', () => {
  it('serves visitors one answer for 5 seconds, and students always a fresh one', async () => {
    const book = pack.ebooks![1]!;
    const title = async (headers: Record<string, string> = {}) => (await get('/api/books', headers)).data.find((b: { hash: string }) => b.hash === book.hash).title;
    expect(await title()).toBe(book.title);
    await t.database.db.updateTable('ebooks').set({ title: 'Renamed for the cache test' }).where('hash', '=', book.hash).execute();
    expect(await title()).toBe(book.title);
    expect(await title(cookie)).toBe('Renamed for the cache test');
    t.clock.advance(5001);
    expect(await title()).toBe('Renamed for the cache test');
    await t.database.db.updateTable('ebooks').set({ title: book.title }).where('hash', '=', book.hash).execute();
  });
});
