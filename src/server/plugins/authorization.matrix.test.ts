// The authorization matrix, generated from the contract (issue 18; security.md "How we test it"): every route of
// src/shared/api × {anonymous, the owner, another student}, each with a real request built by the route's fixture
// (contract-fixtures.test-support.ts) for student A, who holds real data (seats, Watch Later, a certificate, exam
// attempts, listening, a profile), as does student B. A route with no fixture fails the first test by name.
//
// Each cell is one request, and its expectation follows from the contract alone:
// - anonymous on a 'student' route: 401; anonymous naming A (`s`, or the route's identityField) on an 'optional'
//   route: 401;
// - A on A's own request: 2xx (the fixture is a real request, so the refusals below mean something);
// - B naming A: 403 "This record belongs to another student.";
// - B sending A's request without naming A: B's own answer (the route scopes it to the session), or, when it names
//   something only A has (A's certificate, A's seat), the refusal the fixture records (404, 403, 409);
// - a visitor sending it to a 'public' or 'optional' route: whatever the route answers, but never 5xx.
// And in every cell but A's own: no value of A's (username, e-mail, hash, surname, cancel codes, certificate
// numbers) in the answer (a PDF is read as text), and none of A's rows changed, unless the request carries a
// secret of A's (a password, a link's token, a cancel code, a certificate number): then the fixture says so, and
// which of A's values its answer may show. Recover adds a reset link to A's rows whoever asks, by design (the link
// goes to A's address only); its fixture says so. A's values are the username, e-mail, hash, surname, phone, street
// address, AGD number, cancel codes and certificate numbers.
//
// Media (/media/*, outside the contract) has its own cells: a public file for everyone, an e-book only for a
// student (a visitor is sent to log in), and a student's private file (uploads go under private/) for nobody,
// A included, however its URL is spelled: private files are served only by their own routes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANOTHER_STUDENT, type Endpoint } from '#shared/api/endpoint';
import { pdfText } from '../pdf-text.test-support.ts';
import { storageOf } from '../storage/storage.ts';
import { buildTestApp, type TestApp } from '../test-support.ts';
import { buildWorld, contractFixtures, fixtureGaps, giveRealData, inject, named, STUDENT_TABLES, tableRows, type Fixture, type Holdings, type Request, type Secrets, type Student, type World } from '../contract-fixtures.test-support.ts';

let t: TestApp;
let w: World;
let A: Student;
let B: Student;
const held = new Map<number, Holdings>();
let fixtures: Fixture[];

beforeAll(async () => {
  t = await buildTestApp();
  w = await buildWorld(t);
  [A, B] = [await w.student('alice'), await w.student('bruno')];
  const [c0, c1, c2] = w.courses as [typeof w.courses[0], typeof w.courses[0], typeof w.courses[0]];
  held.set(A.id, await giveRealData(w, A, c0, c1));
  // B's data differs from A's: another class completed, another failed
  held.set(B.id, await giveRealData(w, B, c1, c2));
  fixtures = contractFixtures(w, (s) => held.get(s.id)!);
});
afterAll(async () => t?.close());

// ---- what identifies A, and what A owns ----------------------------------------------------------------------

/** A's rows in every table, A's own record included: a request that is not A's must leave them as they were */
async function rowsOf(s: Student): Promise<string> {
  const out: string[] = [JSON.stringify(await t.database.db.selectFrom('students').selectAll().where('id', '=', s.id).executeTakeFirst())];
  for (const table of STUDENT_TABLES) out.push(`${table}: ${await tableRows(t, table, s.id)}`);
  return out.join('\n');
}

/** A's values found in an answer, except those the fixture says its answer may show */
function leaks(text: string, secrets: Secrets, allowed: (keyof Secrets)[] = []): string[] {
  const found: string[] = [];
  for (const [field, value] of Object.entries(secrets) as [keyof Secrets, string | string[]][]) {
    if (allowed.includes(field)) continue;
    for (const x of [value].flat()) if (x && text.includes(x)) found.push(`${field} ${x}`);
  }
  return found;
}

async function answerText(res: { headers: Record<string, unknown>; body: string; rawPayload: Buffer }): Promise<string> {
  if (String(res.headers['content-type']).startsWith('application/pdf')) return `${await pdfText(new Uint8Array(res.rawPayload))}\n${res.body}`;
  return `${JSON.stringify(res.headers)}\n${res.body}`;
}

// ---- the cells ----------------------------------------------------------------------------------------------

type Actor = 'anonymous' | 'owner' | 'another student';
interface Cell {
  fixture: Fixture;
  actor: Actor;
  /** the request names A in its identity field */
  naming: boolean;
}
interface Outcome {
  cell: string;
  status: number;
  problems: string[];
  /** in the owner's cells: which of A's values the answer shows (proof that the scan finds them) */
  shows?: string[];
}

