// The one way content enters the database: `content:import` and the demo seed both call importPack.
// Additive: an item whose hash or key already exists is kept as it is and reported as skipped.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Insertable, Kysely, Transaction } from 'kysely';
import { CLASS_TYPE, VPAD_SLOT } from '#shared/domain/constants';
import { webinarEndMs } from '#shared/domain/countdown';
import { randomHash } from '../db/ids.ts';
import { rebuildSearchIndex } from '../db/search-index.ts';
import type { DB } from '../db/schema.ts';
import { hashPassword } from '../modules/auth/password.ts';
import { issueCertificate } from '../modules/certificates/certificates.service.ts';
import type { Storage } from '../storage/storage.ts';
import { syncPresets } from '../modules/license/presets.ts';
import type { LoadedPack } from './load-pack.ts';
import type { PackClass, PackExam } from './pack-schema.ts';
import { isoAt } from '../clock.ts';

export interface ImportOptions {
  now: number;
  /** where the pack's media/ is copied; served at /media/ */
  storage: Storage;
  passwordHashCost: number;
}

export interface ImportReport {
  added: Record<string, number>;
  skipped: Record<string, number>;
}

const KIND_TYPE: Record<PackClass['kind'], number> = { live: CLASS_TYPE.LIVE, video: CLASS_TYPE.PRODUCED, pdf: CLASS_TYPE.PDF, archive: CLASS_TYPE.ARCHIVE, tutorial: CLASS_TYPE.PRODUCED };

const whenMs = (w: { at: string } | { minutesFromNow: number }, now: number) => ('at' in w ? Date.parse(w.at) : now + w.minutesFromNow * 60_000);