const identityField = (ep: Endpoint) => ep.identityField ?? 's';
const schemaKeys = (ep: Endpoint): string[] => Object.keys(((ep.method === 'GET' ? ep.query : ep.body) as { entries?: object } | undefined)?.entries ?? {});
const takesIdentity = (ep: Endpoint) => schemaKeys(ep).includes(identityField(ep));

function cellsOf(fixture: Fixture): Cell[] {
  const named_ = takesIdentity(fixture.endpoint);
  const cells: Cell[] = [{ fixture, actor: 'owner', naming: named_ }];
  for (const actor of ['anonymous', 'another student'] as const) {
    if (named_) cells.push({ fixture, actor, naming: true });
    cells.push({ fixture, actor, naming: false });
  }
  return cells;
}

/** the request as built for A, naming A or not */
function shaped(ep: Endpoint, req: Request, naming: boolean): Request {
  const field = identityField(ep);
  const strip = <T extends Record<string, unknown>>(o: T | undefined): T | undefined => {
    if (!o) return o;
    const { [field]: _, ...rest } = o;
    return (naming ? { ...rest, [field]: A.hash } : rest) as T;
  };
  if (!takesIdentity(ep)) return req;
  // an upload keeps its file: only the identity field changes
  return ep.method === 'GET' ? { ...req, query: strip(req.query) as Record<string, string> } : { ...req, body: strip(req.body) };
}

const label = (c: Cell) => `${named(c.fixture.endpoint)} as ${c.actor}${c.naming ? ' naming A' : takesIdentity(c.fixture.endpoint) ? ' not naming A' : ''}`;

async function run(cell: Cell): Promise<Outcome> {
  const { fixture, actor, naming } = cell;
  const ep = fixture.endpoint;
  const req = shaped(ep, await fixture.build(A), naming);
  const cookie = actor === 'owner' ? await w.session(A) : actor === 'another student' ? await w.session(B) : undefined;
  const before = actor === 'owner' ? '' : await rowsOf(A);
  const res = await inject(t, ep, req, cookie);
  const problems: string[] = [];
  const ok = res.statusCode >= 200 && res.statusCode < 300;
  if (res.statusCode >= 500) problems.push(`${res.statusCode}: ${res.body.slice(0, 200)}`);

  if (actor === 'owner') {
    if (!ok) problems.push(`the owner's own request answered ${res.statusCode}: ${res.body.slice(0, 200)}`);
    const shows = leaks(await answerText(res), await w.secrets(A)).map((x) => x.split(' ')[0]!);
    return { cell: label(cell), status: res.statusCode, problems, shows };
  }
  let expected: number | null = null;
  if (actor === 'anonymous' && ep.access === 'student') expected = 401;
  else if (actor === 'anonymous' && naming && ep.access === 'optional') expected = 401;
  else if (actor === 'another student' && naming) expected = 403;
  else if (actor === 'another student' && fixture.stranger) expected = fixture.stranger;
  if (expected !== null && res.statusCode !== expected) problems.push(`expected ${expected}, got ${res.statusCode}: ${res.body.slice(0, 200)}`);
  if (actor === 'another student' && naming && res.statusCode === 403 && JSON.parse(res.body).errorMsg !== ANOTHER_STUDENT) problems.push(`403 without "${ANOTHER_STUDENT}": ${res.body}`);

  const secrets = await w.secrets(A);
  const found = leaks(await answerText(res), secrets, fixture.bearer?.reveals);
  if (found.length) problems.push(`A's data in the answer: ${found.join(', ')}`);
  // a bearer of A's secret acts as A, by design: what it changes is A's
  if (!fixture.bearer && !fixture.changesOwnerRows && (await rowsOf(A)) !== before) problems.push("A's rows changed");
  return { cell: label(cell), status: res.statusCode, problems };
}

// ---- the tests ----------------------------------------------------------------------------------------------

describe('the authorization matrix, generated from the contract (issue 18)', () => {
  it('every endpoint of the contract has a fixture that builds a real request', () => {
    const gaps = fixtureGaps(fixtures);
    expect(gaps.missing, 'endpoints with no fixture: add one to contractFixtures (contract-fixtures.test-support.ts)').toEqual([]);
    expect(gaps.unknown).toEqual([]);
    expect(gaps.twice).toEqual([]);
  });

  it('every cell answers as the contract says, with no other student\u2019s data and none of their rows changed', async () => {
    // reads first, then writes: a write of the matrix then never decides what a read finds
    const ordered = [...fixtures].sort((a, b) => Number(a.endpoint.method === 'POST') - Number(b.endpoint.method === 'POST'));
    const outcomes: Outcome[] = [];
    for (const fixture of ordered) for (const cell of cellsOf(fixture)) outcomes.push(await run(cell));

    const byStatus = new Map<string, number>();
    for (const o of outcomes) byStatus.set(String(o.status), (byStatus.get(String(o.status)) ?? 0) + 1);
    const failed = outcomes.filter((o) => o.problems.length);
    console.log(
      `authorization matrix: ${outcomes.length} cells over ${fixtures.length} routes; answers ${[...byStatus].sort().map(([s, n]) => `${s}×${n}`).join(', ')}; unexpected: ${failed.length}`,
    );
    if (process.env.MATRIX_VERBOSE) for (const o of outcomes) console.log(`${o.status} ${o.cell}`);
    expect(failed.map((o) => `${o.cell}: ${o.problems.join('; ')}`)).toEqual([]);
    // the matrix proves something only if it ran: three actors for every route at least
    expect(outcomes.length).toBeGreaterThanOrEqual(fixtures.length * 3);
    // and the scan finds A's values where they belong: in A's own answers, a PDF's text included
    const shows = (cell: string) => new Set(outcomes.find((o) => o.cell === cell)?.shows);
    expect(shows('GET /api/profile as owner naming A')).toEqual(new Set(['username', 'email', 'hash', 'name', 'phone', 'address', 'agdNumber']));
    expect(shows('GET /api/class as owner naming A')).toContain('cancelCodes');
    // a certificate prints its student's AGD member number as it stood at the pass (decision 0009's addendum)
    expect(shows('GET /api/certificate as owner naming A')).toEqual(new Set(['name', 'certificateCodes', 'agdNumber']));
    expect(shows('GET /api/certificate-pdf as owner naming A')).toEqual(new Set(['name', 'certificateCodes', 'agdNumber']));
  }, 120_000);

  it('media: a public file to everyone, an e-book to students only, a private file to nobody through /media', async () => {
    const storage = storageOf(t.config);
    const ebook = (await t.database.db.selectFrom('ebooks').select('pdf').orderBy('id').executeTakeFirstOrThrow()).pdf;
    const files = { public: 'audio/matrix-public.mp3', ebook, private: `private/${A.id}/license-proof.pdf` };
    const secrets = await w.secrets(A);
    const bytes = { public: Buffer.from('ID3 an episode'), ebook: Buffer.from('%PDF-1.7 an e-book'), private: Buffer.from(`%PDF-1.7 ${secrets.name} ${secrets.agdNumber} ${secrets.phone} ${secrets.address}`) };
    for (const k of ['public', 'ebook', 'private'] as const) await storage.put(files[k], bytes[k]);
    const p = files.private;
    const privateUrls = [p, `audio/../${p}`, `./${p}`, p.replace('private', '%70rivate'), p.replace('private', 'PRIVATE'), p.replace('private/', 'private%2F'), `${p}?download=1`];

    const outcomes: Outcome[] = [];
    for (const actor of ['anonymous', 'owner', 'another student'] as const) {
      const cookie = actor === 'owner' ? await w.session(A) : actor === 'another student' ? await w.session(B) : undefined;
      const get = (url: string) => t.app.inject({ url: `/media/${url}`, headers: cookie ? { cookie } : {} });
      const cell = async (what: string, url: string, check: (res: Awaited<ReturnType<typeof get>>) => string[]) => {
        const res = await get(url);
        const problems = check(res);
        if (res.statusCode >= 500) problems.push(`${res.statusCode}`);
        if (actor !== 'owner') {
          const found = leaks(`${JSON.stringify(res.headers)}\n${res.body}`, secrets);
          if (found.length) problems.push(`A's data in the answer: ${found.join(', ')}`);
        }
        outcomes.push({ cell: `GET /media/${url} (${what}) as ${actor}`, status: res.statusCode, problems });
      };
      const exactly = (want: Buffer) => (res: Awaited<ReturnType<typeof get>>) => (res.statusCode === 200 && res.rawPayload.equals(want) ? [] : [`expected its bytes, got ${res.statusCode}`]);
      await cell('public', files.public, exactly(bytes.public));
      await cell('e-book', files.ebook, (res) =>
        actor === 'anonymous'
          ? res.statusCode === 302 && res.headers.location === '/login?rurl=%2Febooks' && !res.rawPayload.includes(bytes.ebook)
            ? []
            : [`expected 302 to log in, got ${res.statusCode} ${String(res.headers.location)}`]
          : exactly(bytes.ebook)(res),
      );
      for (const url of privateUrls) await cell('private', url, (res) => (res.statusCode === 404 && res.body === 'Not found.' ? [] : [`expected 404, got ${res.statusCode}`]));
    }
    const failed = outcomes.filter((o) => o.problems.length);
    console.log(`authorization matrix, media: ${outcomes.length} cells (a public file, an e-book, ${privateUrls.length} spellings of a private file × 3 actors); unexpected: ${failed.length}`);
    expect(failed.map((o) => `${o.cell}: ${o.problems.join('; ')}`)).toEqual([]);
  });
});