export async function importPack(db: Kysely<DB>, loaded: LoadedPack, opts: ImportOptions): Promise<ImportReport> {
  const { pack } = loaded;
  const report: ImportReport = { added: {}, skipped: {} };
  const count = (what: 'added' | 'skipped', kind: string) => (report[what][kind] = (report[what][kind] ?? 0) + 1);
  const nowIso = isoAt(opts.now);

  // measured lengths of generated audio beat the pack's estimates
  const durationsFile = path.join(loaded.dir, 'media', 'audio', 'durations.json');
  const durations: Record<string, number> = existsSync(durationsFile) ? JSON.parse(readFileSync(durationsFile, 'utf8')) : {};

  // hash passwords before the transaction: slow work never holds the write lock
  const passwords = new Map<string, string>();
  for (const st of pack.students ?? []) passwords.set(st.username, await hashPassword(st.password, opts.passwordHashCost));

  await db.transaction().execute(async (trx) => {
    const idByKey = async (table: 'categories' | 'companies' | 'speakers' | 'surveys' | 'svas', key: string | undefined) => {
      if (key === undefined) return null;
      const row = await trx.selectFrom(table).select('id').where('key', '=', key).executeTakeFirst();
      if (!row) throw new Error(`${table} "${key}" not found`);
      return row.id;
    };
    const exists = async (table: 'categories' | 'companies' | 'speakers' | 'surveys' | 'svas' | 'ads', key: string) =>
      Boolean(await trx.selectFrom(table).select('id').where('key', '=', key).executeTakeFirst());

    for (const [i, c] of (pack.categories ?? []).entries()) {
      if (await exists('categories', c.key)) count('skipped', 'categories');
      else await trx.insertInto('categories').values({ key: c.key, name: c.name, position: i }).execute(), count('added', 'categories');
    }
    for (const c of pack.companies ?? []) {
      if (await exists('companies', c.key)) count('skipped', 'companies');
      else await trx.insertInto('companies').values({ key: c.key, name: c.name, logo: c.logo ?? null, website: c.website ?? null }).execute(), count('added', 'companies');
    }
    for (const s of pack.speakers ?? []) {
      if (await exists('speakers', s.key)) count('skipped', 'speakers');
      else await trx.insertInto('speakers').values({ key: s.key, name: s.name, credentials: s.credentials ?? null, bio: s.bio ?? null, photo: s.photo ?? null }).execute(), count('added', 'speakers');
    }
    if (pack.lookups) {
      for (const [list, items] of Object.entries(pack.lookups)) {
        for (const [position, item] of items.entries()) {
          const has = await trx.selectFrom('lookups').select('id').where('list', '=', list).where('value', '=', item.value).executeTakeFirst();
          if (!has) await trx.insertInto('lookups').values({ list, value: item.value, label: item.label, position }).execute();
        }
      }
    }
    for (const s of pack.surveys ?? []) {
      if (await exists('surveys', s.key)) {
        count('skipped', 'surveys');
        continue;
      }
      const { id } = await trx.insertInto('surveys').values({ key: s.key, hash: s.key, submitLabel: s.submitLabel }).returning('id').executeTakeFirstOrThrow();
      for (const [qi, q] of s.questions.entries()) {
        const qHash = `${s.key}-q${qi + 1}`;
        const { id: qid } = await trx.insertInto('surveyQuestions').values({ surveyId: id, hash: qHash, position: qi, question: q.question, type: q.type }).returning('id').executeTakeFirstOrThrow();
        for (const [oi, label] of q.options.entries()) await trx.insertInto('surveyOptions').values({ questionId: qid, hash: `${qHash}-o${oi + 1}`, position: oi, label }).execute();
      }
      count('added', 'surveys');
    }
    for (const s of pack.sponsoredVideos ?? []) {
      if (await exists('svas', s.key)) count('skipped', 'sponsoredVideos');
      else {
        await trx
          .insertInto('svas')
          .values({ key: s.key, companyId: (await idByKey('companies', s.company))!, youtubeId: s.youtubeId ?? null, videoFile: s.video ?? null, headline: s.headline, blurb: s.blurb, buttonYes: s.buttonYes, buttonNo: s.buttonNo })
          .execute();
        count('added', 'sponsoredVideos');
      }
    }

    const insertExam = async (exam: PackExam, ref: { classId: number } | { podcastId: number }) => {
      const { id } = await trx
        .insertInto('exams')
        .values({ classId: 'classId' in ref ? ref.classId : null, podcastId: 'podcastId' in ref ? ref.podcastId : null, minScore: exam.minScore })
        .returning('id')
        .executeTakeFirstOrThrow();
      for (const [position, q] of exam.questions.entries()) {
        const o = (n: number) => q.options[n] ?? null;
        await trx
          .insertInto('examQuestions')
          .values({ examId: id, position, question: q.question, option1: o(0), option2: o(1), option3: o(2), option4: o(3), option5: o(4), option6: o(5), correctOption: q.correct })
          .execute();
      }
    };

    for (const c of pack.classes ?? []) {
      if (await trx.selectFrom('classes').select('id').where('hash', '=', c.hash).executeTakeFirst()) {
        count('skipped', 'classes');
        // topics came after the classes (issue 19): a later pack may tag a class already here that has none
        if (c.topics) await trx.updateTable('classes').set({ topics: JSON.stringify(c.topics) }).where('hash', '=', c.hash).where('topics', 'is', null).execute();
        continue;
      }
      const release = whenMs(c.release, opts.now);
      const { id } = await trx
        .insertInto('classes')
        .values({
          hash: c.hash,
          typeId: KIND_TYPE[c.kind],
          isTutorial: c.kind === 'tutorial' ? 1 : 0,
          name: c.title,
          speakerId: (await idByKey('speakers', c.speaker))!,
          companyId: await idByKey('companies', c.company),
          description: c.description,
          photo: c.photo,
          credits: c.credits,
          ceTypeId: c.ceType,
          releaseDate: isoAt(release),
          // the one notion of a webinar's end, which the course gate and the live page use too
          endDate: isoAt(webinarEndMs({ releaseDate: isoAt(release), durationMin: c.durationMin })),
          durationMin: c.durationMin,
          youtubeId: c.youtubeId ?? null,
          videoFile: c.video ?? null,
          pdfFile: c.pdf ?? null,
          zoomCode: c.meetingCode ?? null,
          capacity: c.kind === 'live' ? (c.capacity ?? 100) : null,
          agdCode: c.agdCode ?? null,
          agdCategory: c.agdCategory ?? null,
          learningObjectives: c.learningObjectives ? JSON.stringify(c.learningObjectives) : null,
          surveyId: await idByKey('surveys', c.survey),
          svaId: await idByKey('svas', c.sponsoredVideo),
          topics: c.topics ? JSON.stringify(c.topics) : null,
          // demo webinars keep their offset so each start can move them back to "soon" (decisions.md)
          demoOffsetMin: pack.demo && c.kind === 'live' && 'minutesFromNow' in c.release ? c.release.minutesFromNow : null,
          createdAt: nowIso,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      for (const key of c.categories) await trx.insertInto('classCategories').values({ classId: id, categoryId: (await idByKey('categories', key))! }).execute();
      if (c.exam) await insertExam(c.exam, { classId: id });
      count('added', 'classes');
    }

    for (const s of pack.podcastShows ?? []) {
      let show = await trx.selectFrom('podcastShows').select('id').where('hash', '=', s.hash).executeTakeFirst();
      if (show) count('skipped', 'podcastShows');
      else {
        show = await trx.insertInto('podcastShows').values({ hash: s.hash, title: s.title, companyId: await idByKey('companies', s.company), photo: s.photo, blurb: s.blurb }).returning('id').executeTakeFirstOrThrow();
        count('added', 'podcastShows');
      }
      for (const e of s.episodes) {
        if (await trx.selectFrom('podcasts').select('id').where('hash', '=', e.hash).executeTakeFirst()) {
          count('skipped', 'podcasts');
          if (e.topics) await trx.updateTable('podcasts').set({ topics: JSON.stringify(e.topics) }).where('hash', '=', e.hash).where('topics', 'is', null).execute();
          continue;
        }
        const { id } = await trx
          .insertInto('podcasts')
          .values({
            hash: e.hash,
            showId: show.id,
            title: e.title,
            speakerId: (await idByKey('speakers', e.speaker))!,
            blurb: e.blurb,
            description: e.description,
            releaseDate: isoAt(whenMs(e.release, opts.now)),
            durationSec: durations[e.hash] ?? e.durationSec,
            credits: e.credits,
            ceTypeId: e.credits > 0 ? 1 : 0,
            mp3: e.mp3,
            photo: e.photo ?? null,
            transcript: e.transcript,
            topics: e.topics ? JSON.stringify(e.topics) : null,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        for (const key of e.categories) await trx.insertInto('podcastCategories').values({ podcastId: id, categoryId: (await idByKey('categories', key))! }).execute();
        if (e.exam) await insertExam(e.exam, { podcastId: id });
        count('added', 'podcasts');
      }
    }

    for (const [position, b] of (pack.ebooks ?? []).entries()) {
      if (await trx.selectFrom('ebooks').select('id').where('hash', '=', b.hash).executeTakeFirst()) count('skipped', 'ebooks');
      else {
        await trx.insertInto('ebooks').values({ hash: b.hash, title: b.title, subtitle: b.subtitle ?? null, blurb: b.blurb, thumbnail: b.thumbnail, pdf: b.pdf, buttonText: b.buttonText ?? null, position }).execute();
        count('added', 'ebooks');
      }
    }
    for (const a of pack.ads ?? []) {
      if (await exists('ads', a.key)) {
        count('skipped', 'ads');
        continue;
      }
      const { id } = await trx
        .insertInto('ads')
        .values({ key: a.key, companyId: (await idByKey('companies', a.company))!, buttonText: a.buttonText, blurb: a.blurb, confirmationTitle: a.confirmationTitle, confirmationMessage: a.confirmationMessage, active: 1 })
        .returning('id')
        .executeTakeFirstOrThrow();
      for (const [position, url] of a.banners.entries()) await trx.insertInto('adBanners').values({ adId: id, position, url }).execute();
      count('added', 'ads');
    }
    for (const p of pack.adPlacements ?? []) {
      await trx.deleteFrom('adPlacements').where('list', '=', p.list).execute();
      await trx.insertInto('adPlacements').values({ list: p.list, indexStart: p.indexStart, interval: p.interval }).execute();
    }
    if (pack.featured) {
      const cls = pack.featured.class ? await trx.selectFrom('classes').select('id').where('hash', '=', pack.featured.class).executeTakeFirstOrThrow() : null;
      const pod = pack.featured.podcast ? await trx.selectFrom('podcasts').select('id').where('hash', '=', pack.featured.podcast).executeTakeFirstOrThrow() : null;
      if (cls) {
        await trx.updateTable('featuredContent').set({ active: 0 }).where('slotType', '=', VPAD_SLOT.FEATURED_CLASS).execute();
        await trx.insertInto('featuredContent').values({ slotType: VPAD_SLOT.FEATURED_CLASS, classId: cls.id, podcastId: null, active: 1, position: 0 }).execute();
      }
      if (pod) {
        await trx.updateTable('featuredContent').set({ active: 0 }).where('slotType', '=', VPAD_SLOT.FEATURED_PODCAST).execute();
        await trx.insertInto('featuredContent').values({ slotType: VPAD_SLOT.FEATURED_PODCAST, classId: null, podcastId: pod.id, active: 1, position: 0 }).execute();
      }
    }
    for (const b of pack.blurbs ?? []) {
      await trx.deleteFrom('blurbs').where('code', '=', b.code).execute();
      await trx.insertInto('blurbs').values({ code: b.code, html: b.html, updatedAt: nowIso }).execute();
    }

    // before the students: the demo's certificates are issued with the statements that cover them
    for (const a of pack.accreditations ?? []) {
      const has = await trx.selectFrom('accreditations').select('id').where('provider', '=', a.provider).where('approvalBody', '=', a.approvalBody).where('validFrom', '=', a.validFrom).executeTakeFirst();
      if (has) count('skipped', 'accreditations');
      else {
        await trx.insertInto('accreditations').values({ provider: a.provider, approvalBody: a.approvalBody, statement: a.statement, validFrom: a.validFrom, validThrough: a.validThrough, createdAt: nowIso }).execute();
        count('added', 'accreditations');
      }
    }

    // presets are replaced, not skipped: a pack carries the latest reading of each source (modules/license/presets.ts)
    if (pack.licensePresets?.length) {
      const synced = await syncPresets(trx, pack.licensePresets, nowIso);
      if (synced.changed) report.added.licensePresets = synced.changed;
      if (synced.unchanged) report.skipped.licensePresets = synced.unchanged;
    }

    for (const st of pack.students ?? []) {
      if (await trx.selectFrom('students').select('id').where('username', '=', st.username).executeTakeFirst()) {
        count('skipped', 'students');
        continue;
      }
      const studentId = await insertStudent(trx, { ...st, passwordHash: passwords.get(st.username)! }, nowIso);
      await seedStudentRecords(trx, studentId, st, opts.now);
      count('added', 'students');
    }
    // the search sees exactly what this import committed
    await rebuildSearchIndex(trx.withoutPlugins());
  });

  const mediaSrc = path.join(loaded.dir, 'media');
  if (existsSync(mediaSrc)) await opts.storage.importFolder(mediaSrc);
  return report;
}

type PackStudent = NonNullable<LoadedPack['pack']['students']>[number];

async function insertStudent(trx: Transaction<DB>, st: Omit<PackStudent, 'password'> & { passwordHash: string | null }, nowIso: string): Promise<number> {
  const { id } = await trx
    .insertInto('students')
    .values({
      hash: randomHash(),
      username: st.username,
      // '!' matches no scrypt string: an account nobody can log in to
      passwordHash: st.passwordHash ?? '!',
      title: st.title,
      firstname: st.firstname,
      lastname: st.lastname,
      jobTitle: st.jobTitle,
      officeName: st.officeName,
      address: st.address,
      city: st.city,
      state: st.state,
      zip: st.zip,
      country: st.country,
      phone: st.phone,
      email: st.email.toLowerCase(),
      email2: st.email2 ?? null,
      agdNumber: st.agdNumber ?? null,
      certYear: st.certYear,
      gender: st.gender,
      ageRange: st.ageRange,
      officeSize: st.officeSize,
      sourceHeard: st.sourceHeard,
      consentRemovedAt: null,
      createdAt: nowIso,
      updatedAt: nowIso,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** The demo student's history: seats, watch later, classes in progress, completed CE with certificates. */
async function seedStudentRecords(trx: Transaction<DB>, studentId: number, st: PackStudent, now: number): Promise<void> {
  const nowIso = isoAt(now);
  const classOf = (hash: string) => trx.selectFrom('classes').selectAll().where('hash', '=', hash).executeTakeFirstOrThrow();
  const student = await trx.selectFrom('students').select(['firstname', 'lastname', 'agdNumber']).where('id', '=', studentId).executeTakeFirstOrThrow();
  /** a seat row, and the confirmed count that the capacity check reads when it is a reservation */
  const insertSeat = async (classId: number, holderId: number, status: 'reserved' | 'waiting') => {
    await trx.insertInto('seats').values({ classId, studentId: holderId, status, cancelCode: randomHash(18), createdAt: nowIso, updatedAt: nowIso }).execute();
    if (status === 'reserved') await trx.updateTable('classes').set((eb) => ({ seatsTaken: eb('seatsTaken', '+', 1) })).where('id', '=', classId).execute();
  };
  /** a gradebook row: nothing done yet, unless `done` says otherwise */
  const gradebookRow = (at: string, item: { classId?: number; podcastId?: number }, done: Partial<Insertable<DB['gradebook']>> = {}): Insertable<DB['gradebook']> => ({
    studentId, classId: item.classId ?? null, podcastId: item.podcastId ?? null, viewCount: 1, startedAt: null, endedAt: null, attended: null,
    evalTakenAt: null, svaDoneAt: null, surveyDoneAt: null, examTakenAt: null, examScore: null, credits: null, ceTypeId: null, createdAt: at, updatedAt: at, ...done,
  });

  for (const seat of st.seats ?? []) {
    const c = await classOf(seat.class);
    if (seat.waiting) {
      // a waitlist place only means something on a full webinar: fill the free seats with placeholder attendees
      for (let taken = c.seatsTaken; c.capacity !== null && taken < c.capacity; taken++) {
        const fillerId = await insertStudent(
          trx,
          { ...st, username: `demo-attendee-${c.id}-${taken}`, email: `attendee-${c.id}-${taken}@demo.invalid`, agdNumber: undefined, email2: undefined, passwordHash: null },
          nowIso,
        );
        await insertSeat(c.id, fillerId, 'reserved');
      }
      await insertSeat(c.id, studentId, 'waiting');
    } else {
      await insertSeat(c.id, studentId, 'reserved');
    }
  }
  for (const hash of st.watchLater ?? []) {
    await trx.insertInto('queue').values({ studentId, classId: (await classOf(hash)).id, createdAt: nowIso }).execute();
  }
  const dayMs = 24 * 3600 * 1000;
  for (const [i, p] of (st.inProgress ?? []).entries()) {
    const c = await classOf(p.class);
    const at = isoAt(now - (i + 1) * dayMs);
    await trx.insertInto('gradebook').values(gradebookRow(at, { classId: c.id }, { evalTakenAt: p.evalTaken ? at : null })).execute();
    await trx.insertInto('viewEvents').values({ studentId, classId: c.id, podcastId: null, kind: 'view', clientEventId: null, createdAt: at }).execute();
  }
  for (const hash of st.viewedTutorials ?? []) {
    const c = await classOf(hash);
    await trx.insertInto('gradebook').values(gradebookRow(nowIso, { classId: c.id })).execute();
    await trx.insertInto('viewEvents').values({ studentId, classId: c.id, podcastId: null, kind: 'view', clientEventId: null, createdAt: nowIso }).execute();
  }
  for (const done of st.completed ?? []) {
    const at = isoAt(now - done.daysAgo * dayMs);
    const item = done.class
      ? await trx.selectFrom('classes as c').innerJoin('speakers as sp', 'sp.id', 'c.speakerId').select(['c.id', 'c.name', 'c.credits', 'c.ceTypeId', 'c.agdCode', 'sp.name as speaker']).where('c.hash', '=', done.class).executeTakeFirstOrThrow()
      : await trx.selectFrom('podcasts as p').innerJoin('speakers as sp', 'sp.id', 'p.speakerId').select(['p.id', 'p.title as name', 'p.credits', 'p.ceTypeId', 'sp.name as speaker']).where('p.hash', '=', done.podcast!).executeTakeFirstOrThrow();
    const { id: gradebookId } = await trx
      .insertInto('gradebook')
      .values(
        gradebookRow(at, done.class ? { classId: item.id } : { podcastId: item.id }, {
          evalTakenAt: at,
          svaDoneAt: at,
          surveyDoneAt: at,
          examTakenAt: at,
          examScore: done.score,
          credits: Number(item.credits),
          ceTypeId: item.ceTypeId,
        }),
      )
      .returning('id')
      .executeTakeFirstOrThrow();
    // issued as a pass issues it, so the demo's history carries the statements that covered its dates
    await issueCertificate(trx, {
      studentId,
      gradebookId,
      studentName: `${student.firstname} ${student.lastname}`,
      agdNumber: student.agdNumber,
      title: item.name,
      speakerName: item.speaker,
      credits: Number(item.credits),
      ceTypeId: item.ceTypeId,
      agdCode: 'agdCode' in item ? (item.agdCode as string | null) : null,
      at,
    });
  }
}

/** decisions.md "Demo dates": at each start, demo webinars move back to their offsets from now. */
export async function reanchorDemoWebinars(db: Kysely<DB>, now: number): Promise<number> {
  const rows = await db.selectFrom('classes').select(['id', 'demoOffsetMin', 'durationMin']).where('demoOffsetMin', 'is not', null).execute();
  for (const r of rows) {
    const release = now + r.demoOffsetMin! * 60_000;
    await db.updateTable('classes').set({ releaseDate: isoAt(release), endDate: isoAt(release + r.durationMin * 60_000) }).where('id', '=', r.id).execute();
  }
  return rows.length;
}
